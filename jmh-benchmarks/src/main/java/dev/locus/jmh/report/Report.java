package dev.locus.jmh.report;

import dev.locus.jmh.dictionary.Claims;
import dev.locus.jmh.dictionary.DictionaryCharts;
import dev.locus.jmh.dictionary.MarkdownReport;
import dev.locus.jmh.dictionary.Metric;
import dev.locus.jmh.dictionary.Structure;
import dev.locus.jmh.elision.ElidedPlacementChart;
import dev.locus.jmh.elision.ElidedPlacementClaims;
import dev.locus.jmh.elision.ElidedPlacementSection;
import dev.locus.jmh.elision.ElisionCharts;
import dev.locus.jmh.elision.ElisionClaims;
import dev.locus.jmh.elision.ElisionSection;
import dev.locus.jmh.elision.ElisionWorkload;
import dev.locus.jmh.oversubscription.OversubscriptionCharts;
import dev.locus.jmh.oversubscription.OversubscriptionClaims;
import dev.locus.jmh.oversubscription.OversubscriptionSection;
import dev.locus.jmh.oversubscription.Workload;
import dev.locus.jmh.peer.PeerCharts;
import dev.locus.jmh.peer.PeerSection;
import dev.locus.jmh.peer.PeerTargets;
import dev.locus.jmh.scaling.ScalingSection;
import dev.locus.jmh.toggle.ToggleCharts;
import dev.locus.jmh.toggle.ToggleClaims;
import dev.locus.jmh.toggle.ToggleFigure;
import dev.locus.jmh.toggle.ToggleSection;
import dev.locus.jmh.toggle.ToggleStmChart;
import dev.locus.jmh.toggle.ToggleStmClaims;
import dev.locus.jmh.toggle.ToggleStmSection;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The report step of the main job's benchmarks: reads the JMH JSON results and writes
 * {@code REPORT.md} with one table per figure of [Bai06]'s §5 (Figures 3–9), the §5.4 claims
 * checked against the data, and a PNG chart per figure shaped like the paper's; then a part on
 * [Maldonado10] and [Nicacio10] (the oversubscription suite) with their claim per workload, tables of
 * commit rates and abort ratios, and a chart per workload; then, where the results have elision
 * rows, a part on [Dice14] with the two closing questions, ops/s and ratios to lock-only per
 * workload, and a chart per workload; then, where the results have Toggle rows, a part on
 * [Kalikar19] with its three claims, tasks/s and ratios to round-robin + DomLock per figure, and a
 * chart per figure; then, where the results have peer-suite rows, a part on the peer suite with its
 * targets, tasks/s and ratios to ThreadPoolExecutor and BookKeeper per workload, and a chart per
 * workload and worker count; then, where the results have Toggle + STM rows, a part on transactions on Toggle
 * with its claim that Toggle + STM commits at least as fast as round-robin + STM, whether
 * composition helps in words, commits/s and aborts per commit per cell, and a chart; then, where {@code scaling/} beside the JSON holds the results of
 * {@code Reproduce --scaling}, a part with that machine's facts and a link to its report. Prints
 * the claims and a summary.
 *
 * <pre>
 * java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.report.Report [--in FILE] [--out DIR]
 * </pre>
 *
 * {@code --in} defaults to {@code results/jmh-results.json} and {@code --out} to {@code results},
 * both relative to the working directory. A {@code run.properties} beside the JSON, if any, gives
 * the machine and profile. The charts are {@code fig3-hash-table-throughput.png} …
 * {@code fig8-sorted-list-contention.png}, {@code fig9-executor-overhead.png} and
 * {@code oversubscription-redBlackTree.png} … {@code oversubscription-counterArray.png} and
 * {@code elision-getOnly-4B.png} … {@code elision-mixed-1024B.png} and
 * {@code toggle-fig3a-stmBench7.png} … {@code toggle-fig6a-hierarchySize.png} and
 * {@code peers-empty-2w.png} … {@code peers-perKeyState-2w.png} and {@code toggle-stm.png}; a figure with no
 * data gets no chart.
 */
public final class Report {

    /** The report's file name in the output directory. */
    public static final String REPORT_FILE = "REPORT.md";

    private static final Path DEFAULT_IN = Path.of("results", "jmh-results.json");
    private static final Path DEFAULT_OUT = Path.of("results");
    private static final String USAGE = "usage: Report [--in results/jmh-results.json] [--out results]";

    private Report() {
    }

    /**
     * Writes {@code REPORT.md} and the charts into {@code outputDirectory} (created if absent) and
     * prints the claims, a summary and the paths written to {@code console}.
     *
     * @param resultsJson a JMH JSON result file holding rows of DictionaryBenchmark,
     *     InlineDictionaryBenchmark, TransactionOverheadBenchmark, OversubscriptionBenchmark,
     *     ElisionBenchmark, ToggleBenchmark, PeerBenchmark, ToggleStmBenchmark or
     *     ElidedPlacementBenchmark; rows
     *     of other benchmarks are skipped
     * @throws IOException if the file cannot be read, is not JMH JSON, has none of those rows, or
     *     the output cannot be written
     */
    public static void write(Path resultsJson, Path outputDirectory, PrintStream console) throws IOException {
        Results results = ResultsReader.read(resultsJson);
        List<Claim> claims = Claims.evaluate(results);
        List<Claim> oversubscriptionClaims = OversubscriptionClaims.evaluate(results);
        List<Claim> elisionClaims = ElisionClaims.evaluate(results.elision());
        List<Claim> toggleClaims = ToggleClaims.evaluate(results.toggle());
        List<PeerTargets.Target> peerTargets = PeerTargets.evaluate(results.peers());
        List<Claim> toggleStmClaims = results.toggleStm().isEmpty() ? List.of()
                : ToggleStmClaims.evaluate(results.toggleStm());
        List<Claim> elidedPlacementClaims = results.elidedPlacement().isEmpty() ? List.of()
                : ElidedPlacementClaims.evaluate(results.elidedPlacement());
        RunFacts facts = RunFacts.besides(resultsJson);
        Files.createDirectories(outputDirectory);

        Charts.headless();
        DictionaryCharts figures = new DictionaryCharts(results);
        Map<Integer, Path> charts = new TreeMap<>();
        for (Metric metric : Metric.values()) {
            for (Structure structure : Structure.values()) {
                record(charts, metric.figure(structure), figures.write(metric, structure, outputDirectory),
                        outputDirectory.resolve(metric.fileName(structure)));
            }
        }
        record(charts, DictionaryCharts.OVERHEAD_FIGURE, figures.writeOverhead(outputDirectory),
                outputDirectory.resolve(DictionaryCharts.OVERHEAD_FILE));
        Map<Workload, Path> workloadCharts = new EnumMap<>(Workload.class);
        OversubscriptionCharts oversubscriptionFigures = new OversubscriptionCharts(results.oversubscription());
        for (Workload workload : Workload.values()) {
            record(workloadCharts, workload, oversubscriptionFigures.write(workload, outputDirectory),
                    outputDirectory.resolve(workload.fileName()));
        }

        Map<ElisionWorkload, Path> elisionCharts = new TreeMap<>();
        ElisionCharts elisionFigures = new ElisionCharts(results.elision());
        for (ElisionWorkload workload : results.elision().workloads()) {
            elisionFigures.write(workload, outputDirectory).ifPresent(chart -> elisionCharts.put(workload, chart));
        }

        Map<ToggleFigure, Path> toggleCharts = new EnumMap<>(ToggleFigure.class);
        ToggleCharts toggleFigures = new ToggleCharts(results.toggle());
        for (ToggleFigure figure : ToggleFigure.values()) {
            record(toggleCharts, figure, toggleFigures.write(figure, outputDirectory),
                    outputDirectory.resolve(figure.fileName()));
        }

        Map<String, List<Path>> peerCharts = new TreeMap<>();
        PeerCharts peerFigures = new PeerCharts(results.peers());
        for (String workload : results.peers().workloads()) {
            for (int workers : results.peers().workers(workload)) {
                peerFigures.write(workload, workers, outputDirectory)
                        .ifPresent(chart -> peerCharts.computeIfAbsent(workload, w -> new ArrayList<>()).add(chart));
            }
        }

        Optional<Path> toggleStmChart = new ToggleStmChart(results.toggleStm()).write(outputDirectory);
        if (toggleStmChart.isEmpty()) {
            Files.deleteIfExists(outputDirectory.resolve(ToggleStmChart.FILE));
        }

        Optional<Path> elidedPlacementChart = new ElidedPlacementChart(results.elidedPlacement()).write(outputDirectory);
        if (elidedPlacementChart.isEmpty()) {
            Files.deleteIfExists(outputDirectory.resolve(ElidedPlacementChart.FILE));
        }

        List<Claim> allClaims = new ArrayList<>(claims);
        allClaims.addAll(oversubscriptionClaims);
        allClaims.addAll(elisionClaims);
        allClaims.addAll(toggleClaims);
        allClaims.addAll(toggleStmClaims);
        allClaims.addAll(elidedPlacementClaims);
        MarkdownReport markdown = new MarkdownReport(results, claims, facts, charts, allClaims, peerTargets);
        OversubscriptionSection oversubscription = new OversubscriptionSection(results.oversubscription(),
                oversubscriptionClaims, workloadCharts);
        Path report = outputDirectory.resolve(REPORT_FILE);
        ElisionSection elision = new ElisionSection(results.elision(), elisionClaims, elisionCharts);
        ToggleSection toggle = new ToggleSection(results.toggle(), toggleClaims, toggleCharts);
        PeerSection peers = new PeerSection(results.peers(), peerTargets, peerCharts);
        ToggleStmSection toggleStm = new ToggleStmSection(results.toggleStm(), toggleStmClaims, toggleStmChart);
        ElidedPlacementSection elidedPlacement = new ElidedPlacementSection(results.elidedPlacement(),
                elidedPlacementClaims, elidedPlacementChart);
        Files.writeString(report, markdown.document() + oversubscription.document() + elision.document()
                + toggle.document() + peers.document() + toggleStm.document() + elidedPlacement.document()
                + ScalingSection.document(resultsJson, outputDirectory),
                StandardCharsets.UTF_8);

        print(console, "[Bai06], §5.4 claims:", markdown.claimsTable());
        print(console, MarkdownReport.SUMMARY_CAPTION, markdown.summaryTable());
        print(console, "[Maldonado10] and [Nicacio10], does LUTS keep its throughput beyond the cores?",
                oversubscription.claimsTable());
        if (!results.elision().isEmpty()) {
            print(console, "[Dice14], adaptive against the static policies, SWOPT against the lock:",
                    elision.claimsTable());
        }
        if (!results.toggle().isEmpty()) {
            print(console, "[Kalikar19], Toggle against round-robin and DomLock, stealing under skew:",
                    toggle.claimsTable());
        }
        if (!results.peers().isEmpty()) {
            print(console, "Peers, adaptive against BookKeeper's OrderedExecutor and ForkJoinPool:",
                    peers.targetsTable());
        }
        if (!results.toggleStm().isEmpty()) {
            print(console, "Transactions on Toggle, Toggle + STM against round-robin + STM:", toggleStm.claimsTable());
            console.println(toggleStm.conclusion());
            console.println();
        }
        if (!results.elidedPlacement().isEmpty()) {
            print(console, "Elided critical sections on adaptive against round-robin:", elidedPlacement.claimsTable());
            console.println(elidedPlacement.conclusion());
            console.println();
        }
        console.println(markdown.verdicts());
        console.println();
        List<Path> written = new ArrayList<>(List.of(report));
        written.addAll(charts.values());
        written.addAll(workloadCharts.values());
        written.addAll(elisionCharts.values());
        written.addAll(toggleCharts.values());
        peerCharts.values().forEach(written::addAll);
        toggleStmChart.ifPresent(written::add);
        elidedPlacementChart.ifPresent(written::add);
        written.forEach(path -> console.println("wrote " + path.toAbsolutePath()));
    }

    /** Prints {@code title} and {@code table} (which ends in a line break), each followed by an empty line. */
    private static void print(PrintStream console, String title, String table) {
        console.println(title);
        console.println();
        console.print(table);
        console.println();
    }

    /**
     * Puts a chart written into {@code charts}; where none was written, deletes {@code stale}, the
     * chart an earlier report may have left, so that every PNG in the directory is this run's.
     */
    private static <K> void record(Map<K, Path> charts, K figure, Optional<Path> written, Path stale)
            throws IOException {
        if (written.isPresent()) {
            charts.put(figure, written.get());
        } else {
            Files.deleteIfExists(stale);
        }
    }

    /** {@code Report [--in FILE] [--out DIR]}; exits 2 on bad arguments, 1 if the report fails. */
    public static void main(String[] args) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.println(USAGE);
            return;
        }
        Arguments arguments;
        try {
            arguments = Arguments.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            // UTF-8 like REPORT.md, whatever the platform's charset: the tables use ×, ÷ and —.
            write(arguments.in(), arguments.out(), new PrintStream(System.out, true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            System.err.println("Report failed: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The command line: the JMH JSON to read and the directory to write to. */
    record Arguments(Path in, Path out) {

        /** @throws IllegalArgumentException for an unknown flag or a flag without its path */
        static Arguments parse(String... args) {
            Path in = DEFAULT_IN;
            Path out = DEFAULT_OUT;
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (!flag.equals("--in") && !flag.equals("--out")) {
                    throw new IllegalArgumentException("unknown argument " + flag);
                }
                if (++i == args.length) {
                    throw new IllegalArgumentException(flag + " needs a path");
                }
                if (flag.equals("--in")) {
                    in = Path.of(args[i]);
                } else {
                    out = Path.of(args[i]);
                }
            }
            return new Arguments(in, out);
        }
    }
}
