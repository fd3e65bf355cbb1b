package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.ClaimSection;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.SectionText;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The part of {@code REPORT.md} on transactions on Toggle: what the Toggle + STM suite
 * measures, the claim that Toggle + STM commits at least as fast as round-robin + STM with its
 * verdict and, in words, whether composition helps, a table of commits/s, aborts per commit and
 * the ratio to round-robin per cell, and a link to the chart.
 */
public final class ToggleStmSection extends ClaimSection {

    private static final String MEASURED = """
            Committed transactions per second: each JMH operation submits 1,000 transactions from \
            one producer thread (the JMH thread) through the STM adapter (Multiverse, its default \
            contention manager Polka) and waits until all have committed; "±" as in [Bai06]'s \
            tables: over rounds where a cell has several, else JMH's 99.9% error. The transactions \
            are the Toggle suite's hierarchical tasks, drawn once from a fixed seed and replayed, \
            each a transaction over one Multiverse counter per leaf below the nodes of its lock \
            set. Aborts per commit are aborted attempts ÷ committed transactions. Schedulers: \
            roundRobin is locus's round-robin keyed executor under TransactionalExecutor.on, where \
            transactions touching the same leaves overlap whenever they land on different workers; \
            toggle is ToggleExecutor in scheduler-exclusive mode under TransactionalExecutor.on, \
            which never runs two transactions whose lock sets meet at once; togglePlacement is \
            Toggle's placement alone (buckets and stealing, a lock manager that takes nothing), \
            where the STM resolves what placement leaves to overlap. Workers are the scheduler's \
            threads; the producer is one more. "—" marks a cell not measured.""";

    private static final SectionText TEXT = new SectionText(
            "Transactions on Toggle",
            "Toggle + STM against round-robin + STM on the STMBench7-shaped and XML hierarchies.",
            MEASURED,
            "Does Toggle + STM commit at least as fast as round-robin + STM?",
            "Threshold: a scheduler ÷ roundRobin ≥ " + Format.ratio(ToggleStmClaims.AT_LEAST)
                    + " in every cell with 2 workers or more. ");

    private final ToggleStmResults results;

    /**
     * @param claims {@link ToggleStmClaims#evaluate}'s, one per scheduler of {@link ToggleStmClaims#SCHEDULERS}
     * @param chart the PNG written, if any
     */
    public ToggleStmSection(ToggleStmResults results, List<Claim> claims, Optional<Path> chart) {
        super(TEXT, "Commits/s and aborts per commit", ToggleStmChart.TITLE, claims, chart);
        this.results = results;
    }

    @Override
    protected boolean isEmpty() {
        return results.isEmpty();
    }

    /** Whether composition helps, one plain sentence per claim. */
    @Override
    public String conclusion() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < claims.size(); i++) {
            String who = ToggleStmClaims.label(ToggleStmClaims.SCHEDULERS.get(i));
            text.append(i == 0 ? "" : "\n\n").append("**").append(who).append(":** ")
                    .append(conclusion(claims.get(i).verdict(), who));
        }
        return text.toString();
    }

    private static String conclusion(Verdict verdict, String who) {
        return switch (verdict) {
            case REPRODUCED -> "composition helps here: " + who + " commits at least as fast as round-robin + STM"
                    + " in every cell (every 95% interval at or above 1.00×).";
            case CONTRADICTED -> "composition does not help here: " + who + " commits fewer transactions per second"
                    + " than round-robin + STM in at least one cell (its whole 95% interval below 1.00×; the rows"
                    + " marked \"below\").";
            case INCONCLUSIVE -> "composition is not shown to help: in at least one cell the 95% interval spans"
                    + " 1.00× or there are too few rounds for one (the rows marked \"spans\" or \"no interval\"),"
                    + " and in none is it wholly below.";
            case NOT_TESTABLE, NOT_MEASURED -> verdict + ".";
        };
    }

    /** A row per hierarchy, workers and scheduler: commits/s, aborts per commit, the ratio to round-robin. */
    @Override
    protected MarkdownTable table() {
        MarkdownTable table = new MarkdownTable(3, "hierarchy", "workers", "scheduler", "commits/s", "aborts/commit",
                "÷ roundRobin, 95% interval", "against 1.00×");
        for (ToggleStmWorkload workload : results.workloads()) {
            for (int workers : results.workers(workload)) {
                for (String scheduler : results.schedulers()) {
                    results.find(workload, scheduler, workers).ifPresent(m -> {
                        boolean baseline = scheduler.equals(Names.ROUND_ROBIN);
                        Ratio ratio = results.overRoundRobin(workload, scheduler, workers);
                        table.row(List.of(workload.label(), Integer.toString(workers), scheduler,
                                Format.throughput(m.commitsPerSecond(), m.error(), m.rounds()),
                                Format.perCommit(m.abortsPerCommit()),
                                baseline ? "baseline" : ratio.toString(),
                                baseline || workers < 2 || !ratio.isMeasured() ? "" : against(ratio)));
                    });
                }
            }
        }
        return table;
    }

    /** Where the ratio's interval lies against 1.00×: "at or above", "below", "spans", or "no interval". */
    private static String against(Ratio ratio) {
        if (!ratio.hasInterval()) {
            return "no interval";
        }
        return switch (Outcome.atLeast(ratio, ToggleStmClaims.AT_LEAST)) {
            case HOLDS -> "at or above";
            case FAILS -> "below";
            case OPEN -> "spans";
        };
    }
}
