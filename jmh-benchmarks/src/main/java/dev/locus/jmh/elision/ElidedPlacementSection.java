package dev.locus.jmh.elision;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.ClaimSection;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.MarkdownTable;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SectionText;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The part of {@code REPORT.md} on elided critical sections on keyed executors: what the
 * suite measures, its three claims with their verdicts and, in words, whether composition helps,
 * a table of operations/s and ALE's get counts side by side for the two executors, and the chart.
 */
public final class ElidedPlacementSection extends ClaimSection {

    private static final String MEASURED = """
            Map operations per second: [Dice14]'s HashMap (1,024 buckets, key range 4,096, half \
            present at the start, 60% get, 20% insert, 20% remove, 1 KB values: the elision \
            suite's mixed workload), each operation an ALE critical section submitted as a task \
            with KeyedSections.submit from one producer thread (the JMH thread), in batches of 256 \
            that it waits for; "±" as in [Bai06]'s tables. Executors, both with 2 workers: \
            adaptive keyed by the operation's bucket (warm-up partition [0, 1023] cut in two, then \
            its PD-partition), and roundRobin, which ignores the key. Policy: static SWOPT, one \
            optimistic attempt then the lock (Static-SWOPTLock-1), so each failed validation is \
            one fall-back. Maps: "one lock" is the paper's, one ElidableLock and one version word; \
            "16 segments" gives each range of 64 buckets its own lock and version word, so a writer \
            invalidates only its own segment's readers, and placement by bucket sends all of a \
            segment's sections but those of the one segment the partition cuts to one worker. \
            Counts are get's, per second, from ALE's report (its counters' estimates); optimistic \
            failures are attempts − successes, a difference of two of \
            ALE's estimates of millions, so only rough (even negative); the claims read the \
            fall-back counter instead, which under Static-SWOPTLock-1 counts exactly the failed \
            validations. The claims read ALE's lambda form of the sections (CriticalSection); \
            the rows marked "(inline)" run the same map, lock and policy with \
            the sections in ALE's inline form (InlineSection), each compared with \
            round-robin in the same form. "—" marks a cell not measured.""";

    private static final SectionText TEXT = new SectionText(
            "Elided critical sections on keyed executors",
            "[Dice14]'s HashMap driven through adaptive keyed by bucket against round-robin, with ALE's counts"
                    + " side by side.",
            MEASURED,
            "Does placement help elision?",
            "");

    private final ElidedPlacementResults results;

    /**
     * @param claims {@link ElidedPlacementClaims#evaluate}'s
     * @param chart the PNG written, if any
     */
    public ElidedPlacementSection(ElidedPlacementResults results, List<Claim> claims, Optional<Path> chart) {
        super(TEXT, "Operations/s and get's counts", ElidedPlacementChart.TITLE, claims, chart);
        this.results = results;
    }

    @Override
    protected boolean isEmpty() {
        return results.isEmpty();
    }

    /** Whether composition helps, one plain sentence per claim. */
    @Override
    public String conclusion() {
        return "**Fall-backs, " + ElidedPlacementClaims.SEGMENTED + " segments:** " + fallbacks(claims.get(0).verdict())
                + "\n\n**Throughput, " + ElidedPlacementClaims.SEGMENTED + " segments:** "
                + throughput(claims.get(1).verdict())
                + "\n\n**One lock (the prediction):** " + prediction(claims.get(2).verdict());
    }

    private static String fallbacks(Verdict verdict) {
        return switch (verdict) {
            case REPRODUCED -> "composition helps elision here: placing by bucket cuts get's failed validations,"
                    + " hence its fall-backs to the lock, below round-robin's (the 95% interval below 1.00×).";
            case CONTRADICTED -> "composition does not help elision here: get's fall-back rate under placement by"
                    + " bucket is at or above round-robin's (the whole 95% interval at or above 1.00×).";
            case INCONCLUSIVE -> "composition is not shown to help elision: the 95% interval spans 1.00× or there"
                    + " are too few rounds for one.";
            case NOT_TESTABLE, NOT_MEASURED -> verdict + ".";
        };
    }

    private static String throughput(Verdict verdict) {
        return switch (verdict) {
            case REPRODUCED -> "composition costs no throughput here: adaptive runs at least as many operations/s"
                    + " as round-robin.";
            case CONTRADICTED -> "composition does not help throughput here: adaptive runs fewer operations/s than"
                    + " round-robin (the whole 95% interval below 1.00×); whatever elision gains is smaller than"
                    + " what the executor's placement costs.";
            case INCONCLUSIVE -> "not shown either way: the 95% interval spans 1.00× or there are too few rounds.";
            case NOT_TESTABLE, NOT_MEASURED -> verdict + ".";
        };
    }

    private static String prediction(Verdict verdict) {
        return switch (verdict) {
            case REPRODUCED -> "as predicted, placement leaves the fall-back rate alone (within a factor of 2) when one"
                    + " version word covers the whole map.";
            case CONTRADICTED -> "against the prediction, placement changed the fall-back rate by more than a factor of"
                    + " 2 on the one-lock map: something besides the version word, such as how often both workers"
                    + " run at once, differs between the executors.";
            case INCONCLUSIVE -> "the prediction is neither confirmed nor refuted: the 95% interval crosses the band"
                    + " [0.50×, 2.00×] or there are too few rounds.";
            case NOT_TESTABLE, NOT_MEASURED -> verdict + ".";
        };
    }

    /**
     * A row per map and series (executor, in a form): ops/s, get's counts per second, the success
     * rate, the ratios to round-robin in the same form.
     */
    @Override
    protected MarkdownTable table() {
        MarkdownTable table = new MarkdownTable(2, "map", "executor", "ops/s", "optimistic successes/s",
                "optimistic failures/s", "lock fall-backs/s", "fall-backs per 1,000 gets", "ops/s ÷ roundRobin",
                "fall-back rate ÷ roundRobin");
        for (int segments : results.segments()) {
            for (String series : results.series()) {
                results.find(series, segments).ifPresent(m -> {
                    boolean baseline = m.executor().equals(Names.ROUND_ROBIN);
                    table.row(List.of(ElidedPlacementResults.shape(segments), series,
                            Format.throughput(m.opsPerSecond(), m.error(), m.rounds()),
                            Format.throughput(m.successes().mean()), Format.throughput(m.failures().mean()),
                            Format.throughput(m.fallbacks().mean()), perThousand(m.fallbacksPerThousandGets()),
                            baseline ? "baseline" : results.throughputOverRoundRobin(m.form(), m.executor(), segments)
                                    .toString(),
                            baseline ? "baseline" : results.fallbackRateOverRoundRobin(m.form(), m.executor(), segments)
                                    .toString()));
                });
            }
        }
        return table;
    }

    private static String perThousand(double value) {
        return Double.isNaN(value) ? Format.MISSING : String.format(Locale.ROOT, "%.3f", value);
    }
}
