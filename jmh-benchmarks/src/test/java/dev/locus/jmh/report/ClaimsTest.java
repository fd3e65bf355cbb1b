package dev.locus.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClaimsTest {

    private static final double RR = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void fixedAheadByAQuarterAtEveryWorkerCountReproducesClaimOne() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(new JmhJson()
                .dictionary("hashTable", "uniform", "roundRobin", 1, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 1, 0.5 * RR)
                .dictionary("hashTable", "uniform", "roundRobin", 2, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 2, 1.25 * RR)
                .dictionary("hashTable", "uniform", "roundRobin", 4, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 4, 1.4 * RR)));

        assertEquals(Verdict.REPRODUCED, claim.verdict(), "one worker is not compared");
        assertEquals("fixedRange/roundRobin 1.25× at 2, 1.40× at 4 workers", claim.measured());
    }

    @Test
    void fixedWithinFivePercentIsTied() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(uniformHashTable(1.02, 0.97)));

        assertEquals(Verdict.TIED, claim.verdict());
    }

    @Test
    void fixedAheadAtTwoWorkersOnlyDoesNotReproduceClaimOne() throws IOException {
        Claim claim = Claims.fixedBeatsRoundRobinOnUniformHashTable(read(uniformHashTable(1.25, 1.0)));

        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict());
        assertEquals("fixedRange/roundRobin 1.25× at 2, 1.00× at 4 workers", claim.measured());
    }

    @Test
    void everyClaimWithoutItsDataIsNotMeasured() throws IOException {
        List<Claim> claims = Claims.evaluate(read(new JmhJson()
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
        Results results = read(new JmhJson()
                .dictionary("hashTable", "exponential", "fixedRange", 1, RR)
                .dictionary("hashTable", "exponential", "adaptive", 1, RR)
                .dictionary("hashTable", "exponential", "fixedRange", 2, 1.1 * RR)
                .dictionary("hashTable", "exponential", "adaptive", 2, 1.9 * RR)
                .dictionary("hashTable", "exponential", "fixedRange", 8, 1.05 * RR)
                .dictionary("hashTable", "exponential", "adaptive", 8, 4 * RR)
                .dictionary("hashTable", "exponential", "roundRobin", 16, 8 * RR));

        Claim claim = Claims.fixedStopsScalingOnExponential(results, Structure.HASH_TABLE);

        assertEquals(Verdict.REPRODUCED, claim.verdict());
        assertEquals("speedup from 1 to 8 workers: fixedRange 1.05×, adaptive 4.00×;"
                + " fixedRange/adaptive at 8: 0.26×",
                claim.measured(), "the most workers where both were measured");
        assertEquals(Verdict.NOT_MEASURED,
                Claims.fixedStopsScalingOnExponential(results, Structure.RED_BLACK_TREE).verdict());
    }

    @Test
    void scalingFixedDoesNotReproduceClaimTwo() throws IOException {
        Claim claim = Claims.fixedStopsScalingOnExponential(read(new JmhJson()
                .dictionary("sortedList", "exponential", "fixedRange", 1, RR)
                .dictionary("sortedList", "exponential", "adaptive", 1, RR)
                .dictionary("sortedList", "exponential", "fixedRange", 4, 3 * RR)
                .dictionary("sortedList", "exponential", "adaptive", 4, 3.5 * RR)), Structure.SORTED_LIST);

        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict());
        assertTrue(claim.claim().endsWith("sorted list"), claim.claim());
    }

    @Test
    void claimTwoNeedsOneWorker() throws IOException {
        Claim claim = Claims.fixedStopsScalingOnExponential(read(new JmhJson()
                .dictionary("hashTable", "exponential", "fixedRange", 2, RR)
                .dictionary("hashTable", "exponential", "adaptive", 2, RR)
                .dictionary("hashTable", "exponential", "fixedRange", 4, RR)
                .dictionary("hashTable", "exponential", "adaptive", 4, 2 * RR)), Structure.HASH_TABLE);

        assertEquals(Verdict.NOT_MEASURED, claim.verdict());
    }

    @Test
    void adaptiveLosingOneCellOfNineIsNamed() throws IOException {
        JmhJson json = paperExecutorsOnTheHashTable("exponential", 4, 0.8)
                .dictionary("hashTable", "uniform", "threadPool", 2, 1.5 * RR);

        Claim claim = Claims.adaptiveBestOrTiedBest(read(json));

        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict());
        assertEquals("among roundRobin, fixedRange, adaptive: 8 of 9 cells (worst: hash table, exponential,"
                + " 4 workers, 0.80× of roundRobin); among all executors measured: 7 of 9 cells (worst: hash table,"
                + " uniform, 2 workers, 0.73× of threadPool)", claim.measured());
    }

    @Test
    void adaptiveWithinFivePercentOfTheBestIsTiedBest() throws IOException {
        JmhJson json = paperExecutorsOnTheHashTable("gaussian", 8, 0.97)
                .dictionary("hashTable", "gaussian", "roundRobin", 1, RR)
                .dictionary("hashTable", "gaussian", "fixedRange", 1, RR)
                .dictionary("hashTable", "gaussian", "adaptive", 1, 0.5 * RR);

        Claim claim = Claims.adaptiveBestOrTiedBest(read(json));

        assertEquals(Verdict.REPRODUCED, claim.verdict(), "one worker is not compared");
        assertTrue(claim.measured().startsWith("among roundRobin, fixedRange, adaptive: 9 of 9 cells (closest:"
                + " hash table, Gaussian, 8 workers, 0.97× of roundRobin)"), claim.measured());
    }

    @Test
    void adaptiveAheadOfRoundRobinAtTheMostWorkersReproducesClaimFour() throws IOException {
        Claim claim = Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(read(new JmhJson()
                .dictionary("sortedList", "exponential", "roundRobin", 2, RR)
                .dictionary("sortedList", "exponential", "adaptive", 2, RR)
                .dictionary("sortedList", "exponential", "roundRobin", 8, RR)
                .dictionary("sortedList", "exponential", "adaptive", 8, 1.3 * RR)));

        assertEquals(Verdict.REPRODUCED, claim.verdict());
        assertEquals("adaptive/roundRobin 1.00× at 2, 1.30× at 8 workers", claim.measured());
    }

    @Test
    void claimFourSaysWhenTheRunStoppedShortOfThePapersWorkers() throws IOException {
        Claim claim = Claims.adaptiveBeatsRoundRobinOnExponentialSortedList(read(new JmhJson()
                .dictionary("sortedList", "exponential", "roundRobin", 4, RR)
                .dictionary("sortedList", "exponential", "adaptive", 4, 1.02 * RR)));

        assertEquals(Verdict.NOT_REPRODUCED, claim.verdict());
        assertEquals("adaptive/roundRobin 1.02× at 4 workers (the paper's gap is above 6 workers)", claim.measured());
        assertFalse(claim.measured().contains("not measured"));
    }

    /** fixedRange at {@code atTwo} and {@code atFour} times roundRobin on the uniform hash table. */
    private static JmhJson uniformHashTable(double atTwo, double atFour) {
        return new JmhJson()
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
    private static JmhJson paperExecutorsOnTheHashTable(String oddDistribution, int oddWorkers, double adaptive) {
        JmhJson json = new JmhJson();
        for (String distribution : List.of("uniform", "gaussian", "exponential")) {
            for (int workers : new int[] {2, 4, 8}) {
                boolean odd = distribution.equals(oddDistribution) && workers == oddWorkers;
                json.dictionary("hashTable", distribution, "roundRobin", workers, RR)
                        .dictionary("hashTable", distribution, "fixedRange", workers, RR)
                        .dictionary("hashTable", distribution, "adaptive", workers, (odd ? adaptive : 1.1) * RR);
            }
        }
        return json;
    }

    private Results read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory));
    }
}
