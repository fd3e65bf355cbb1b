package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SectionText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The part of {@code REPORT.md} on [Kalikar19]: what the Toggle suite measures, its closing
 * claims (Toggle against round-robin and DomLock, stealing under skew), and per figure a table of
 * tasks/s (configuration × x value, with the ratio to round-robin + DomLock) for each of its
 * panels and a link to its chart; for Figure 5, the share of the tasks each worker ran.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: it follows the paper's figures, each
 * with a table per panel and a chart, where a claim section has one table and one chart; it opens
 * as one does, with its {@link SectionText}.
 */
public final class ToggleSection {

    private static final String MEASURED = """
            Tasks per second: each JMH operation submits 1,000 hierarchical tasks from one producer \
            thread (the JMH thread) and waits until all have run; "±" as in [Bai06]'s tables: \
            over rounds where a cell has several, else JMH's 99.9% error. Every task is drawn once from a fixed seed and \
            replayed, so every configuration runs the same tasks. A task holds its lock set while \
            it reads the counters of up to 4 leaves below each node it locks for reading, \
            increments those below each node it locks for writing, reading each counter and writing \
            it back after some computation, and computes for about two microseconds in all (JMH's \
            consumeCPU(1000)). Configurations: roundRobin is locus's round-robin \
            executor (a queue per worker, tasks dealt in turn: the paper's fair round-robin), its \
            tasks taking their locks from the lock manager named; toggle is ToggleExecutor in \
            lock-manager mode over the same manager ([Kalikar19]'s Toggle + DomLock), stealing on; \
            toggleNoSteal the same with stealing off; toggleExclusive is ToggleExecutor in \
            scheduler-exclusive mode, whose tasks take no locks. Lock managers: coarse (one \
            read-write lock), mediumGrained (one per level), intention (IS/IX/S/SIX/X from the \
            root), domLock (the dominator's leaf interval in a FIFO pool), numLock (a few merged \
            intervals). Workers are the scheduler's threads; the producer is one more thread. A \
            ratio in brackets is the configuration's tasks/s ÷ roundRobin + domLock's in the same \
            cell. "—" marks a cell not measured.""";

    private static final SectionText TEXT = new SectionText(
            "[Kalikar19]: Toggle, contention-aware scheduling of hierarchical tasks",
            "Kalikar and Nasre, \"Toggle: Contention-Aware Task Scheduler for Concurrent Hierarchical"
                    + " Operations\", §4, Figures 3–6(a).",
            MEASURED,
            "Toggle against round-robin and DomLock, stealing under skew",
            "Thresholds: the XML claim is reproduced if Toggle's speedup from 1 worker to the most, over"
                    + " round-robin's, is ≥ " + Format.ratio(ToggleClaims.PAPER_XML_GAIN) + " (the paper's +16%;"
                    + " that is toggle ÷ roundRobin at the most workers over the same ratio at 1 worker, where there"
                    + " is nothing to schedule); Toggle is above DomLock in a cell at ≥ "
                    + Format.ratio(1 + ToggleClaims.MARGIN) + ", in every cell with 2 workers or more; stealing pays"
                    + " only under skew if on ÷ off ≥ " + Format.ratio(1 + ToggleClaims.MARGIN) + " on the skewed"
                    + " workload and within " + Format.percent(ToggleClaims.MARGIN) + " of 1.00× (tied) on the"
                    + " uniform one. ");

    /** The auxiliary counter of tasks run by a worker from another's bucket. */
    static final String STEALS = "steals";

    private final ToggleResults results;
    private final List<Claim> claims;
    private final Map<ToggleFigure, Path> charts;

    /** @param charts the PNG written for each figure; a figure without one gets no link */
    public ToggleSection(ToggleResults results, List<Claim> claims, Map<ToggleFigure, Path> charts) {
        this.results = results;
        this.claims = claims;
        this.charts = charts;
    }

    /** The section, from its heading; empty if the results have no Toggle rows. */
    public String document() {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder(TEXT.opening(claims));
        for (ToggleFigure figure : ToggleFigure.values()) {
            md.append("## ").append(figure.title()).append("\n\n").append(caption(figure)).append("\n\n");
            if (!results.has(figure)) {
                md.append("Not measured: the results have no rows for this figure.\n\n");
                continue;
            }
            for (String group : results.groups(figure)) {
                md.append("### ").append(group).append("\n\n")
                        .append(figure == ToggleFigure.STEALING ? workerTable(group) : table(figure, group))
                        .append('\n');
            }
            Path chart = charts.get(figure);
            if (chart != null) {
                md.append("![").append(figure.title()).append("](").append(chart.getFileName()).append(")\n\n");
            }
        }
        return md.toString();
    }

    /** The closing claims. */
    public String claimsTable() {
        return Claim.table(claims);
    }

    /** Rows configurations, a column per x value: tasks/s and the ratio to round-robin + DomLock. */
    private MarkdownTable table(ToggleFigure figure, String group) {
        List<String> header = new ArrayList<>(List.of("configuration"));
        results.xs(figure, group).forEach(x -> header.add(figure.xTitle() + " " + x));
        MarkdownTable table = new MarkdownTable(1, header);
        for (String configuration : results.configurations(figure, group)) {
            List<String> row = new ArrayList<>(List.of(configuration));
            for (int x : results.xs(figure, group)) {
                String value = results.find(figure, group, configuration, x)
                        .map(m -> Format.throughput(m.tasksPerSecond(), m.error(), m.rounds())).orElse(Format.MISSING);
                double ratio = configuration.equals(Names.ROUND_ROBIN_DOM_LOCK) ? Double.NaN
                        : results.ratio(figure, group, configuration, Names.ROUND_ROBIN_DOM_LOCK, x);
                row.add(Format.withRatio(value, ratio));
            }
            table.row(row);
        }
        return table;
    }

    /** Figure 5: rows configurations; tasks/s, then each worker's share of the tasks run, and the stolen share. */
    private MarkdownTable workerTable(String group) {
        int workers = results.xs(ToggleFigure.STEALING, group).last();
        List<String> header = new ArrayList<>(List.of("configuration", "tasks/s"));
        IntStream.range(0, workers).forEach(i -> header.add("worker " + i));
        header.add("stolen");
        MarkdownTable table = new MarkdownTable(1, header);
        for (String configuration : results.configurations(ToggleFigure.STEALING, group)) {
            results.find(ToggleFigure.STEALING, group, configuration, workers).ifPresent(m -> {
                double total = IntStream.range(0, workers).mapToDouble(i -> m.secondary(workerCounter(i))).sum();
                List<String> row = new ArrayList<>(List.of(configuration, Format.throughput(m.tasksPerSecond(),
                        m.error(), m.rounds())));
                IntStream.range(0, workers).forEach(i -> row.add(share(m.secondary(workerCounter(i)), total)));
                row.add(share(m.secondary(STEALS), total));
                table.row(row);
            });
        }
        return table;
    }

    /** The auxiliary counter of tasks run by worker {@code i}. */
    static String workerCounter(int i) {
        return "worker" + i;
    }

    private static String share(double part, double total) {
        return Double.isFinite(part) && total > 0 ? Format.percentage(part / total)
                : Format.MISSING;
    }

    private static String caption(ToggleFigure figure) {
        return switch (figure) {
            case STMBENCH7 -> """
                    STMBench7's object graph with its default sizes (101,594 nodes: 364 complex \
                    assemblies in 6 levels of fan-out 3, 729 base assemblies each sharing 3 of 500 \
                    composite parts, 200 atomic parts each), a DAG. A task locks an atomic part (40%), \
                    a composite part (30%), the 3 composite parts of a base assembly (20%) or a complex \
                    assembly (10%); read-only tasks lock for reading, the others for writing, in \
                    STMBench7's mixes: read-dominated 90% read-only, read-write 60%, write-dominated 10%. \
                    The paper: Toggle 44%, 22% and 10% above coarse, medium-grained and DomLock.""";
            case XML -> """
                    The tree-bank-shaped document of TreebankGenerator (the real tree-bank is not \
                    redistributable) at the scale named (1.0: 2,437,666 elements, depth up to 36, mean \
                    about 7.9). A task locks 2 nodes: for half the tasks drawn with equal probability \
                    from all nodes, for the other half from the nodes of one of 16 equal leaf ranges; \
                    30% of tasks write (the paper's read:write of 7:3). The paper: Toggle 16% above \
                    round-robin, both over DomLock, scaling where round-robin does not.""";
            case SKEWNESS -> """
                    A 4-ary tree of 1,000,000 nodes whose leaves are cut into as many equal ranges as \
                    the skewness; each task picks a range at random and locks 2 nodes drawn with equal \
                    probability from the nodes wholly inside it (skewness 1: from the whole tree); 30% \
                    of tasks write. The paper runs 16 threads and finds Toggle's gain largest at the \
                    highest skewness.""";
            case NODES_PER_TASK -> """
                    The same tree; every task locks its nodes in the first of as many equal leaf ranges \
                    as there are workers, so all tasks fall in the first worker's bucket: the worst case \
                    for Toggle. The paper: Toggle above round-robin except at 1 node per task.""";
            case STEALING -> """
                    Share of the tasks each worker ran (from the executors' per-worker counters), and \
                    the share a worker ran from another's bucket. Uniform: skewness 1, 2 nodes per \
                    task; skewed: the one-bucket workload of Figure 4(b) with 2 nodes per task. The \
                    paper: under uniform accesses stealing on and off run alike; under skew stealing \
                    adds throughput.""";
            case HIERARCHY_SIZE -> """
                    4-ary trees of 100 to 1,000,000 nodes; each task locks 2 nodes drawn with equal \
                    probability from the whole tree; 30% of tasks write. The paper: Toggle above \
                    DomLock at every size.""";
        };
    }
}
