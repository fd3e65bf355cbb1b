package dev.locus.jmh.toggle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.Report;
import dev.locus.jmh.report.ResultsReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Toggle + STM part of the report, from result files shaped as JMH writes the Toggle + STM suite's rows. */
class ToggleStmReportTest {

    private static final double COMMITS = 100_000;
    /** Per-round factors of a Toggle scheduler over round-robin: wholly above 1, wholly below, across. */
    private static final double[] ABOVE = {1.50, 1.60, 1.55};
    private static final double[] BELOW = {0.70, 0.72, 0.69};
    private static final double[] ACROSS = {0.90, 1.10, 1.00};
    private static final ToggleStmWorkload READ_WRITE = new ToggleStmWorkload("stmBench7", "readWrite");
    private static final ToggleStmWorkload XML = new ToggleStmWorkload("xml", "0.1");

    @TempDir
    Path directory;

    @Test
    void rowsCarryTheirHierarchySchedulerWorkersAndAbortsPerCommit() throws IOException {
        ToggleStmResults results = read(new JmhJson()
                .toggleStm("stmBench7", "readWrite", "roundRobin", 2, COMMITS, 25_000)
                .toggleStm("xml", "0.1", "toggle", 2, 2 * COMMITS, 0)
                .unrelated(COMMITS));
        ToggleStmMeasurement roundRobin = results.find(READ_WRITE, "roundRobin", 2).orElseThrow();
        assertEquals(COMMITS, roundRobin.commitsPerSecond());
        assertEquals(0.25, roundRobin.abortsPerCommit(), 1e-12);
        assertEquals(0.0, results.find(XML, "toggle", 2).orElseThrow().abortsPerCommit());
        assertTrue(results.find(READ_WRITE, "toggle", 2).isEmpty());
        assertEquals(List.of(READ_WRITE, XML), List.copyOf(results.workloads()));
    }

    @Test
    void theClaimIsReproducedOnlyIfEveryCellsIntervalIsAtOrAboveOne() throws IOException {
        JmhJson json = cells(ABOVE, ABOVE, ABOVE, BELOW);
        List<Claim> claims = ToggleStmClaims.evaluate(read(json));
        assertEquals(Verdict.REPRODUCED, claims.get(0).verdict(), claims.get(0).measured());
        assertTrue(claims.get(0).claim().startsWith("Toggle + STM commits at least as fast"));
        assertEquals(Verdict.CONTRADICTED, claims.get(1).verdict(), "one cell wholly below 1.00× is enough");
        assertTrue(claims.get(1).measured().contains("fails in 1"), claims.get(1).measured());
        assertTrue(claims.get(1).measured().contains("(XML scale 0.1, 2 workers)"), claims.get(1).measured());
    }

    @Test
    void anIntervalAcrossOneOrTooFewRoundsLeaveItInconclusive() throws IOException {
        assertEquals(Verdict.INCONCLUSIVE, ToggleStmClaims.evaluate(read(cells(ABOVE, ACROSS, ABOVE, ABOVE))).get(0)
                .verdict());

        JmhJson once = new JmhJson()
                .toggleStm("xml", "0.1", "roundRobin", 2, COMMITS, 0).toggleStm("xml", "0.1", "toggle", 2, 3 * COMMITS, 0);
        assertEquals(Verdict.INCONCLUSIVE, ToggleStmClaims.evaluate(read(once)).get(0).verdict(),
                "one round gives no interval and decides nothing");
    }

    @Test
    void oneWorkerIsNotReadAndNoCellIsNotMeasured() throws IOException {
        JmhJson json = new JmhJson();
        for (double factor : BELOW) {
            json.toggleStm("xml", "0.1", "roundRobin", 1, COMMITS, 0).toggleStm("xml", "0.1", "toggle", 1,
                    factor * COMMITS, 0);
        }
        List<Claim> claims = ToggleStmClaims.evaluate(read(json));
        assertEquals(Verdict.NOT_MEASURED, claims.get(0).verdict(), "one worker has nothing to place");
        assertEquals(Verdict.NOT_MEASURED, claims.get(1).verdict(), "no togglePlacement rows");
    }

    @Test
    void theSectionStatesTheVerdictsInWordsWithATableAndAChart() throws IOException {
        JmhJson json = cells(BELOW, BELOW, ABOVE, ABOVE);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(json.write(directory), directory, new PrintStream(console, true, StandardCharsets.UTF_8));
        String report = Files.readString(directory.resolve(Report.REPORT_FILE));

        assertTrue(report.contains("# Transactions on Toggle"), report);
        assertTrue(report.contains("| Toggle + STM commits at least as fast as round-robin + STM |"), report);
        assertTrue(report.contains("**Toggle + STM:** composition does not help here"), report);
        assertTrue(report.contains("**Toggle's placement alone + STM:** composition helps here"), report);
        assertTrue(report.contains("| hierarchy | workers | scheduler | commits/s | aborts/commit |"), report);
        assertTrue(report.contains("| STMBench7 readWrite | 2 | roundRobin | 100,000 ±0% (3 rounds) | 0.1000 | baseline"
                + " |  |"), report);
        assertTrue(report.matches("(?s).*\\| XML scale 0\\.1 \\| 2 \\| toggle \\| [\\d,]+ ±\\d+% \\(3 rounds\\) \\| 0\\.0000"
                + " \\| 0\\.70× \\[0\\.\\d\\d, 0\\.\\d\\d\\], 3 rounds \\| below \\|.*"), report);
        assertTrue(report.contains("| 1.55× [1."), report);
        assertTrue(report.contains("| at or above |"), report);
        assertTrue(report.contains("](toggle-stm.png)"), report);
        assertTrue(Files.size(directory.resolve("toggle-stm.png")) > 0);
        assertTrue(report.contains("Claims of all papers: 1 reproduced, 1 contradicted"), report);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("Transactions on Toggle, Toggle + STM against round-robin + STM:"), printed);
        assertTrue(printed.contains("composition does not help here"), printed);
    }

    @Test
    void aReportWithoutTheSuiteHasNoSectionAndNoChart() throws IOException {
        Files.writeString(directory.resolve("toggle-stm.png"), "an earlier report's");
        Report.write(new JmhJson().peer("adaptive", "zipf", 2, 2, COMMITS, 0).write(directory), directory,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertFalse(Files.readString(directory.resolve(Report.REPORT_FILE)).contains("Transactions on Toggle"));
        assertFalse(Files.exists(directory.resolve("toggle-stm.png")), "a stale chart is deleted");
    }

    /**
     * Three rounds, interleaved as the main job runs them, of the three schedulers on STMBench7's
     * read-write mix and the XML document at 2 workers: round-robin at {@link #COMMITS} with 0.1
     * aborts per commit, toggle and togglePlacement (no aborts) at its commits/s times their
     * factor in the round.
     */
    private static JmhJson cells(double[] toggleStmBench7, double[] toggleXml, double[] placementStmBench7,
            double[] placementXml) {
        JmhJson json = new JmhJson();
        for (int round = 0; round < 3; round++) {
            json.toggleStm("stmBench7", "readWrite", "roundRobin", 2, COMMITS, 0.1 * COMMITS)
                    .toggleStm("stmBench7", "readWrite", "toggle", 2, toggleStmBench7[round] * COMMITS, 0)
                    .toggleStm("stmBench7", "readWrite", "togglePlacement", 2, placementStmBench7[round] * COMMITS, 0)
                    .toggleStm("xml", "0.1", "roundRobin", 2, COMMITS, 0.1 * COMMITS)
                    .toggleStm("xml", "0.1", "toggle", 2, toggleXml[round] * COMMITS, 0)
                    .toggleStm("xml", "0.1", "togglePlacement", 2, placementXml[round] * COMMITS, 0);
        }
        return json;
    }

    private ToggleStmResults read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory)).toggleStm();
    }
}
