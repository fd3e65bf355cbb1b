package dev.locus.jmh.oversubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.ResultsReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OversubscriptionClaimsTest {

    private static final double RATE = 400_000;

    @TempDir
    Path directory;

    @Test
    void lutsHoldingWhileBasicFallsReproducesTheClaimAndSaysByHowMuch() throws IOException {
        Claim claim = claim(Workload.SKIP_LIST, json -> json
                .oversubscription("skipList", "basic", 2, RATE, 10)
                .oversubscription("skipList", "basic", 64, 0.5 * RATE, 900)
                .oversubscription("skipList", "yielding", 2, RATE, 10)
                .oversubscription("skipList", "yielding", 64, 0.75 * RATE, 100)
                .oversubscription("skipList", "luts", 2, 0.9 * RATE, 10)
                .oversubscription("skipList", "luts", 64, 0.9 * RATE, 10));

        assertEquals(Verdict.REPRODUCED, claim.verdict());
        assertTrue(claim.measured().matches("64/2 threads \\(2 processors\\): luts 1\\.0\\d× \\[.*], 3 rounds, basic 0\\.5\\d× \\[.*], 3 rounds,"
                + " yielding \\(best plain at 64\\) 0\\.7\\d× .*; at 64 threads luts/basic 1\\.8\\d× .*, luts/yielding"
                + " 1\\.2\\d× .*"), claim.measured());
        assertTrue(claim.claim().endsWith("skip list, 16K keys, 20% updates"), claim.claim());
    }

    @Test
    void onSixteenCoresTheBaseIsSixteenThreadsNotTwo() throws IOException {
        Claim claim = claim(Workload.SKIP_LIST, 16, json -> json
                .oversubscription("skipList", "basic", 2, 0.2 * RATE, 0)
                .oversubscription("skipList", "basic", 16, RATE, 0)
                .oversubscription("skipList", "basic", 64, 0.5 * RATE, 0)
                .oversubscription("skipList", "luts", 2, 0.2 * RATE, 0)
                .oversubscription("skipList", "luts", 16, RATE, 0)
                .oversubscription("skipList", "luts", 64, RATE, 0));

        assertEquals(Verdict.REPRODUCED, claim.verdict(), "against 2 threads both would have grown: " + claim.measured());
        assertTrue(claim.measured().startsWith("64/16 threads (16 processors): luts 1.0"), claim.measured());
    }

    @Test
    void withNoThreadCountAboveTheCoresTheClaimIsNotTestable() throws IOException {
        Claim claim = claim(Workload.SKIP_LIST, 64, lutsAndBasic("skipList", 1.0, 0.5));

        assertEquals(Verdict.NOT_TESTABLE, claim.verdict());
        assertEquals("not testable here: no thread count above this machine's 64 processors was measured for luts and"
                + " basic on skipList", claim.measured());
    }

    @Test
    void withoutTheMachinesProcessorsTheClaimIsNotTestable() throws IOException {
        Claim claim = OversubscriptionClaims.lutsKeepsItsThroughput(ResultsReader.read(new JmhJson()
                .inRounds(3, 0.01, lutsAndBasic("skipList", 1.0, 0.5)).write(directory)), Workload.SKIP_LIST);

        assertEquals(Verdict.NOT_TESTABLE, claim.verdict(), claim.measured());
    }

    @Test
    void basicHoldingContradictsTheClaimAndAsTheBestPlainIsNotRepeated() throws IOException {
        Claim claim = claim(Workload.COUNTER_ARRAY, lutsAndBasic("counterArray", 1.0, 1.0));

        assertEquals(Verdict.CONTRADICTED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().matches("64/2 threads \\(2 processors\\): luts [^;]*, basic [^;]*; at 64 threads luts/basic [^;]*"),
                claim.measured());
    }

    @Test
    void lutsFallingBelowNinetyPercentContradictsTheClaim() throws IOException {
        Claim claim = claim(Workload.LINKED_LIST_8K, lutsAndBasic("linkedList8k", 0.8, 0.5));

        assertEquals(Verdict.CONTRADICTED, claim.verdict());
    }

    @Test
    void lutsCloseToNinetyPercentIsInconclusive() throws IOException {
        Claim claim = claim(Workload.LINKED_LIST_8K, lutsAndBasic("linkedList8k", 0.9, 0.5));

        assertEquals(Verdict.INCONCLUSIVE, claim.verdict(), claim.measured());
    }

    @Test
    void theMostThreadsWhereBothWereMeasuredAreCompared() throws IOException {
        Claim claim = claim(Workload.RED_BLACK_TREE, lutsAndBasic("redBlackTree", 1.0, 0.5).andThen(json -> json
                .oversubscription("redBlackTree", "luts", 8, RATE, 0)
                .oversubscription("redBlackTree", "basic", 8, RATE, 0)
                .oversubscription("redBlackTree", "luts", 128, RATE, 0)));

        assertTrue(claim.measured().startsWith("64/2 threads (2 processors):"), claim.measured());
    }

    @Test
    void everyWorkloadWithoutLutsAndBasicAtTwoAndMoreThreadsIsNotMeasured() throws IOException {
        List<Claim> claims = OversubscriptionClaims.evaluate(ResultsReader.read(new JmhJson().processors(2)
                .oversubscription("redBlackTree", "luts", 2, RATE, 0)
                .oversubscription("redBlackTree", "luts", 64, RATE, 0)
                .oversubscription("redBlackTree", "basic", 64, RATE, 0)
                .write(directory)));

        assertEquals(Workload.values().length, claims.size(), "one claim per workload");
        for (Claim claim : claims) {
            assertEquals(Verdict.NOT_MEASURED, claim.verdict(), claim.claim());
        }
        assertEquals("not measured: luts and basic on redBlackTree at 2 threads or fewer, one per processor",
                claims.get(0).measured());
    }

    /** luts and basic at 2 threads at {@link #RATE}, and at 64 at {@code luts} and {@code basic} times that. */
    private static Consumer<JmhJson> lutsAndBasic(String workload, double luts, double basic) {
        return json -> json
                .oversubscription(workload, "basic", 2, RATE, 0)
                .oversubscription(workload, "basic", 64, basic * RATE, 0)
                .oversubscription(workload, "luts", 2, RATE, 0)
                .oversubscription(workload, "luts", 64, luts * RATE, 0);
    }

    /** The claim on two cores, from three rounds of {@code cells}, each score within 1% of its value. */
    private Claim claim(Workload workload, Consumer<JmhJson> cells) throws IOException {
        return claim(workload, 2, cells);
    }

    /** The claim on {@code processors}, from three rounds of {@code cells}, each score within 1% of its value. */
    private Claim claim(Workload workload, int processors, Consumer<JmhJson> cells) throws IOException {
        return OversubscriptionClaims.lutsKeepsItsThroughput(ResultsReader.read(new JmhJson().processors(processors)
                .inRounds(3, 0.01, cells).write(directory)), workload);
    }
}
