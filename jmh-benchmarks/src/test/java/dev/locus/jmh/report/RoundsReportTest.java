package dev.locus.jmh.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report from a result file whose cells were measured in several rounds, as the main job writes it. */
class RoundsReportTest {

    private static final double RR = 1_000_000;

    @TempDir
    Path directory;

    @Test
    void claimsCellsAndTheSummaryShowTheRoundsTheirIntervalsAndTheVerdicts() throws IOException {
        JmhJson json = new JmhJson().inRounds(3, 0.02, cells -> cells
                .dictionary("hashTable", "uniform", "roundRobin", 2, RR)
                .dictionary("hashTable", "uniform", "fixedRange", 2, 1.5 * RR)
                .dictionary("sortedList", "exponential", "roundRobin", 2, RR)
                .dictionary("sortedList", "exponential", "adaptive", 2, 0.8 * RR)
                .oversubscription("counterArray", "basic", 2, RR, 0)
                .oversubscription("counterArray", "basic", 64, 0.5 * RR, 0)
                .oversubscription("counterArray", "luts", 2, RR, 0)
                .oversubscription("counterArray", "luts", 64, 0.9 * RR, 0));
        json.dictionary("hashTable", "uniform", "forkJoin", 2, 2 * RR).processors(2);
        Path out = Files.createDirectories(directory.resolve("report"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        Report.write(json.write(directory), out, new PrintStream(console, true, StandardCharsets.UTF_8));

        String report = Files.readString(out.resolve(Report.REPORT_FILE));
        assertTrue(report.contains("Claims of all papers: 1 reproduced, 0 contradicted, 1 inconclusive, 4 not testable"
                + " here, 15 not measured."), report);
        assertTrue(report.matches("(?s).*\\| fixedRange/roundRobin 1\\.\\d\\d× \\[1\\.\\d\\d, 1\\.\\d\\d], 3 rounds at 2"
                + " workers \\| \\*\\*reproduced\\*\\* \\|.*"), report);
        assertTrue(report.contains("| not testable here: the claim is about more than 6 workers, each on a core, and this"
                + " machine has 2 processors | **not testable here** |"), report);
        assertTrue(report.matches("(?s).*\\| uniform \\| 2 \\| 1,0\\d\\d,\\d{3} ±\\d+% \\(3 rounds\\) \\| 1,[45]\\d\\d,\\d{3}"
                + " ±\\d+% \\(3 rounds\\) \\(1\\.\\d\\d×\\) \\|.*"), report);
        assertTrue(report.contains("| 2,000,000 ±1% (2.0"), "a cell of one round keeps JMH's error: " + report);
        assertTrue(report.contains("**inconclusive**"), "luts at 0.90× of its 2-thread rate spans KEEPS: " + report);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("Claims of all papers: 1 reproduced"));
        assertTrue(Files.size(out.resolve("fig3-hash-table-throughput.png")) > 1000);
    }
}
