package dev.locus.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole report from one partial run: the hash table at 1 and 2 workers, Figure 9, and the
 * oversubscription suite's red-black tree and counter array.
 */
class ReportTest {

    private static final List<String> DRAWN = List.of("fig3-hash-table-throughput.png",
            "fig6-hash-table-contention.png", "fig9-executor-overhead.png");
    private static final List<String> NOT_DRAWN = List.of("fig4-red-black-tree-throughput.png",
            "fig5-sorted-list-throughput.png", "fig7-red-black-tree-contention.png",
            "fig8-sorted-list-contention.png", "oversubscription-skipList.png");
    private static final List<String> WORKLOADS_DRAWN = List.of("oversubscription-redBlackTree.png",
            "oversubscription-counterArray.png");
    private static final List<String> CONFIGURATIONS = List.of("basic", "backoff", "polka", "serializeSpin",
            "serializePark", "yielding", "ats", "luts", "ciluts", "ctluts", "lutsAts");

    @TempDir
    static Path directory;
    private static Path out;
    private static String report;
    private static String console;

    @BeforeAll
    static void writeTheReport() throws IOException {
        JmhJson json = new JmhJson().unrelated(9_000_000);
        for (String distribution : List.of("uniform", "gaussian", "exponential")) {
            for (int workers : new int[] {1, 2}) {
                json.dictionary("hashTable", distribution, "roundRobin", workers, 1_000_000 * workers, 0)
                        .dictionary("hashTable", distribution, "fixedRange", workers, 1_250_000 * workers, 20_000)
                        .inline("hashTable", distribution, workers, 900_000 * workers, 4_500);
                if (!(distribution.equals("gaussian") && workers == 2)) {
                    json.dictionary("hashTable", distribution, "adaptive", workers, 1_300_000 * workers, 13_000);
                }
            }
        }
        json.overhead("adaptive", 2, 5_000_000).loop(2, 10_000_000).loop(4, 20_000_000);
        json.oversubscription("redBlackTree", "basic", 2, 400_000, 4_000)
                .oversubscription("redBlackTree", "basic", 64, 200_000, 50_000)
                .oversubscription("redBlackTree", "yielding", 2, 400_000, 0)
                .oversubscription("redBlackTree", "luts", 2, 380_000, 20, 0)
                .oversubscription("redBlackTree", "luts", 64, 370_000, 10, 0);
        for (String configuration : CONFIGURATIONS) {
            double switches = configuration.equals("ctluts") ? 30_000 : 0;
            json.oversubscription("counterArray", configuration, 2, 600_000, 60_000, switches)
                    .oversubscription("counterArray", configuration, 64, 600_000, 60_000, switches);
        }
        Path results = json.write(Files.createDirectories(directory.resolve("results")));
        Files.writeString(results.resolveSibling("run.properties"), """
                machine=AMD EPYC 7B13, 2 cores, 24 GiB
                processors=2
                profile=quick: 1 fork, warm-up 1 × 1 s, measurement 2 × 1 s
                duration=7 min 12 s
                """);
        out = Files.createDirectories(directory.resolve("report"));
        Files.writeString(out.resolve(NOT_DRAWN.get(0)), "a chart from an earlier run");
        Files.writeString(out.resolve("oversubscription-skipList.png"), "a chart from an earlier run");

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Report.write(results, out, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        console = bytes.toString(StandardCharsets.UTF_8);
        report = Files.readString(out.resolve(Report.REPORT_FILE));
    }

    @Test
    void withoutElisionRowsThereIsNoPaper003Part() {
        assertFalse(report.contains("[Dice14]: adaptive lock elision"), report);
        assertFalse(console.contains("[Dice14], adaptive against"), console);
    }

    @Test
    void runFactsComeFromRunPropertiesAndTheJson() {
        assertTrue(report.contains("""
                - Machine: AMD EPYC 7B13, 2 cores, 24 GiB
                - Processors: 2
                - Profile: quick: 1 fork, warm-up 1 × 1 s, measurement 2 × 1 s
                - Duration: 7 min 12 s
                - JMH settings (from the JSON): JMH 1.37, JDK 17.0.15 (OpenJDK 64-Bit Server VM), 1 fork,"""),
                report);
    }

    @Test
    void claimsComeBeforeTheFigures() {
        int claims = report.indexOf("## §5.4 claims");
        assertTrue(claims > 0 && claims < report.indexOf("## Figure 3"), report);
        assertTrue(report.contains("| 1. Fixed beats round-robin on the uniform hash table | fixed +25% over"
                + " round-robin at 2 workers, the gap growing with workers | fixedRange/roundRobin 1.25× (1 round, no"
                + " interval) at 2 workers | **inconclusive** |"), report);
        assertTrue(report.contains("| 4. Adaptive beats round-robin on the exponential sorted list |"
                + " adaptive +20–75% over round-robin above 6 workers | not testable here: the claim is about more than 6"
                + " workers, each on a core, and this machine has 2 processors | **not testable here** |"), report);
    }

    @Test
    void throughputCellsHaveTheErrorAndTheRatioToRoundRobin() {
        assertTrue(report.contains("""
                | distribution | workers | roundRobin | fixedRange | adaptive | none |
                | --- | ---: | ---: | ---: | ---: | ---: |
                | uniform | 1 | 1,000,000 ±1% | 1,250,000 ±1% (1.25×) | 1,300,000 ±1% (1.30×) | 900,000 ±1% (0.90×) |
                | uniform | 2 | 2,000,000 ±1% | 2,500,000 ±1% (1.25×) | 2,600,000 ±1% (1.30×) | 1,800,000 ±1% (0.90×) |
                """), report);
    }

    @Test
    void aCellNotMeasuredIsADash() {
        assertTrue(report.contains(
                "| Gaussian | 2 | 2,000,000 ±1% | 2,500,000 ±1% (1.25×) | — | 1,800,000 ±1% (0.90×) |"), report);
    }

    @Test
    void contentionIsPerTransactionWithARatioOnlyToANonZeroRoundRobin() {
        assertTrue(report.contains("| exponential | 2 | 0.000 | 0.008 | 0.005 | 0.003 |"), report);
    }

    @Test
    void overheadRatiosAreToLoopAtTheSameWorkers() {
        assertTrue(report.contains("""
                | workers | adaptive | loop |
                | ---: | ---: | ---: |
                | 2 | 5,000,000 ±1% (0.50×) | 10,000,000 ±1% |
                | 4 | — | 20,000,000 ±1% |
                """), report);
    }

    @Test
    void figuresWithoutDataSaySoAndLeaveNoChart() {
        assertTrue(report.contains("## Figure 4 — red-black tree throughput (txn/s)\n\n"
                + "Not measured: the results have no rows for this figure.\n"), report);
        for (String file : NOT_DRAWN) {
            assertFalse(Files.exists(out.resolve(file)), file + ", even one an earlier run left");
            assertFalse(report.contains(file), file);
        }
    }

    @Test
    void chartsAreReadablePngsLinkedFromTheReport() throws IOException {
        for (String file : DRAWN) {
            BufferedImage image = ImageIO.read(out.resolve(file).toFile());
            assertNotNull(image, file + " is not an image ImageIO can read");
            assertTrue(image.getWidth() > 0 && image.getHeight() > 0, file);
            assertTrue(report.contains("](" + file + ")"), file);
        }
        BufferedImage figure3 = ImageIO.read(out.resolve(DRAWN.get(0)).toFile());
        assertTrue(figure3.getWidth() > 3 * figure3.getHeight(), "three panels side by side");
    }

    @Test
    void theConsoleHasTheClaimsTheSummaryAndThePaths() {
        assertTrue(console.contains("| 1. Fixed beats round-robin on the uniform hash table |"), console);
        assertTrue(console.contains("| structure | distribution | workers | roundRobin txn/s | fixedRange | adaptive"
                + " | none |"), console);
        assertTrue(console.contains("| hash table | Gaussian | 2 | 2,000,000 | 1.25× | — | 0.90× |"), console);
        assertTrue(console.contains("wrote " + out.resolve(Report.REPORT_FILE).toAbsolutePath()), console);
        for (String file : DRAWN) {
            assertTrue(console.contains("wrote " + out.resolve(file).toAbsolutePath()), console);
        }
    }

    @Test
    void theOversubscriptionPartFollowsPaper002WithCommitsAndAbortRatiosPerWorkload() {
        int part = report.indexOf("# [Maldonado10] and [Nicacio10]");
        assertTrue(part > report.indexOf("## Figure 9"), report);
        assertTrue(report.contains("""
                Commits/s:

                | configuration | 2 threads | 64 threads |
                | --- | ---: | ---: |
                | basic | 400,000 ±1% | 200,000 ±1% |
                | yielding | 400,000 ±1% | — |
                | luts | 380,000 ±1% | 370,000 ±1% |

                Abort ratio:

                | configuration | 2 threads | 64 threads |
                | --- | ---: | ---: |
                | basic | 0.99% | 20.00% |
                | yielding | 0.00% | — |
                | luts | 0.01% | 0.00% |
                """), report);
        assertTrue(report.contains("""
                | luts | 0.01% | 0.00% |

                Basic's abort ratio beside [Maldonado10]'s contention, the share of transactions that abort at least \
                once (16 cores; here the share of attempts that abort, the same where none aborts twice):

                | threads | [Maldonado10], basic (Table 2) | basic here |
                | --- | ---: | ---: |
                | 2 | 0.01% | 0.99% |
                | 8 | 0.06% | — |
                | 16 | 0.11% | — |

                No configuration switched a transaction out.
                """), report);
        assertTrue(report.contains("""
                Switches per committed transaction (conflict avoidance at work):

                | configuration | 2 threads | 64 threads |
                | --- | ---: | ---: |
                | ctluts | 0.050 | 0.050 |
                """), report);
        assertTrue(report.contains("## skip list, 16K keys, 20% updates\n\n"
                + "Not measured: the results have no rows for this workload.\n"), report);
    }

    @Test
    void theOversubscriptionClaimIsEvaluatedPerWorkloadAgainstTheCores() {
        String redBlackTree = "| LUTS keeps its throughput beyond the cores while plain threads degrade:"
                + " red-black tree, 16K keys, 20% updates |";
        assertTrue(report.contains(redBlackTree), report);
        assertTrue(report.contains("| 64/2 threads (2 processors): luts 0.97× (1 round, no interval), basic 0.50× (1"
                + " round, no interval); at 64 threads luts/basic 1.85× (1 round, no interval) | **inconclusive** |"),
                report);
        assertTrue(console.contains(redBlackTree), console);
    }

    @Test
    void workloadChartsAreLinkedAndTheirLegendWrapsWhenItIsWiderThanThePanel() throws IOException {
        for (String file : WORKLOADS_DRAWN) {
            assertTrue(report.contains("](" + file + ")"), file);
            assertTrue(console.contains("wrote " + out.resolve(file).toAbsolutePath()), console);
        }
        BufferedImage three = ImageIO.read(out.resolve(WORKLOADS_DRAWN.get(0)).toFile());
        BufferedImage eleven = ImageIO.read(out.resolve(WORKLOADS_DRAWN.get(1)).toFile());
        assertEquals(three.getWidth(), eleven.getWidth());
        assertTrue(eleven.getHeight() > three.getHeight(), "eleven configurations need a second legend row");
    }

    @Test
    void withoutRunPropertiesTheReportSaysSo(@TempDir Path elsewhere) throws IOException {
        Path results = new JmhJson().loop(1, 1_000_000).write(elsewhere);

        Report.write(results, elsewhere, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertTrue(Files.readString(elsewhere.resolve(Report.REPORT_FILE))
                .contains("- No run.properties beside the results"));
    }

    @Test
    void scalingResultsBesideTheJsonGetTheirOwnMachineAndALink(@TempDir Path elsewhere) throws IOException {
        Path results = new JmhJson().loop(2, 1_000_000).write(elsewhere);
        Path scaling = new JmhJson().loop(16, 8_000_000).write(Files.createDirectories(elsewhere.resolve("scaling")));
        Files.writeString(scaling.resolveSibling("run.properties"), "machine=AMD EPYC 9B14, 16 processors, 125 GiB\n");
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Path out = elsewhere.resolve("report");

        Report.write(results, out, quiet);
        String unreported = Files.readString(out.resolve(Report.REPORT_FILE));
        Report.write(scaling, scaling.getParent(), quiet);
        Report.write(results, out, quiet);
        String linked = Files.readString(out.resolve(Report.REPORT_FILE));

        assertTrue(unreported.contains("Its report is not written yet: `java -cp"), unreported);
        String section = linked.substring(linked.indexOf("## Scaling: the claims at more than two workers"));
        assertTrue(section.contains("- Machine: AMD EPYC 9B14, 16 processors, 125 GiB"), section);
        assertTrue(section.contains("[../scaling/REPORT.md](../scaling/REPORT.md)"), section);
        assertFalse(report.contains("## Scaling"), "no scaling results, no section");
    }

    @Test
    void oneWorkerCountWithoutContentionStillDraws(@TempDir Path elsewhere) throws IOException {
        Path results = new JmhJson()
                .dictionary("redBlackTree", "uniform", "roundRobin", 2, 1_000_000, 0)
                .dictionary("redBlackTree", "uniform", "adaptive", 2, 1_000_000, 0)
                .write(elsewhere);

        Report.write(results, elsewhere, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        for (String file : List.of("fig4-red-black-tree-throughput.png", "fig7-red-black-tree-contention.png")) {
            assertNotNull(ImageIO.read(elsewhere.resolve(file).toFile()), file);
        }
    }

    @Test
    void aFileWithoutPaperResultsWritesNothing(@TempDir Path elsewhere) throws IOException {
        Path results = new JmhJson().unrelated(1).write(elsewhere);
        Path target = elsewhere.resolve("out");

        assertThrows(IOException.class, () -> Report.write(results, target,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertFalse(Files.exists(target));
    }

    @Test
    void argumentsDefaultToTheResultsDirectory() {
        assertEquals(new Report.Arguments(Path.of("results/jmh-results.json"), Path.of("results")),
                Report.Arguments.parse());
        assertEquals(new Report.Arguments(Path.of("a.json"), Path.of("b")),
                Report.Arguments.parse("--out", "b", "--in", "a.json"));
    }

    @Test
    void badArgumentsAreRejected() {
        assertEquals("unknown argument --quick",
                assertThrows(IllegalArgumentException.class, () -> Report.Arguments.parse("--quick")).getMessage());
        assertEquals("--in needs a path",
                assertThrows(IllegalArgumentException.class, () -> Report.Arguments.parse("--in")).getMessage());
    }
}
