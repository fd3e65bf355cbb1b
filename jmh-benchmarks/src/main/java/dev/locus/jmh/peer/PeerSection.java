package dev.locus.jmh.peer;

import dev.locus.jmh.peer.PeerResults.Point;
import dev.locus.jmh.peer.PeerTargets.Target;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.function.BiFunction;

/**
 * The part of {@code REPORT.md} on the peer suite: what it measures, its targets with their
 * verdicts, and per workload a table of tasks/s (implementation × producers), tables of ratios to
 * ThreadPoolExecutor and to BookKeeper's OrderedExecutor in the same run, and links to its charts.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: its verdicts are targets
 * ({@link PeerTargets}) with a threshold per workload, not claims of a paper, and each workload
 * has its own tables and a chart per worker count.
 */
public final class PeerSection {

    private static final String MEASURED = """
            Tasks completed per second: each producer (a JMH thread) submits a batch of 1,000 tasks \
            with their keys and waits until all have run. A cell measured in several rounds shows their \
            mean and the 95% half-width over rounds relative to it; one measured once, JMH's 99.9% \
            half-width over its iterations. Executors: threadPool (ThreadPoolExecutor, N threads, \
            LinkedBlockingQueue) and forkJoin (ForkJoinPool(N)) ignore the key; bookkeeper is \
            BookKeeper's OrderedExecutor (bookkeeper-common 4.17.1, builder defaults, \
            executeOrdered(long, Runnable)); striped is N newSingleThreadExecutor()s by key mod N; \
            roundRobin, fixedRange and adaptive are locus's LocusExecutors, adaptivePerThread adaptive \
            with Ordering.PER_KEY_PER_THREAD (order per submitting thread only). Workloads: empty tasks \
            on consecutive keys, one reusable task per producer; a counter increment per task \
            (AtomicLongArray) with keys uniform over 10^5, Zipf s = 1.1 over 10^5 or exponential \
            λ = 0.001 in 17 bits; per-key state, a 64-byte record per key updated by each task on \
            the Zipf stream, with plain fields under the executors that run one key on one worker \
            at a time (fixedRange, adaptive, adaptivePerThread, bookkeeper, striped) and under the record's monitor \
            under the others. Every run checked its final state (no task lost or run twice, no \
            update lost or torn). "—" marks a cell not measured.""";
    private static final Map<String, String> LABELS = Map.of(
            Names.EMPTY, "empty tasks, consecutive keys",
            Names.UNIFORM, "counter per task, keys uniform over 10^5",
            Names.ZIPF, "counter per task, keys Zipf s = 1.1 over 10^5",
            Names.EXPONENTIAL, "counter per task, keys exponential λ = 0.001 in 17 bits",
            Names.PER_KEY_STATE, "per-key 64-byte record per task, Zipf keys");

    private final PeerResults results;
    private final List<Target> targets;
    private final Map<String, List<Path>> charts;

    /** @param charts the PNGs written for each workload; a workload without any gets no link */
    public PeerSection(PeerResults results, List<Target> targets, Map<String, List<Path>> charts) {
        this.results = results;
        this.targets = targets;
        this.charts = charts;
    }

    /** The section, from its heading; empty if the results have no peer rows. */
    public String document() {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder();
        md.append("# Peers: locus's keyed executors against their peers\n\n");
        md.append("The machine and profile are under \"Run\" above.\n\n");
        md.append("## What is measured\n\n").append(MEASURED).append("\n\n");
        md.append("## The peer suite's targets\n\n").append(targetsTable())
                .append("\nEach ratio is the geometric mean of its per-round ratios with its 95% paired"
                        + " t-interval (rounds of the same index are paired). A target is met if the whole interval"
                        + " is at or above it, missed if all below, inconclusive if it spans it or a cell has too few"
                        + " rounds for one.\n\n");
        for (String workload : results.workloads()) {
            md.append("## ").append(label(workload)).append("\n\n");
            md.append("Tasks/s").append(workersNote(workload)).append(":\n\n").append(table(workload, (implementation, point) -> results
                    .find(workload, implementation, point)
                    .map(m -> Format.throughput(m.tasksPerSecond(), m.error(), m.rounds())).orElse(Format.MISSING))).append('\n');
            for (String reference : List.of(Names.THREAD_POOL, Names.BOOKKEEPER)) {
                md.append("÷ ").append(reference).append(" in the same cell").append(workersNote(workload))
                        .append(":\n\n").append(table(workload,
                        (implementation, point) -> Format.ratio(results.tasksPerSecond(workload, implementation, point)
                                / results.tasksPerSecond(workload, reference, point)))).append('\n');
            }
            for (Path chart : charts.getOrDefault(workload, List.of())) {
                md.append("![").append(label(workload)).append("](").append(chart.getFileName()).append(")\n\n");
            }
        }
        return md.toString();
    }

    /** The peer suite's targets: goal, cell, verdict, measured ratio with its interval. */
    public String targetsTable() {
        MarkdownTable table = new MarkdownTable(3, "target", "cell", "verdict", "measured");
        for (Target target : targets) {
            table.row(target.goal(), target.cell(), target.verdict().toString(), target.ratio().toString());
        }
        return table.toString();
    }

    /** E.g. "Keyed executors against their peers — counter per task, keys Zipf s = 1.1 over 10^5: tasks/s" (the workers go under it). */
    static String chartTitle(String workload) {
        return "Keyed executors against their peers — " + label(workload) + ": tasks/s";
    }

    /** E.g. {@code peers-zipf-2w.png}. */
    static String chartFile(String workload, int workers) {
        return "peers-" + workload + "-" + workers + "w.png";
    }

    /** E.g. "1 producer", "2 producers". */
    static String producers(int producers) {
        return producers + (producers == 1 ? " producer" : " producers");
    }

    /** " at 2 workers" where the workload was measured at one worker count; its columns say otherwise. */
    private String workersNote(String workload) {
        SortedSet<Integer> workers = results.workers(workload);
        return workers.size() == 1 ? " at " + workers.first() + (workers.first() == 1 ? " worker" : " workers") : "";
    }

    private static String label(String workload) {
        return LABELS.getOrDefault(workload, workload);
    }

    /** Rows implementations, a column per point, each cell {@code cell} of (implementation, point). */
    private MarkdownTable table(String workload, BiFunction<String, Point, String> cell) {
        SortedSet<Point> points = results.points(workload);
        boolean oneWorkerCount = results.workers(workload).size() == 1;
        List<String> header = new ArrayList<>(List.of("implementation"));
        points.forEach(p -> header.add(producers(p.producers()) + (oneWorkerCount ? "" : ", " + p.workers() + " w")));
        MarkdownTable table = new MarkdownTable(1, header);
        for (String implementation : results.implementations(workload)) {
            List<String> row = new ArrayList<>(List.of(implementation));
            points.forEach(point -> row.add(cell.apply(implementation, point)));
            table.row(row);
        }
        return table;
    }
}
