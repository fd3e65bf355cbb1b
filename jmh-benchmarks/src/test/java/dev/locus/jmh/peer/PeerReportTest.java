package dev.locus.jmh.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.peer.PeerResults.Point;
import dev.locus.jmh.peer.PeerTargets.Target;
import dev.locus.jmh.peer.PeerTargets.Verdict;
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

/** The peer suite's part of the report, from result files shaped as JMH writes the peer suite's rows. */
class PeerReportTest {

    private static final double TASKS = 1_000_000;
    private static final Point TWO = new Point(2, 2);

    @TempDir
    Path directory;

    @Test
    void rowsCarryTheirWorkloadImplementationWorkersAndProducers() throws IOException {
        PeerResults results = read(new JmhJson().peer("bookkeeper", "zipf", 2, 4, TASKS, 0).unrelated(TASKS));
        assertEquals(TASKS, results.tasksPerSecond("zipf", "bookkeeper", new Point(2, 4)));
        assertTrue(Double.isNaN(results.tasksPerSecond("zipf", "bookkeeper", TWO)));
    }

    @Test
    void aTargetIsMetMissedOrInconclusiveByTheIntervalOfItsRatioOverRounds() throws IOException {
        // Three rounds, scores jittered by ±2%: zipf's 2.0× lies above 1.5×, uniform's 1.2× below,
        // exponential's 1.5× on the threshold; empty tasks measured in one round have no interval.
        PeerResults results = read(new JmhJson().inRounds(3, 0.02, json -> json
                        .peer("adaptive", "zipf", 2, 2, 2 * TASKS, 0).peer("bookkeeper", "zipf", 2, 2, TASKS, 0)
                        .peer("adaptive", "uniform", 2, 2, 1.2 * TASKS, 0).peer("bookkeeper", "uniform", 2, 2, TASKS, 0)
                        .peer("adaptive", "exponential", 2, 2, 1.5 * TASKS, 0)
                        .peer("bookkeeper", "exponential", 2, 2, TASKS, 0))
                .peer("forkJoin", "empty", 2, 1, TASKS, 0.01 * TASKS).peer("adaptive", "empty", 2, 1, 2 * TASKS, 0));
        Target zipf = overBookkeeper(results, "zipf");
        assertEquals(Verdict.MET, zipf.verdict());
        assertEquals(3, zipf.ratio().rounds());
        assertTrue(zipf.ratio().toString().matches("2\\.0\\d× \\[\\d\\.\\d\\d, 2\\.\\d\\d\\], 3 rounds"), zipf.ratio().toString());
        assertEquals(Verdict.MISSED, overBookkeeper(results, "uniform").verdict());
        assertEquals(Verdict.INCONCLUSIVE, overBookkeeper(results, "exponential").verdict());
        Target empty = find(PeerTargets.evaluate(results), "empty", new Point(2, 1), "forkJoin");
        assertEquals(Verdict.INCONCLUSIVE, empty.verdict(), "one round gives no interval and decides nothing");
        assertEquals(Verdict.NOT_MEASURED, find(PeerTargets.evaluate(results), "zipf", TWO, "forkJoin").verdict());
    }

    @Test
    void theSectionHasTheTargetsATablePerWorkloadWithRatiosAndACharts() throws IOException {
        Path json = new JmhJson()
                .peer("threadPool", "zipf", 2, 1, TASKS, 0.01 * TASKS).peer("threadPool", "zipf", 2, 2, TASKS, 0)
                .peer("bookkeeper", "zipf", 2, 1, 2 * TASKS, 0)
                .peer("adaptive", "zipf", 2, 1, 4 * TASKS, 0)
                .inRounds(2, 0, rounds -> rounds.peer("bookkeeper", "zipf", 2, 2, 2 * TASKS, 0)
                        .peer("adaptive", "zipf", 2, 2, 3 * TASKS, 0).peer("forkJoin", "zipf", 2, 2, 4 * TASKS, 0))
                .write(directory);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(json, directory, new PrintStream(console, true, StandardCharsets.UTF_8));
        String report = Files.readString(directory.resolve(Report.REPORT_FILE));

        assertTrue(report.contains("# Peers: locus's keyed executors against their peers"), report);
        assertTrue(report.contains("| adaptive ≥ 1.50× bookkeeper | zipf, 2 producers, 2 workers | met"
                + " | 1.50× [1.50, 1.50], 2 rounds |"), report);
        assertTrue(report.contains("| adaptive ≥ 0.50× forkJoin | zipf, 2 producers, 2 workers | met | 0.75×"), report);
        assertTrue(report.contains("the peer suite's targets: 2 met, 0 missed, 0 inconclusive, 7 not measured"), report);
        assertTrue(report.contains("| adaptive ≥ 1.00× forkJoin | empty, 1 producer, 2 workers | not measured | — |"),
                report);
        assertTrue(report.contains("## counter per task, keys Zipf s = 1.1 over 10^5"), report);
        assertTrue(report.contains("| implementation | 1 producer | 2 producers |"), report);
        assertTrue(report.contains("| threadPool | 1,000,000 ±1% | 1,000,000 ±0% |"), report);
        assertTrue(report.contains("| forkJoin | — | 4,000,000 ±0% (2 rounds) |"), report);
        assertTrue(report.contains("÷ threadPool in the same cell at 2 workers:"), report);
        assertTrue(report.contains("| adaptive | 4.00× | 3.00× |"), report);
        assertTrue(report.contains("÷ bookkeeper in the same cell at 2 workers:"), report);
        assertTrue(report.contains("| adaptive | 2.00× | 1.50× |"), report);
        assertTrue(report.contains("](peers-zipf-2w.png)"), report);
        assertTrue(Files.size(directory.resolve("peers-zipf-2w.png")) > 0);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("Peers, adaptive against"));
    }

    private static Target overBookkeeper(PeerResults results, String workload) {
        return find(PeerTargets.evaluate(results), workload, TWO, "bookkeeper");
    }

    private static Target find(List<Target> targets, String workload, Point point, String peer) {
        return targets.stream().filter(t -> t.workload().equals(workload) && t.point().equals(point)
                && t.peer().equals(peer)).findFirst().orElseThrow();
    }

    private PeerResults read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory)).peers();
    }
}
