package dev.locus.jmh.elision;

import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SectionText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The part of {@code REPORT.md} on [Dice14]: what the elision suite measures, its two closing
 * questions (adaptive against the static policies, SWOPT against the lock), and per workload a
 * table of ops/s (implementation × threads), one of ratios to ALE's lock-only, and a link to its
 * chart.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: each of its workloads has two tables
 * and a chart of its own, where a claim section has one table and one chart; it opens as one does,
 * with its {@link SectionText}.
 */
public final class ElisionSection {

    private static final String MEASURED = """
            Operations per second of all JMH threads on [Dice14]'s HashMap (1,024 buckets of \
            unsorted chains, one lock), "±" as in [Bai06]'s tables: over rounds where a cell \
            has several, else JMH's 99.9% error. Get-only: key range 16, all keys present, each get copies its value out; mixed: \
            60% get, 20% insert, 20% remove over key range 4,096, half full, 1 KB values. \
            UNINSTRUMENTED is the table under a plain ReentrantLock; LOCK_ONLY is ALE's \
            "Instrumented" (every section under the same kind of lock, with ALE's statistics); \
            SWOPT_1 and SWOPT_10 are ALE's static policy with 1 and 10 optimistic attempts for get \
            before the lock (insert and remove always lock, bracketing only their link, unlink or \
            overwrite); ADAPTIVE is ALE's adaptive policy. LOCK_ONLY_INLINE, SWOPT_1_INLINE, \
            SWOPT_10_INLINE and ADAPTIVE_INLINE are the same policies with every section in ALE's \
            inline form (InlineSection: the body written in place between begin and end) \
            rather than its lambda form (CriticalSection, whose bodies are lambdas); the charts draw \
            each dotted, in the colour of its lambda twin. The peers run the same table under \
            synchronized, a ReentrantReadWriteLock (get reads), a StampedLock (one optimistic get, \
            then the read lock), or are a ConcurrentHashMap of byte[] values. A thread count is \
            JMH's (-t). "—" marks a cell not measured.""";
    private static final String NO_HTM = """
            HTM: not measured. [Dice14]'s HTM configurations need a CPU with RTM; the suite has \
            none (the off-heap HashMap and its HTM path exist and are tested through their \
            lock-word fallback), so no row here used hardware transactions.""";
    private static final SectionText TEXT = new SectionText(
            "[Dice14]: adaptive lock elision, the HashMap microbenchmark",
            "Dice et al., \"Adaptive Integration of Hardware and Software Lock Elision Techniques\", §5.1,"
                    + " Figures 2 and 3.",
            MEASURED + "\n\n" + NO_HTM,
            "Adaptive against the static policies, SWOPT against the lock",
            "Thresholds: adaptive is within if its ops/s are at least " + Format.percent(ElisionClaims.WITHIN)
                    + " of the best static policy's (LOCK_ONLY, SWOPT_1, SWOPT_10; in the inline form their _INLINE"
                    + " twins) in the same workload and threads, that is of each; a successful SWOPT attempt is"
                    + " faster where the mean time of LOCK_ONLY's successful LOCK attempt over SWOPT_10's successful"
                    + " SWOPT attempt is ≥ " + Format.ratio(ElisionClaims.ABOVE) + ", in every get-only cell: the"
                    + " times are ALE's own, sampled from about 1 in 1,024 executions of get in the measured"
                    + " iteration, as the paper's Figure 2(b) shows the library's (sampled executions take ALE's"
                    + " full protocol and read the clock, so the times include that bookkeeping). ");

    private final ElisionResults results;
    private final List<Claim> claims;
    private final Map<ElisionWorkload, Path> charts;

    /** @param charts the PNG written for each workload; a workload without one gets no link */
    public ElisionSection(ElisionResults results, List<Claim> claims, Map<ElisionWorkload, Path> charts) {
        this.results = results;
        this.claims = claims;
        this.charts = charts;
    }

    /** The section, from its heading; empty if the results have no elision rows. */
    public String document() {
        if (results.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder(TEXT.opening(claims));
        md.append(attemptTimes());
        md.append(swoptOverLock());
        for (ElisionWorkload workload : results.workloads()) {
            md.append("## ").append(workload.label()).append("\n\n");
            md.append("Ops/s:\n\n").append(table(workload, (implementation, n) -> results.find(workload,
                    implementation, n).map(m -> Format.throughput(m.opsPerSecond(), m.error(), m.rounds()))
                    .orElse(Format.MISSING))).append('\n');
            md.append("÷ LOCK_ONLY at the same threads:\n\n").append(table(workload, (implementation, n) ->
                    Format.ratio(results.opsPerSecond(workload, implementation, n)
                            / results.opsPerSecond(workload, Names.LOCK_ONLY, n)))).append('\n');
            Path chart = charts.get(workload);
            if (chart != null) {
                md.append("![").append(ElisionCharts.title(workload)).append("](")
                        .append(chart.getFileName()).append(")\n\n");
            }
        }
        return md.toString();
    }

    /** The two closing questions. */
    public String claimsTable() {
        return Claim.table(claims);
    }

    /**
     * ALE's mean time of a successful attempt on get-only, LOCK_ONLY's LOCK over SWOPT_10's SWOPT
     * (each the mean over rounds): a row per value size, a column per thread count; empty if the
     * results have none.
     */
    private String attemptTimes() {
        List<ElisionWorkload> getOnly = results.workloads().stream().filter(ElisionWorkload::isGetOnly).toList();
        SortedSet<Integer> threads = new TreeSet<>();
        getOnly.forEach(workload -> threads.addAll(results.threads(workload)));
        MarkdownTable table = new MarkdownTable(1, header("value size", threads));
        boolean any = false;
        for (ElisionWorkload workload : getOnly) {
            List<String> row = new ArrayList<>(List.of(workload.valueSize() + " B"));
            for (int n : threads) {
                double lock = results.lockAttemptNanos(workload, Names.LOCK_ONLY, n).mean();
                double swopt = results.swoptAttemptNanos(workload, Names.SWOPT_10, n).mean();
                boolean measured = Double.isFinite(lock) && Double.isFinite(swopt);
                any |= measured;
                row.add(measured ? String.format(Locale.ROOT, "%s (%.0f ns ÷ %.0f ns)", Format.ratio(lock / swopt),
                        lock, swopt) : Format.MISSING);
            }
            table.row(row);
        }
        return any ? "Mean time of a successful attempt of get, ALE's sampled times: LOCK_ONLY's LOCK ÷ SWOPT_10's"
                + " SWOPT:\n\n" + table + "\n" : "";
    }

    /** SWOPT_10 ÷ LOCK_ONLY on get-only: a row per value size, a column per thread count. */
    private String swoptOverLock() {
        List<ElisionWorkload> getOnly = results.workloads().stream().filter(ElisionWorkload::isGetOnly).toList();
        SortedSet<Integer> threads = new TreeSet<>();
        getOnly.forEach(workload -> threads.addAll(results.threads(workload)));
        MarkdownTable table = new MarkdownTable(1, header("value size", threads));
        for (ElisionWorkload workload : getOnly) {
            List<String> row = new ArrayList<>(List.of(workload.valueSize() + " B"));
            threads.forEach(n -> row.add(Format.ratio(ElisionClaims.swoptOverLock(results, workload, n))));
            table.row(row);
        }
        return table.isEmpty() ? "" : "SWOPT_10 ÷ LOCK_ONLY on get-only, ops/s:\n\n" + table + "\n";
    }

    /** Rows implementations, a column per thread count, each cell {@code cell} of (implementation, threads). */
    private MarkdownTable table(ElisionWorkload workload, BiFunction<String, Integer, String> cell) {
        MarkdownTable table = new MarkdownTable(1, header("implementation", results.threads(workload)));
        for (String implementation : results.implementations(workload)) {
            List<String> row = new ArrayList<>(List.of(implementation));
            results.threads(workload).forEach(n -> row.add(cell.apply(implementation, n)));
            table.row(row);
        }
        return table;
    }

    private static List<String> header(String first, SortedSet<Integer> threads) {
        List<String> header = new ArrayList<>(List.of(first));
        threads.forEach(n -> header.add(n + (n == 1 ? " thread" : " threads")));
        return header;
    }
}
