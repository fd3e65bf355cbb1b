package dev.locus.jmh.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.ResultsReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [Bai06]'s claims from result files of three rounds with 1% noise, unless a test says otherwise. */
class ClaimsTest {

    private static final double RR = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void fixedAheadByAQuarterAtEveryWorkerCountReproducesClaimOne() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(json -> json
                .dictionary("hashTable", "uniform", "roundRobin", 1, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 1, 0.5 * RR)
                .dictionary("hashTable", "uniform", "roundRobin", 2, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 2, 1.25 * RR)
                .dictionary("hashTable", "uniform", "roundRobin", 4, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 4, 1.4 * RR)));

        assertEquals(Verdict.REPRODUCED, claim.verdict(), "one worker is not compared");
        assertTrue(claim.measured().matches("fixedRange/roundRobin 1\\.2\\d× \\[1\\.\\d\\d, 1\\.\\d\\d], 3 rounds at 2"
                + " workers; 1\\.[34]\\d× \\[.*], 3 rounds at 4 workers"), claim.measured());
    }

    @Test
    void fixedWithinFivePercentContradictsClaimOne() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(uniformHashTable(1.0, 0.98)));

        assertEquals(Verdict.CONTRADICTED, claim.verdict(), claim.measured());
    }

    @Test
    void fixedAheadAtTwoWorkersOnlyContradictsClaimOne() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(uniformHashTable(1.25, 1.0)));

        assertEquals(Verdict.CONTRADICTED, claim.verdict());
    }

    @Test
    void noiseAsWideAsTheGapIsInconclusive() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(new JmhJson()
                .inRounds(3, 0.2, uniformHashTable(1.1, 1.1))));

        assertEquals(Verdict.INCONCLUSIVE, claim.verdict(), claim.measured());
    }

    @Test
    void oneRoundGivesNoIntervalAndNoVerdict() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(new JmhJson()
                .inRounds(1, 0, uniformHashTable(1.5, 1.5))));

        assertEquals(Verdict.INCONCLUSIVE, claim.verdict());
        assertEquals("fixedRange/roundRobin 1.50× (1 round, no interval) at 2 workers; 1.50× (1 round, no interval)"
                + " at 4 workers", claim.measured());
    }

    @Test
    void everyClaimWithoutItsDataIsNotMeasured() throws IOException {
        List<Claim> claims = Claims.evaluate(read(json -> json
                .overhead("adaptive", 2, RR)
                .dictionary("hashTable", "uniform", "adaptive", 1, RR)));

        assertEquals(6, claims.size(), "claims 1, 2 for each structure, 3 and 4");
        for (Claim claim : claims) {
            assertEquals(Verdict.NOT_MEASURED, claim.verdict(), claim.claim());
            assertTrue(claim.measured().startsWith("not measured: "), claim.measured());
        }
    }

    @Test
    void flatFixedBesideScalingAdaptiveReproducesClaimTwo() throws IOException {
        Results results = read(json -> json
                .dictionary("hashTable", "exponential", "fixedRange", 1, RR)
                .dictionary("hashTable", "exponential", "adaptive", 1, RR)
                .dictionary("hashTable", "exponential", "fixedRange", 2, 1.1 * RR)
                .dictionary("hashTable", "exponential", "adaptive", 2, 1.9 * RR)
                .dictionary("hashTable", "exponential", "fixedRange", 8, 0.95 * RR)
                .dictionary("hashTable", "exponential", "adaptive", 8, 4 * RR)
                .dictionary("hashTable", "exponential", "roundRobin", 16, 8 * RR));

        Claim claim = Claims.fixedStopsScalingOnExponential(results, Structure.HASH_TABLE);

        assertEquals(Verdict.REPRODUCED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().startsWith("fixedRange's speedup from 1 to 8 workers 0.9"), claim.measured());
        assertEquals(Verdict.NOT_MEASURED,
                Claims.fixedStopsScalingOnExponential(results, Structure.RED_BLACK_TREE).verdict());
    }

    @Test
    void scalingFixedContradictsClaimTwo() throws IOException {
        Claim claim = Claims.fixedStopsScalingOnExponential(read(json -> json
                .dictionary("sortedList", "exponential", "fixedRange", 1, RR)
                .dictionary("sortedList", "exponential", "adaptive", 1, RR)
                .dictionary("sortedList", "exponential", "fixedRange", 4, 3 * RR)
                .dictionary("sortedList", "exponential", "adaptive", 4, 3.5 * RR)), Structure.SORTED_LIST);

        assertEquals(Verdict.CONTRADICTED, claim.verdict());
        assertTrue(claim.claim().endsWith("sorted list"), claim.claim());
    }

    @Test
    void claimTwoNeedsOneWorker() throws IOException {
        Claim claim = Claims.fixedStopsScalingOnExponential(read(json -> json
                .dictionary("hashTable", "exponential", "fixedRange", 2, RR)
                .dictionary("hashTable", "exponential", "adaptive", 2, RR)
                .dictionary("hashTable", "exponential", "fixedRange", 4, RR)
                .dictionary("hashTable", "exponential", "adaptive", 4, 2 * RR)), Structure.HASH_TABLE);

        assertEquals(Verdict.NOT_MEASURED, claim.verdict());
    }

    @Test
    void adaptiveLosingOneCellOfNineIsNamed() throws IOException {
        Claim claim = Claims.adaptiveBestOrTiedBest(read(paperExecutorsOnTheHashTable("exponential", 4, 0.8)
                .andThen(json -> json.dictionary("hashTable", "uniform", "threadPool", 2, 1.5 * RR))));

        assertEquals(Verdict.CONTRADICTED, claim.verdict());
        assertTrue(claim.measured().startsWith("adaptive ÷ roundRobin and ÷ fixedRange, 18 checks: holds in 16,"
                + " fails in 2, open in 0; lowest 0.8"), claim.measured());
        assertTrue(claim.measured().contains("(hash table, exponential, 4 workers, of "), claim.measured());
        assertTrue(claim.measured().contains("adaptive ÷ every executor measured (contradicted), 19 checks"),
                claim.measured());
    }

    @Test
    void adaptiveWithinFivePercentOfTheBestIsTiedBest() throws IOException {
        Claim claim = Claims.adaptiveBestOrTiedBest(read(paperExecutorsOnTheHashTable("gaussian", 8, 0.99)
                .andThen(json -> json
                        .dictionary("hashTable", "gaussian", "roundRobin", 1, RR)
                        .dictionary("hashTable", "gaussian", "fixedRange", 1, RR)
                        .dictionary("hashTable", "gaussian", "adaptive", 1, 0.5 * RR))));

        assertEquals(Verdict.REPRODUCED, claim.verdict(), "one worker is not compared: " + claim.measured());
    }

    @Test
    void adaptiveAheadOfRoundRobinAtTheMostWorkersReproducesClaimFour() throws IOException {
        Claim claim = Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(read(json -> json
                .dictionary("sortedList", "exponential", "roundRobin", 2, RR)
                .dictionary("sortedList", "exponential", "adaptive", 2, RR)
                .dictionary("sortedList", "exponential", "roundRobin", 8, RR)
                .dictionary("sortedList", "exponential", "adaptive", 8, 1.3 * RR)));

        assertEquals(Verdict.REPRODUCED, claim.verdict());
        assertTrue(claim.measured().matches("adaptive/roundRobin 1\\.[23]\\d× \\[.*"), claim.measured());
        assertTrue(claim.measured().endsWith(", 3 rounds at 8 workers"), claim.measured());
    }

    @Test
    void claimFourReadsNoWorkerCountOfSixOrFewer() throws IOException {
        Claim claim = Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(read(json -> json
                .dictionary("sortedList", "exponential", "roundRobin", 4, RR)
                .dictionary("sortedList", "exponential", "adaptive", 4, 1.0 * RR)));

        assertEquals(Verdict.NOT_MEASURED, claim.verdict());
        assertEquals("not measured: adaptive and roundRobin on sortedList/exponential at more than 6 workers",
                claim.measured());
    }

    @Test
    void onTwoCoresTheClaimsAboutMoreWorkersAreNotTestableAndTheOthersReadTwo() throws IOException {
        Results results = read(new JmhJson().processors(2).inRounds(3, 0.01, json -> {
            uniformHashTable(1.3, 0.9).accept(json);
            json.dictionary("hashTable", "exponential", "fixedRange", 1, RR)
                    .dictionary("hashTable", "exponential", "adaptive", 1, RR)
                    .dictionary("hashTable", "exponential", "fixedRange", 4, RR)
                    .dictionary("hashTable", "exponential", "adaptive", 4, 3 * RR)
                    .dictionary("sortedList", "exponential", "roundRobin", 8, RR)
                    .dictionary("sortedList", "exponential", "adaptive", 8, 1.3 * RR);
        }));

        Claim scaling = Claims.fixedStopsScalingOnExponential(results, Structure.HASH_TABLE);
        assertEquals(Verdict.NOT_TESTABLE, scaling.verdict(), scaling.measured());
        assertEquals("not testable here: the claim is about more than 2 workers, each on a core, and this machine has"
                + " 2 processors", scaling.measured());
        assertEquals(Verdict.NOT_TESTABLE, Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(results).verdict());
        Claim fixed = Claims.fixedBeatsRoundRobinOnUniformHashTable(results);
        assertEquals(Verdict.REPRODUCED, fixed.verdict(), "4 workers, where fixed loses, time-slice: " + fixed.measured());
        Claim best = Claims.adaptiveBestOrTiedBest(read(new JmhJson().processors(2)
                .inRounds(3, 0.01, paperExecutorsOnTheHashTable("exponential", 4, 0.5))));
        assertEquals(Verdict.REPRODUCED, best.verdict(), "adaptive's loss at 4 workers is not read: " + best.measured());
    }

    @Test
    void withMoreCoresTheClaimsReadEveryWorkerCountTheyHaveCoresFor() throws IOException {
        Results results = read(new JmhJson().processors(16).inRounds(3, 0.01, json -> {
            uniformHashTable(1.3, 0.9).accept(json);
            json.dictionary("sortedList", "exponential", "roundRobin", 8, RR)
                    .dictionary("sortedList", "exponential", "adaptive", 8, 1.3 * RR)
                    .dictionary("sortedList", "exponential", "roundRobin", 32, RR)
                    .dictionary("sortedList", "exponential", "adaptive", 32, 0.5 * RR);
        }));

        assertEquals(Verdict.CONTRADICTED, Claims.fixedBeatsRoundRobinOnUniformHashTable(results).verdict());
        Claim gap = Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(results);
        assertEquals(Verdict.REPRODUCED, gap.verdict(), "32 workers on 16 processors are not read: " + gap.measured());
        assertTrue(gap.measured().endsWith("3 rounds at 8 workers"), gap.measured());
    }

    /** fixedRange at {@code atTwo} and {@code atFour} times roundRobin on the uniform hash table. */
    private static Consumer<JmhJson> uniformHashTable(double atTwo, double atFour) {
        return json -> json
                .dictionary("hashTable", "uniform", "roundRobin", 2, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 2, atTwo * RR)
                .dictionary("hashTable", "uniform", "roundRobin", 4, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 4, atFour * RR);
    }

    /**
     * Nine cells, three distributions at 2, 4 and 8 workers, with roundRobin and fixedRange at
     * {@link #RR} and adaptive at 1.1 times that, except in one cell, where it is {@code adaptive}
     * times.
     */
    private static Consumer<JmhJson> paperExecutorsOnTheHashTable(String oddDistribution, int oddWorkers,
            double adaptive) {
        return json -> {
            for (String distribution : List.of("uniform", "gaussian", "exponential")) {
                for (int workers : new int[] {2, 4, 8}) {
                    boolean odd = distribution.equals(oddDistribution) && workers == oddWorkers;
                    json.dictionary("hashTable", distribution, "roundRobin", workers, RR)
                            .dictionary("hashTable", distribution, "fixedRange", workers, RR)
                            .dictionary("hashTable", distribution, "adaptive", workers, (odd ? adaptive : 1.1) * RR);
                }
            }
        };
    }

    /** The results of three rounds of {@code cells}, each score within 1% of its value. */
    private Results read(Consumer<JmhJson> cells) throws IOException {
        return read(new JmhJson().inRounds(3, 0.01, cells));
    }

    private Results read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory));
    }
}
