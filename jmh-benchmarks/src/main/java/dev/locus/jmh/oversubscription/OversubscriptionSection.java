package dev.locus.jmh.oversubscription;

import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SectionText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The part of {@code REPORT.md} on [Maldonado10] and [Nicacio10]: what the oversubscription suite measures,
 * the papers' claim per workload, and per workload a table of commit rates and one of abort ratios
 * (configuration × threads) with a link to its chart.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: its claim is one per workload, and each
 * workload has two tables (commit rates, abort ratios) and a chart of its own, where a claim
 * section has one table and one chart for all its claims; it opens as one does, with its
 * {@link SectionText}.
 */
public final class OversubscriptionSection {

    private static final String MEASURED = """
            Each operation is one SPMD phase: N threads each run their share of a fixed number of \
            transactions, and the phase ends when all have committed, so the score is committed \
            transactions per second ("±" as in [Bai06]'s tables: over rounds, else JMH's error). The \
            platform-thread configurations run N platform threads under one contention manager of \
            the STM adapter (softSerialization is left out: without an executor to re-queue into it \
            is basic); luts, ciluts and ctluts run N logical threads on LUTS, one worker per core, \
            with no, contention-intensity or conflict-table avoidance; lutsAts runs them with ATS's \
            serial lane. The STM locks what a transaction writes when it first writes it, as \
            TinySTM does in both papers. The abort ratio is aborted attempts over all attempts, \
            aborts / (aborts + commits). [Maldonado10]'s sets are populated with the given number of \
            keys from twice as many and kept at that size by alternating inserts and removals, with \
            20% updates; the linked lists are walked inside the transaction, so that, as in the \
            paper, a transaction conflicts with every write before its key; STAMP's vacation and kmeans are \
            written for the JVM from STAMP 0.9.10 at its low- and high-contention settings ([Nicacio10] \
            gives their abort ratios only as a chart, its Figure 5, so no paper column stands beside \
            them); the counter array's transactions are half hot (they all update the same eight counters) and \
            half cold (eight of a thousand), so conflict avoidance has a type to switch to. "—" \
            marks a cell not measured.""";
    private static final SectionText TEXT = new SectionText(
            "[Maldonado10] and [Nicacio10]: more threads than cores, platform threads against LUTS",
            "Maldonado et al., \"Scheduling Support for Transactional Memory Contention Management\", §5.1,"
                    + " Figure 4; Nicacio et al., \"LUTS: A Lightweight User-Level Transactional Scheduler\", §4.",
            MEASURED,
            "Does LUTS keep its throughput beyond the cores?",
            "Thresholds: a configuration keeps its throughput if its commit rate at the most threads measured is"
                    + " at least " + Format.percent(OversubscriptionClaims.KEEPS) + " of its rate at the base, the"
                    + " most threads measured with a processor each, and degrades below that; the claim is that"
                    + " luts keeps it and basic degrades. ");

    private final OversubscriptionResults results;
    private final List<Claim> claims;
    private final Map<Workload, Path> charts;

    /** @param charts the PNG written for each workload; a workload without one gets no link */
    public OversubscriptionSection(OversubscriptionResults results, List<Claim> claims, Map<Workload, Path> charts) {
        this.results = results;
        this.claims = claims;
        this.charts = charts;
    }

    /** The section, from its heading. */
    public String document() {
        StringBuilder md = new StringBuilder(TEXT.opening(claims));
        for (Workload workload : Workload.values()) {
            md.append("## ").append(workload.label()).append("\n\n");
            MarkdownTable commits = table(workload, m -> Format.throughput(m.commitRate(), m.commitRateError(), m.rounds()));
            if (commits.isEmpty()) {
                md.append("Not measured: the results have no rows for this workload.\n\n");
                continue;
            }
            md.append("Commits/s:\n\n").append(commits).append('\n');
            md.append("Abort ratio:\n\n").append(table(workload, m -> Format.percentage(m.abortRatio())))
                    .append('\n');
            md.append(besidePaper(workload));
            md.append(switches(workload));
            Path chart = charts.get(workload);
            if (chart != null) {
                md.append("![").append(OversubscriptionCharts.title(workload)).append("](")
                        .append(chart.getFileName()).append(")\n\n");
            }
        }
        return md.toString();
    }

    /**
     * Basic's abort ratio beside [Maldonado10]'s Table 2 contention at the paper's thread counts, for
     * a workload the table has: the paper counts the transactions that abort at least once, this
     * suite the aborted attempts, which differ only when a transaction aborts more than once.
     */
    private String besidePaper(Workload workload) {
        if (workload.paperContention().isEmpty()) {
            return "";
        }
        MarkdownTable table = new MarkdownTable(1, List.of("threads", "[Maldonado10], basic (Table 2)", "basic here"));
        workload.paperContention().forEach((threads, paper) -> table.row(List.of(Integer.toString(threads),
                Format.percentage(paper), results.find(workload, Names.BASIC, threads)
                        .map(m -> Format.percentage(m.abortRatio())).orElse(Format.MISSING))));
        return "Basic's abort ratio beside [Maldonado10]'s contention, the share of transactions that abort at least"
                + " once (16 cores; here the share of attempts that abort, the same where none aborts twice):\n\n"
                + table + "\n";
    }

    /** The LUTS configurations' switches per committed transaction, where any switched. */
    private String switches(Workload workload) {
        MarkdownTable table = table(workload, m -> Format.contention(m.switchesPerCommit()),
                configuration -> results.threads(workload).stream().anyMatch(n -> results.find(workload, configuration, n)
                        .filter(m -> m.switchRate() > 0).isPresent()));
        return table.isEmpty() ? "No configuration switched a transaction out.\n\n"
                : "Switches per committed transaction (conflict avoidance at work):\n\n" + table + "\n";
    }

    /** The oversubscription claim for each workload. */
    public String claimsTable() {
        return Claim.table(claims);
    }

    /** Rows configurations, a column per thread count, each cell {@code cell} of its measurement. */
    private MarkdownTable table(Workload workload, Function<OversubscriptionMeasurement, String> cell) {
        return table(workload, cell, configuration -> true);
    }

    /** As {@link #table(Workload, Function)}, with a row only for the configurations {@code shown} accepts. */
    private MarkdownTable table(Workload workload, Function<OversubscriptionMeasurement, String> cell,
            Predicate<String> shown) {
        List<String> header = new ArrayList<>(List.of("configuration"));
        results.threads(workload).forEach(n -> header.add(n + (n == 1 ? " thread" : " threads")));
        MarkdownTable table = new MarkdownTable(1, header);
        for (String configuration : results.configurations(workload)) {
            if (!shown.test(configuration)) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(configuration));
            results.threads(workload).forEach(n -> row.add(results.find(workload, configuration, n).map(cell)
                    .orElse(Format.MISSING)));
            table.row(row);
        }
        return table;
    }
}
