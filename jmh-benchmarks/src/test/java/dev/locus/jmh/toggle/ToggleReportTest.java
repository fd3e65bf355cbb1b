package dev.locus.jmh.toggle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Report;
import dev.locus.jmh.report.ResultsReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [Kalikar19]'s part of the report, from result files shaped as JMH writes the Toggle suite's rows. */
class ToggleReportTest {

    private static final double TASKS = 100_000;
    private static final String RR = "roundRobin";
    private static final String TOGGLE = "toggle";
    private static final String DOM = "domLock";

    @TempDir
    Path directory;

    @Test
    void rowsCarryTheirFigureConfigurationAndParams() throws IOException {
        ToggleResults results = read(new JmhJson()
                .toggle("stmBench7", RR, "coarse", 2, Map.of("mix", "readWrite"), TASKS)
                .toggle("skewness", "toggleExclusive", "numLock", 2, Map.of("skewness", "16"), 3 * TASKS)
                .stealing("skewed", TOGGLE, 2 * TASKS, 10, 1.5 * TASKS, 0.5 * TASKS)
                .unrelated(TASKS));
        assertEquals(TASKS, results.tasksPerSecond(ToggleFigure.STMBENCH7, "readWrite", "roundRobin + coarse", 2));
        assertEquals(3 * TASKS, results.tasksPerSecond(ToggleFigure.SKEWNESS, "2 workers", "toggleExclusive", 16));
        ToggleMeasurement stealing = results.find(ToggleFigure.STEALING, "skewed, 2 workers", Names.TOGGLE_DOM_LOCK, 2)
                .orElseThrow();
        assertEquals(0.5 * TASKS, stealing.secondary("worker1"));
        assertEquals(10, stealing.secondary("steals"));
        assertTrue(Double.isNaN(results.tasksPerSecond(ToggleFigure.STMBENCH7, "readWrite", "roundRobin + coarse", 1)));
    }

    @Test
    void aCellMeasuredTwiceHasTwoRoundsAndTheMeanOfTheirCounters() throws IOException {
        ToggleResults results = read(new JmhJson().stealing("skewed", TOGGLE, TASKS, 10, TASKS, 0)
                .stealing("skewed", TOGGLE, 3 * TASKS, 30, TASKS, 2 * TASKS));
        ToggleMeasurement stealing = results.find(ToggleFigure.STEALING, "skewed, 2 workers", Names.TOGGLE_DOM_LOCK, 2)
                .orElseThrow();
        assertEquals(List.of(TASKS, 3 * TASKS), stealing.rounds().values());
        assertEquals(2 * TASKS, stealing.tasksPerSecond());
        assertEquals(20, stealing.secondary("steals"));
        assertEquals(TASKS, stealing.secondary("worker1"));
    }

    @Test
    void aRowWithoutAParamTheReportReadsIsMalformed() throws IOException {
        JmhJson json = new JmhJson().toggle("skewness", TOGGLE, DOM, 2, Map.of(), TASKS);
        IOException e = assertThrows(IOException.class, () -> ResultsReader.read(json.write(directory)));
        assertTrue(e.getMessage().contains("row 0 is malformed: no param skewness"), e.getMessage());
    }

    @Test
    void xmlClaimIsTogglesSpeedupOverRoundRobinsAtTheMostWorkersOfTheLargestDocument() throws IOException {
        // Scale 1.0: Toggle 1.3× round-robin at 1 worker already; round-robin speeds up 1.2×, Toggle 1.5×.
        Pairs json = xml("0.1", 1, 1.0).xml("0.1", 2, 1.03).xml("1.0", 1, 1.0, 1.3).xml("1.0", 2, 1.2, 1.3 * 1.25);
        Claim claim = ToggleClaims.toggleAboveRoundRobinOnXml(read(json));
        assertEquals(Verdict.REPRODUCED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().matches("toggle's speedup from 1 to 2 workers ÷ roundRobin's, scale 1\\.0:"
                + " 1\\.2\\d× \\[.*], 3 rounds; speedups: toggle 1\\.[45]\\d× \\[.*], 3 rounds, roundRobin 1\\.[12]\\d×"
                + " \\[.*], 3 rounds; toggle ÷ roundRobin at 1 worker 1\\.[23]\\d× \\[.*], 3 rounds, at 2 1\\.6\\d× \\[.*],"
                + " 3 rounds \\(means by workers: 1: 1\\.\\d\\d×, 2: 1\\.6\\d×\\)"), claim.measured());
    }

    @Test
    void aLeadToggleHasAtOneWorkerAlreadyIsNotAScalingGain() throws IOException {
        // toggle ÷ roundRobin is 1.4× at 2 workers, well above 1.16×, but it was 1.4× at 1 worker too.
        Claim claim = ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("1.0", 1, 1.0, 1.4).xml("1.0", 2, 1.8, 1.4)));
        assertEquals(Verdict.CONTRADICTED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().matches("toggle's speedup from 1 to 2 workers ÷ roundRobin's, scale 1\\.0:"
                + " (0\\.9\\d|1\\.0\\d)× \\[.*"), claim.measured());
        assertEquals(Verdict.REPRODUCED, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("1.0", 1, 1.0, 0.8)
                .xml("1.0", 2, 1.0, 1.0))).verdict(), "a Toggle slower per task that scales better");
    }

    @Test
    void xmlGainShortOfSixteenPercentContradictsAndAtSixteenIsInconclusive() throws IOException {
        assertEquals(Verdict.CONTRADICTED, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("0.1", 1, 1.0)
                .xml("0.1", 2, 1.10))).verdict());
        assertEquals(Verdict.INCONCLUSIVE, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("0.1", 1, 1.0)
                .xml("0.1", 2, 1.16))).verdict());
        Claim missing = ToggleClaims.toggleAboveRoundRobinOnXml(read(new JmhJson()
                .toggle("xml", TOGGLE, DOM, 2, Map.of("scale", "0.1"), TASKS)));
        assertEquals(Verdict.NOT_MEASURED, missing.verdict());
        assertEquals(Verdict.NOT_MEASURED, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("0.1", 2, 1.5)))
                .verdict(), "no 1-worker base");
        assertEquals(Verdict.NOT_MEASURED, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("0.1", 1, 1.5)))
                .verdict(), "nothing to scale to");
        assertEquals(Verdict.INCONCLUSIVE, ToggleClaims.toggleAboveRoundRobinOnXml(read(xml("0.1", 1, 1.0)
                .xml("0.1", 2, 1.5).oneRound())).verdict(), "one round: no interval");
    }

    @Test
    void toggleAboveDomLockInEveryMultiWorkerCellIsReproducedAndOneWorkerIsIgnored() throws IOException {
        Pairs json = stm("readDominated", 1, 0.5).stm("readDominated", 2, 1.15).stm("writeDominated", 2, 1.3)
                .size(2, 100, 1.12).size(2, 1_000_000, 1.5);
        Claim claim = ToggleClaims.toggleAboveDomLock(read(json));
        assertEquals(Verdict.REPRODUCED, claim.verdict(), claim.measured());
        assertTrue(claim.measured().matches("toggle ÷ roundRobin \\(both DomLock\\) in the cells of Fig\\. 3\\(a\\) and 6\\(a\\),"
                + " 4 checks: holds in 4, fails in 0, open in 0; lowest 1\\.\\d\\d× \\[.*], 3 rounds \\(hierarchySize"
                + " 2 workers, size 100\\)"), claim.measured());
    }

    @Test
    void toggleAtOrBelowDomLockInOneCellContradicts() throws IOException {
        assertEquals(Verdict.CONTRADICTED, ToggleClaims.toggleAboveDomLock(read(stm("readWrite", 2, 1.2)
                .size(2, 1000, 0.9))).verdict());
        assertEquals(Verdict.CONTRADICTED, ToggleClaims.toggleAboveDomLock(read(stm("readWrite", 2, 1.2)
                .size(2, 1000, 1.0))).verdict());
        assertEquals(Verdict.NOT_MEASURED, ToggleClaims.toggleAboveDomLock(read(stm("readWrite", 1, 1.2)))
                .verdict());
    }

    @Test
    void stealingPaysOnlyUnderSkewNeedsAGainUnderSkewAndNoneWithout() throws IOException {
        Claim reproduced = ToggleClaims.stealingPaysOnlyUnderSkew(read(stealing(1.30, 1.0)));
        assertEquals(Verdict.REPRODUCED, reproduced.verdict(), reproduced.measured());
        assertTrue(reproduced.measured().matches("stealing on ÷ off at 2 workers: skewed 1\\.\\d\\d× \\[.*], 3 rounds;"
                + " uniform \\d\\.\\d\\d× \\[.*], 3 rounds \\(tied\\)"), reproduced.measured());
        assertEquals(Verdict.CONTRADICTED, ToggleClaims.stealingPaysOnlyUnderSkew(read(stealing(1.01, 0.99)))
                .verdict());
        assertEquals(Verdict.CONTRADICTED, ToggleClaims.stealingPaysOnlyUnderSkew(read(stealing(1.30, 1.2)))
                .verdict());
        assertEquals(Verdict.INCONCLUSIVE, ToggleClaims.stealingPaysOnlyUnderSkew(read(stealing(1.30, 1.05)))
                .verdict());
        assertEquals(Verdict.NOT_MEASURED, ToggleClaims.stealingPaysOnlyUnderSkew(read(new JmhJson()
                .stealing("skewed", TOGGLE, TASKS, 0, TASKS, TASKS))).verdict());
    }

    @Test
    void theReportHasPaper000sPartWithTablesRatiosWorkerSharesAndAChartPerFigure() throws IOException {
        JmhJson json = xml("0.1", 1, 1.0).xml("0.1", 2, 1.2).oneRound();
        for (String lockManager : new String[] {"coarse", "intention", DOM}) {
            json.toggle("stmBench7", RR, lockManager, 2, Map.of("mix", "readWrite"), TASKS);
        }
        json.toggle("stmBench7", TOGGLE, DOM, 2, Map.of("mix", "readWrite"), 1.5 * TASKS)
                .toggle("nodesPerTask", RR, DOM, 2, Map.of("nodes", "1"), TASKS)
                .toggle("nodesPerTask", TOGGLE, DOM, 2, Map.of("nodes", "1"), 0.5 * TASKS)
                .toggle("nodesPerTask", RR, DOM, 2, Map.of("nodes", "8"), 0.01 * TASKS)
                .toggle("nodesPerTask", TOGGLE, DOM, 2, Map.of("nodes", "8"), 0.02 * TASKS)
                .stealing("skewed", TOGGLE, 2 * TASKS, 0.25 * TASKS, 1.5 * TASKS, 0.5 * TASKS)
                .stealing("skewed", "toggleNoSteal", TASKS, 0, TASKS, 0);
        Path out = Files.createDirectories(directory.resolve("report"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(json.write(directory), out, new PrintStream(console, true, StandardCharsets.UTF_8));
        String report = Files.readString(out.resolve(Report.REPORT_FILE));

        assertTrue(report.contains("# [Kalikar19]: Toggle, contention-aware scheduling of hierarchical tasks"), report);
        assertTrue(report.contains("""
                | configuration | workers 2 |
                | --- | ---: |
                | roundRobin + coarse | 100,000 ±1% (1.00×) |
                | roundRobin + intention | 100,000 ±1% (1.00×) |
                | roundRobin + domLock | 100,000 ±1% |
                | toggle + domLock | 150,000 ±1% (1.50×) |
                """), report);
        assertTrue(report.contains("""
                | configuration | nodes per task 1 | nodes per task 8 |
                | --- | ---: | ---: |
                | roundRobin + domLock | 100,000 ±1% | 1,000 ±1% |
                | toggle + domLock | 50,000 ±1% (0.50×) | 2,000 ±1% (2.00×) |
                """), report);
        assertTrue(report.contains("""
                | configuration | tasks/s | worker 0 | worker 1 | stolen |
                | --- | ---: | ---: | ---: | ---: |
                | toggle + domLock | 200,000 ±1% | 75.00% | 25.00% | 12.50% |
                | toggleNoSteal + domLock | 100,000 ±1% | 100.00% | 0.00% | 0.00% |
                """), report);
        assertTrue(report.contains("| Toggle scales at least 16% better than round-robin on the XML hierarchy |"), report);
        assertTrue(report.contains("## Figure 4(a) — skewness, 1M-node 4-ary tree"), report);
        assertTrue(report.contains("Not measured: the results have no rows for this figure."), report);
        for (String chart : new String[] {"toggle-fig3a-stmBench7.png", "toggle-fig3b-xml.png",
            "toggle-fig4b-nodesPerTask.png", "toggle-fig5-stealing.png"}) {
            assertTrue(Files.size(out.resolve(chart)) > 1000, chart);
            assertTrue(report.contains("](" + chart + ")"), report);
        }
        assertTrue(Files.notExists(out.resolve("toggle-fig4a-skewness.png")), "no chart without data");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("[Kalikar19], Toggle against"));
    }

    private static Pairs xml(String scale, int workers, double ratio) {
        return new Pairs().xml(scale, workers, ratio);
    }

    private static Pairs xml(String scale, int workers, double speedup, double ratio) {
        return new Pairs().xml(scale, workers, speedup, ratio);
    }

    private static Pairs stm(String mix, int workers, double ratio) {
        return new Pairs().stm(mix, workers, ratio);
    }

    /** Result rows in pairs: round-robin + DomLock at TASKS, Toggle + DomLock at a ratio to it. */
    private static final class Pairs {

        private final List<Consumer<JmhJson>> pairs = new ArrayList<>();

        /** Every pair once, exactly. */
        JmhJson oneRound() {
            return new JmhJson().inRounds(1, 0, this::write);
        }

        /** Every pair in three rounds, each score within 1% of its value. */
        JmhJson threeRounds() {
            return new JmhJson().inRounds(3, 0.01, this::write);
        }

        private void write(JmhJson json) {
            pairs.forEach(pair -> pair.accept(json));
        }

        Pairs xml(String scale, int workers, double ratio) {
            return pair("xml", workers, Map.of("scale", scale), ratio);
        }

        /** Round-robin at {@code speedup} times TASKS, Toggle at {@code ratio} times that. */
        Pairs xml(String scale, int workers, double speedup, double ratio) {
            pairs.add(json -> json.toggle("xml", RR, DOM, workers, Map.of("scale", scale), speedup * TASKS)
                    .toggle("xml", TOGGLE, DOM, workers, Map.of("scale", scale), speedup * ratio * TASKS));
            return this;
        }

        Pairs stm(String mix, int workers, double ratio) {
            return pair("stmBench7", workers, Map.of("mix", mix), ratio);
        }

        Pairs size(int workers, int size, double ratio) {
            return pair("hierarchySize", workers, Map.of("size", Integer.toString(size)), ratio);
        }

        private Pairs pair(String method, int workers, Map<String, String> params, double ratio) {
            pairs.add(json -> json.toggle(method, RR, DOM, workers, params, TASKS).toggle(method, TOGGLE, DOM, workers,
                    params, ratio * TASKS));
            return this;
        }
    }

    private static JmhJson stealing(double skewedRatio, double uniformRatio) {
        return new JmhJson().inRounds(3, 0.01, json -> json
                .stealing("uniform", TOGGLE, uniformRatio * TASKS, 0, TASKS, TASKS)
                .stealing("uniform", "toggleNoSteal", TASKS, 0, TASKS, TASKS)
                .stealing("skewed", TOGGLE, skewedRatio * TASKS, 0, TASKS, TASKS)
                .stealing("skewed", "toggleNoSteal", TASKS, 0, TASKS, TASKS));
    }

    private ToggleResults read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory)).toggle();
    }

    private ToggleResults read(Pairs pairs) throws IOException {
        return read(pairs.threeRounds());
    }
}
