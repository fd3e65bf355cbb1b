package dev.locus.jmh.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.Report;
import dev.locus.jmh.report.ResultsReader;
import dev.locus.jmh.report.SeriesStyles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [Dice14]'s part of the report, from result files shaped as JMH writes the elision suite's rows. */
class ElisionReportTest {

    private static final double OPS = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void rowsCarryTheirWorkloadImplementationAndJmhThreads() throws IOException {
        ElisionResults results = read(new JmhJson().getOnly("LOCK_ONLY", 64, 4, OPS).mixed("SWOPT_10", 2, 2 * OPS)
                .unrelated(OPS));
        assertEquals(OPS, results.opsPerSecond(new ElisionWorkload("getOnly", 64), "LOCK_ONLY", 4));
        assertEquals(2 * OPS, results.opsPerSecond(new ElisionWorkload("mixed", 1024), "SWOPT_10", 2));
        assertTrue(Double.isNaN(results.opsPerSecond(new ElisionWorkload("getOnly", 64), "LOCK_ONLY", 2)));
    }

    @Test
    void getOnlyRowsCarryAlesAttemptTimesAndRowsWithoutThemNone() throws IOException {
        ElisionResults results = read(new JmhJson().getOnly("LOCK_ONLY", 4, 2, OPS).attemptTimes(60, 0)
                .getOnly("LOCK_ONLY", 4, 2, OPS).attemptTimes(40, 0)
                .getOnly("SWOPT_10", 4, 2, OPS).attemptTimes(0, 20)
                .getOnly("SWOPT_10", 4, 2, OPS).attemptTimes(0, 30)
                .getOnly("LOCK_ONLY", 64, 1, OPS));
        ElisionWorkload workload = new ElisionWorkload("getOnly", 4);
        assertEquals(List.of(60.0, 40.0), results.lockAttemptNanos(workload, "LOCK_ONLY", 2).values());
        assertEquals(List.of(20.0, 30.0), results.swoptAttemptNanos(workload, "SWOPT_10", 2).values());
        assertTrue(results.swoptAttemptNanos(workload, "LOCK_ONLY", 2).isEmpty(), "no SWOPT attempt timed");
        assertTrue(results.lockAttemptNanos(new ElisionWorkload("getOnly", 64), "LOCK_ONLY", 1).isEmpty(),
                "results older than the counters");
    }

    @Test
    void aCellMeasuredTwiceHasTwoRounds() throws IOException {
        ElisionResults results = read(new JmhJson().getOnly("LOCK_ONLY", 64, 4, OPS).getOnly("LOCK_ONLY", 64, 4, 3 * OPS));
        ElisionWorkload workload = new ElisionWorkload("getOnly", 64);
        assertEquals(List.of(OPS, 3 * OPS), results.rounds(workload, "LOCK_ONLY", 4).values());
        assertEquals(2 * OPS, results.opsPerSecond(workload, "LOCK_ONLY", 4));
    }

    @Test
    void adaptiveIsNotMeasuredWithoutItsRows() throws IOException {
        ElisionResults results = read(new JmhJson().getOnly("LOCK_ONLY", 4, 1, OPS).getOnly("ADAPTIVE", 4, 1, OPS));
        Claim lambda = ElisionClaims.adaptiveWithinBestStatic(read(new JmhJson().getOnly("LOCK_ONLY", 4, 1, OPS)),
                ElisionForm.LAMBDA);
        assertEquals(Verdict.NOT_MEASURED, lambda.verdict());
        assertEquals("not measured: no ADAPTIVE rows", lambda.measured());
        Claim inline = ElisionClaims.adaptiveWithinBestStatic(results, ElisionForm.INLINE);
        assertEquals(Verdict.NOT_MEASURED, inline.verdict(), "results older than the inline form");
        assertEquals("not measured: no ADAPTIVE_INLINE rows", inline.measured());
    }

    @Test
    void theChartsDrawTheInlineFormInItsLambdaTwinsColour() {
        SeriesStyles styles = new SeriesStyles(List.of("LOCK_ONLY", "SWOPT_1", "SWOPT_1_INLINE", "ADAPTIVE_INLINE"),
                name -> false, ElisionForm::lambdaTwin);
        assertEquals(styles.colour("SWOPT_1"), styles.colour("SWOPT_1_INLINE"));
        assertFalse(styles.colour("LOCK_ONLY").equals(styles.colour("SWOPT_1")));
        assertFalse(styles.colour("ADAPTIVE_INLINE").equals(styles.colour("SWOPT_1")), "a twin of its own, unmeasured");
    }

    @Test
    void eachFormsAdaptivePolicyIsHeldAgainstTheStaticPoliciesOfItsOwnForm() throws IOException {
        List<Claim> claims = ElisionClaims.evaluate(read(inRounds(json -> json
                .getOnly("LOCK_ONLY", 4, 1, OPS).getOnly("ADAPTIVE", 4, 1, OPS)
                .getOnly("LOCK_ONLY_INLINE", 4, 1, 3 * OPS).getOnly("SWOPT_1_INLINE", 4, 1, 4 * OPS)
                .getOnly("ADAPTIVE_INLINE", 4, 1, 2 * OPS))));
        assertEquals("Adaptive is within 5% of the best static policy in every cell", claims.get(0).claim());
        assertEquals(Verdict.REPRODUCED, claims.get(0).verdict(), "1× LOCK_ONLY; the inline rows are not its peers");
        assertEquals("Adaptive is within 5% of the best static policy in every cell, inline form", claims.get(1).claim());
        assertEquals(Verdict.CONTRADICTED, claims.get(1).verdict(), claims.get(1).measured());
        assertTrue(claims.get(1).measured().endsWith("(getOnly 4 B, 1 thread, of SWOPT_1_INLINE)"),
                claims.get(1).measured());
    }

    @Test
    void adaptiveWithinFivePercentOfTheBestStaticEverywhereReproduces() throws IOException {
        Claim claim = ElisionClaims.adaptiveWithinBestStatic(read(inRounds(json -> json
                .getOnly("LOCK_ONLY", 4, 1, OPS).getOnly("SWOPT_10", 4, 1, 2 * OPS).getOnly("ADAPTIVE", 4, 1, 2 * OPS)
                .mixed("SWOPT_1", 2, OPS).mixed("ADAPTIVE", 2, 1.2 * OPS)
                .mixed("STAMPED_LOCK", 2, 9 * OPS))), ElisionForm.LAMBDA);
        assertEquals(Verdict.REPRODUCED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().startsWith("adaptive ÷ each static policy, 3 checks: holds in 3, fails in 0,"
                + " open in 0; lowest 1.0"), claim.measured());
        assertTrue(claim.measured().endsWith("(getOnly 4 B, 1 thread, of SWOPT_10)"), claim.measured());
    }

    @Test
    void oneCellBelowNinetyFivePercentIsNotReproducedAndNamed() throws IOException {
        Claim claim = ElisionClaims.adaptiveWithinBestStatic(read(inRounds(json -> json
                .getOnly("SWOPT_10", 4, 1, OPS).getOnly("ADAPTIVE", 4, 1, OPS)
                .mixed("LOCK_ONLY", 8, OPS).mixed("ADAPTIVE", 8, 0.85 * OPS))), ElisionForm.LAMBDA);
        assertEquals(Verdict.CONTRADICTED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().endsWith("(mixed 1024 B, 8 threads, of LOCK_ONLY)"), claim.measured());
    }

    @Test
    void swoptFasterIsJudgedOnAlesAttemptTimesInGetOnlyCellsNotOnThroughput() throws IOException {
        // SWOPT_10's ops/s are below LOCK_ONLY's, yet its successful attempt takes a third of the time.
        Claim claim = ElisionClaims.swoptAboveLock(read(inRounds(attempts(4, 1, 0.9, 60, 20).andThen(
                attempts(4096, 2, 1.0, 36, 20)).andThen(json -> json
                .mixed("SWOPT_10", 2, 0.5 * OPS).mixed("LOCK_ONLY", 2, OPS)))));
        assertEquals(Verdict.REPRODUCED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().matches("time of LOCK_ONLY's successful LOCK attempt ÷ SWOPT_10's successful"
                + " SWOPT attempt, ALE's sampled means, 2 checks: holds in 2, fails in 0, open in 0; lowest 1\\.8\\d×"
                + " \\[.*], 3 rounds \\(getOnly 4096 B, 2 threads\\); highest 3\\.\\d\\d× \\[.*], 3 rounds \\(getOnly 4 B, 1"
                + " thread\\) against the paper's up to 3×; ops/s SWOPT_10 ÷ LOCK_ONLY, for context, 2 checks: .*"),
                claim.measured());
        // The converse: SWOPT_10 1.5× LOCK_ONLY's ops/s, but its successful attempt slower.
        assertEquals(Verdict.CONTRADICTED, ElisionClaims.swoptAboveLock(read(inRounds(attempts(4, 1, 1.5, 27, 30))))
                .verdict());
    }

    @Test
    void swoptAttemptAtLocksTimeOrSlowerContradictsAndAtTheThresholdIsInconclusive() throws IOException {
        assertEquals(Verdict.INCONCLUSIVE, ElisionClaims.swoptAboveLock(read(inRounds(attempts(64, 1, 2, 31.5, 30))))
                .verdict());
        assertEquals(Verdict.CONTRADICTED, ElisionClaims.swoptAboveLock(read(inRounds(attempts(64, 1, 2, 28.5, 30)
                .andThen(attempts(64, 2, 1, 60, 30))))).verdict());
        assertEquals(Verdict.NOT_MEASURED, ElisionClaims.swoptAboveLock(read(new JmhJson()
                .mixed("SWOPT_10", 2, OPS).mixed("LOCK_ONLY", 2, OPS))).verdict());
    }

    @Test
    void resultsWithoutAttemptTimesAreNotMeasuredAndShowTheThroughputOnlyAsContext() throws IOException {
        Claim claim = ElisionClaims.swoptAboveLock(read(inRounds(json -> json.getOnly("SWOPT_10", 4, 1, 3 * OPS)
                .getOnly("LOCK_ONLY", 4, 1, OPS))));
        assertEquals(Verdict.NOT_MEASURED, claim.verdict());
        assertTrue(claim.measured().startsWith("not measured: ALE's attempt times of LOCK_ONLY and SWOPT_10 on getOnly"
                + " (its lockSuccessNanos and swoptSuccessNanos counters); for context, not the paper's measure: ops/s"
                + " SWOPT_10 ÷ LOCK_ONLY, 1 check: holds in 1, fails in 0, open in 0; lowest 3.0"), claim.measured());
    }

    @Test
    void theReportHasPaper003sPartWithTablesRatiosAndAChartPerWorkload() throws IOException {
        JmhJson json = new JmhJson();
        for (int threads : new int[] {1, 2}) {
            json.getOnly("LOCK_ONLY", 4, threads, OPS).attemptTimes(60, 0)
                    .getOnly("SWOPT_10", 4, threads, 1.5 * OPS).attemptTimes(0, 20)
                    .getOnly("UNINSTRUMENTED", 4, threads, 2 * OPS).getOnly("CONCURRENT_HASH_MAP", 4, threads, 4 * OPS)
                    .getOnly("SWOPT_10_INLINE", 4, threads, 3 * OPS)
                    .mixed("LOCK_ONLY", threads, OPS).mixed("SWOPT_10", threads, 1.1 * OPS);
        }
        Path out = Files.createDirectories(directory.resolve("report"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(json.write(directory), out, new PrintStream(console, true, StandardCharsets.UTF_8));
        String report = Files.readString(out.resolve(Report.REPORT_FILE));

        assertTrue(report.contains("# [Dice14]: adaptive lock elision, the HashMap microbenchmark"), report);
        assertTrue(report.contains("HTM: not measured."), report);
        assertTrue(report.contains("""
                | value size | 1 thread | 2 threads |
                | --- | ---: | ---: |
                | 4 B | 1.50× | 1.50× |
                """), report);
        assertTrue(report.contains("""
                | implementation | 1 thread | 2 threads |
                | --- | ---: | ---: |
                | UNINSTRUMENTED | 2.00× | 2.00× |
                | LOCK_ONLY | 1.00× | 1.00× |
                | SWOPT_10 | 1.50× | 1.50× |
                | SWOPT_10_INLINE | 3.00× | 3.00× |
                | CONCURRENT_HASH_MAP | 4.00× | 4.00× |
                """), report);
        assertTrue(report.contains("ALE's inline form"), "the section says what _INLINE means: " + report);
        assertTrue(report.contains("| UNINSTRUMENTED | 2,000,000 ±1% | 2,000,000 ±1% |"), report);
        assertTrue(report.contains("| A successful SWOPT attempt is faster than a LOCK one on get-only |"), report);
        assertTrue(report.contains("""
                LOCK_ONLY's LOCK ÷ SWOPT_10's SWOPT:

                | value size | 1 thread | 2 threads |
                | --- | ---: | ---: |
                | 4 B | 3.00× (60 ns ÷ 20 ns) | 3.00× (60 ns ÷ 20 ns) |
                """), report);
        assertTrue(report.indexOf("get-only, key range 16, 4 B values") < report.indexOf("## mixed 60/20/20"), report);
        for (String chart : List.of("elision-getOnly-4B.png", "elision-mixed-1024B.png")) {
            assertTrue(Files.size(out.resolve(chart)) > 1000, chart);
            assertTrue(report.contains("](" + chart + ")"), report);
        }
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("[Dice14], adaptive against"));
    }

    /**
     * SWOPT_10 and LOCK_ONLY on getOnly: ops/s at {@code ratio} and 1 times OPS, and ALE's mean time
     * of a successful LOCK attempt in LOCK_ONLY and SWOPT attempt in SWOPT_10; the times 1% apart
     * from one round to the next (0.99, 1.00, 1.01 times theirs, in turn).
     */
    private static Consumer<JmhJson> attempts(int valueSize, int threads, double ratio, double lockNanos,
            double swoptNanos) {
        int[] round = {0};
        return json -> {
            double jitter = 1 + 0.01 * (round[0]++ % 3 - 1);
            json.getOnly("SWOPT_10", valueSize, threads, ratio * OPS).attemptTimes(0, swoptNanos * jitter)
                    .getOnly("LOCK_ONLY", valueSize, threads, OPS).attemptTimes(lockNanos / jitter, 0);
        };
    }

    /** Three rounds of {@code cells}, each score within 1% of its value. */
    private static JmhJson inRounds(Consumer<JmhJson> cells) {
        return new JmhJson().inRounds(3, 0.01, cells);
    }

    private ElisionResults read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory)).elision();
    }
}
