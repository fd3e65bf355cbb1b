package dev.locus.jmh.dictionary;

import dev.locus.jmh.peer.PeerTargets;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.RunFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The text of {@code REPORT.md}: run facts, what is measured, the §5.4 claims, a summary at the
 * most workers, and one table per figure (3–9) with a link to its chart.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: this part opens the report, so it carries
 * the run's facts and the verdicts of every suite's claims before [Bai06]'s own, and it has seven
 * figures, each with its table and chart, where a claim section has one table and one chart.
 */
public final class MarkdownReport {

    private static final String MEASURED = """
            Throughput is committed transactions per second (JMH's score, the mean over iterations \
            and forks, and over rounds where a cell was measured in several: "(3 rounds)"). "±" is \
            the half-width of the mean's 95% interval over rounds relative to it where a cell has \
            two rounds or more, else JMH's 99.9% confidence half-width: the JSON has a row per \
            round, with the raw iterations. Contention instances per transaction are \
            aborted attempts divided by committed transactions; the paper's Figures 6–8 show \
            totals per 10 s run instead, which depend on the run's length and throughput. A ratio \
            in brackets is the executor's value divided by roundRobin's in the same row (same \
            structure, distribution and workers; for contention only where roundRobin's is above \
            zero); in Figure 9 it is divided by loop's. Executor "none" is the paper's Figure 1a, \
            each thread running its own transactions, and "loop" is Figure 9's k threads running \
            empty transactions: for both, workers = JMH threads. "—" marks a cell not measured.""";

    /** Above the summary table, in the report and on the console. */
    public static final String SUMMARY_CAPTION = "At the most workers measured for each structure and distribution:"
            + " roundRobin's throughput, and each other executor's throughput ÷ roundRobin's.";
    private static final String OVERHEAD_CAPTION = """
            Empty transactions through an executor with k workers, fed by producer threads (the \
            paper used six), against k threads running them in a loop; the ratio in brackets is to \
            loop at the same k. The paper: "with only two worker threads, the executor doubles the \
            overhead of transactions" (about 0.50×), less so with more workers.""";

    private final Results results;
    private final List<Claim> claims;
    private final RunFacts facts;
    private final Map<Integer, Path> charts;
    private final List<Claim> allClaims;
    private final List<PeerTargets.Target> peerTargets;

    /**
     * @param claims [Bai06]'s claims
     * @param charts the PNG written for each figure number; a figure without one gets no link
     * @param allClaims the claims of every paper in the report, whose verdicts it counts first
     * @param peerTargets the peer suite's targets, whose verdicts it counts after the claims'
     */
    public MarkdownReport(Results results, List<Claim> claims, RunFacts facts, Map<Integer, Path> charts,
            List<Claim> allClaims, List<PeerTargets.Target> peerTargets) {
        this.results = results;
        this.claims = claims;
        this.facts = facts;
        this.charts = charts;
        this.allClaims = allClaims;
        this.peerTargets = peerTargets;
    }

    /** The whole of REPORT.md. */
    public String document() {
        StringBuilder md = new StringBuilder();
        md.append("# [Bai06] reproduction: key-based adaptive transactional memory executor\n\n");
        md.append("Bai et al., \"A Key-based Adaptive Transactional Memory Executor\", §5, Figures 3–9.\n\n");
        md.append("## Run\n\n");
        facts.lines().forEach(line -> md.append(line).append('\n'));
        results.settings().forEach(line -> md.append("- JMH settings (from the JSON): ").append(line).append('\n'));
        md.append("\n## Verdicts\n\n").append(verdicts()).append("\n\n");
        md.append("## What is measured\n\n").append(MEASURED).append("\n\n");
        md.append("## §5.4 claims\n\n").append(claimsTable())
                .append("\nThresholds: \"beats\" means ahead by at least ").append(Format.percent(Claims.MARGIN))
                .append(", \"tied\" within ").append(Format.percent(Claims.MARGIN))
                .append(" either way, \"tied-best\" at least ").append(Format.percent(Claims.TIED_BEST))
                .append(" of every other paper executor, \"stops scaling\" at most ").append(Format.ratio(Claims.NO_SPEEDUP))
                .append(" from 1 worker to the most, and adaptive's speedup at least ")
                .append(Format.ratio(1 + Claims.MARGIN)).append(" fixedRange's; worker counts below 2 are not compared,")
                .append(" nor counts above the machine's processors (the paper runs a worker per core). ")
                .append(Claim.RULE).append("\n\n");
        md.append("## Summary at the most workers\n\n").append(SUMMARY_CAPTION).append("\n\n")
                .append(summaryTable()).append('\n');
        for (Metric metric : Metric.values()) {
            for (Structure structure : Structure.values()) {
                md.append("## ").append(metric.title(structure)).append("\n\n");
                append(md, dictionaryTable(metric, structure), metric.figure(structure), metric.title(structure));
            }
        }
        md.append("## ").append(DictionaryCharts.OVERHEAD_TITLE).append("\n\n").append(OVERHEAD_CAPTION).append("\n\n");
        append(md, overheadTable(), DictionaryCharts.OVERHEAD_FIGURE, DictionaryCharts.OVERHEAD_TITLE);
        return md.toString();
    }

    /**
     * The verdicts of every paper's claims and of the peer suite's targets counted by kind, e.g. "Claims
     * of all papers: 2 reproduced, …; the peer suite's targets: 3 met, …".
     */
    public String verdicts() {
        String targets = peerTargets.isEmpty() ? "" : "; " + PeerTargets.count(peerTargets);
        return "Claims of all papers: " + Claim.count(allClaims) + targets + ". " + Claim.RULE;
    }

    /** claim | paper says | measured | verdict. */
    public String claimsTable() {
        return Claim.table(claims);
    }

    /**
     * For each structure and distribution, at the most workers measured there: roundRobin's
     * throughput and each other executor's ratio to it.
     */
    public String summaryTable() {
        SortedSet<String> executors = new TreeSet<>(Names.EXECUTOR_ORDER);
        for (Structure structure : Structure.values()) {
            executors.addAll(results.executors(structure));
        }
        executors.remove(Names.ROUND_ROBIN);
        List<String> header = new ArrayList<>(List.of("structure", "distribution", "workers", "roundRobin txn/s"));
        header.addAll(executors);
        MarkdownTable table = new MarkdownTable(2, header);
        for (Structure structure : Structure.values()) {
            for (String distribution : results.distributions(structure)) {
                int workers = results.workers(structure, distribution).last();
                double roundRobin = results.throughput(structure, distribution, Names.ROUND_ROBIN, workers);
                List<String> row = new ArrayList<>(List.of(structure.label(), Names.distributionLabel(distribution),
                        Integer.toString(workers), Format.throughput(roundRobin)));
                executors.forEach(executor -> row.add(
                        Format.ratio(results.throughput(structure, distribution, executor, workers) / roundRobin)));
                table.row(row);
            }
        }
        return table.isEmpty() ? "Not measured: the results have no dictionary benchmark rows.\n" : table.toString();
    }

    /** Rows (distribution, workers), a column per executor: the value and its ratio to roundRobin. */
    private MarkdownTable dictionaryTable(Metric metric, Structure structure) {
        SortedSet<String> executors = results.executors(structure);
        List<String> header = new ArrayList<>(List.of("distribution", "workers"));
        header.addAll(executors);
        MarkdownTable table = new MarkdownTable(1, header);
        if (!results.has(metric, structure)) {
            return table;
        }
        for (String distribution : results.distributions(structure)) {
            for (int workers : results.workers(structure, distribution)) {
                double roundRobin = results.value(metric, structure, distribution, Names.ROUND_ROBIN, workers);
                List<String> row = new ArrayList<>(List.of(Names.distributionLabel(distribution),
                        Integer.toString(workers)));
                for (String executor : executors) {
                    double ratio = executor.equals(Names.ROUND_ROBIN) || !(roundRobin > 0) ? Double.NaN
                            : results.value(metric, structure, distribution, executor, workers) / roundRobin;
                    row.add(Format.withRatio(cell(metric, structure, distribution, executor, workers), ratio));
                }
                table.row(row);
            }
        }
        return table;
    }

    private String cell(Metric metric, Structure structure, String distribution, String executor, int workers) {
        return results.dictionary(structure, distribution, executor, workers)
                .map(m -> metric == Metric.THROUGHPUT ? Format.throughput(m.throughput(), m.throughputError(), m.rounds())
                        : Format.contention(m.contentionPerTransaction()))
                .orElse(Format.MISSING);
    }

    /** Rows workers, a column per executor and loop: txn/s and the ratio to loop's. */
    private MarkdownTable overheadTable() {
        SortedSet<String> executors = results.overheadExecutors();
        List<String> header = new ArrayList<>(List.of("workers"));
        header.addAll(executors);
        MarkdownTable table = new MarkdownTable(0, header);
        for (int workers : results.overheadWorkers()) {
            double loop = results.overhead(Names.LOOP, workers);
            List<String> row = new ArrayList<>(List.of(Integer.toString(workers)));
            for (String executor : executors) {
                String value = results.findOverhead(executor, workers)
                        .map(m -> Format.throughput(m.throughput(), m.throughputError(), m.rounds()))
                        .orElse(Format.MISSING);
                double ratio = executor.equals(Names.LOOP) ? Double.NaN : results.overhead(executor, workers) / loop;
                row.add(Format.withRatio(value, ratio));
            }
            table.row(row);
        }
        return table;
    }

    private void append(StringBuilder md, MarkdownTable table, int figure, String title) {
        if (table.isEmpty()) {
            md.append("Not measured: the results have no rows for this figure.\n\n");
            return;
        }
        md.append(table).append('\n');
        Path chart = charts.get(figure);
        if (chart != null) {
            md.append("![").append(title).append("](").append(chart.getFileName()).append(")\n\n");
        }
    }
}
