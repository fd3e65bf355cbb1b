package dev.locus.jmh.toggle;

import dev.locus.jmh.report.CellChecks;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import java.util.List;

/**
 * The claim on transactions run on Toggle, computed from the Toggle + STM suite's
 * measurements: Toggle + STM commits at least as fast as round-robin + STM, in every cell; and
 * the same of Toggle's placement alone.
 */
public final class ToggleStmClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   A cell is a (hierarchy, workers) pair with at least two workers: with one, every scheduler
     *   runs one transaction at a time and there is nothing to place. In each, the ratio of a
     *   Toggle scheduler's commits/s to round-robin's is a Ratio over paired rounds with its 95%
     *   interval, held against AT_LEAST (1.00×: "at least as fast"). A claim is reproduced if
     *   every cell's interval lies at or above it, contradicted if any lies wholly below,
     *   inconclusive otherwise (Outcome.atLeast, CellChecks).
     *
     *   Two claims: toggle, Toggle in scheduler-exclusive mode, which never runs two
     *   transactions whose lock sets meet at once, so that the STM aborts nothing; and
     *   togglePlacement, Toggle's buckets and stealing without its locks, where the STM resolves
     *   what placement leaves to overlap. The report is to say plainly if composition does not
     *   help: a contradicted claim is that statement (ToggleStmSection words it).
     *
     * Concurrency
     *   None: computed once from immutable results.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   [Kalikar19] §3 (scheduler-exclusive mode); [Bai06] §5
     *   (transactions as executor tasks).
     */

    /** "At least as fast": the Toggle scheduler's commits/s ÷ round-robin's at or above this. */
    static final double AT_LEAST = 1.0;
    private static final String PREDICTION = "placement by lock set composes with the STM, keeping"
            + " transactions that touch the same leaves apart";

    private ToggleStmClaims() {
    }

    /** The schedulers the claims hold against round-robin, in the order of {@link #evaluate}'s claims. */
    static final List<String> SCHEDULERS = List.of(Names.TOGGLE_STM, Names.TOGGLE_PLACEMENT);

    /** One claim per scheduler of {@link #SCHEDULERS}, in that order. */
    public static List<Claim> evaluate(ToggleStmResults results) {
        return SCHEDULERS.stream().map(scheduler -> claim(results, scheduler)).toList();
    }

    /** E.g. "Toggle + STM", "Toggle's placement alone + STM". */
    static String label(String scheduler) {
        return switch (scheduler) {
            case Names.TOGGLE_STM -> "Toggle + STM";
            case Names.TOGGLE_PLACEMENT -> "Toggle's placement alone + STM";
            default -> scheduler + " + STM";
        };
    }

    /** {@code scheduler} ÷ round-robin ≥ {@link #AT_LEAST} in every cell with two workers or more. */
    static Claim claim(ToggleStmResults results, String scheduler) {
        String claim = label(scheduler) + " commits at least as fast as round-robin + STM";
        CellChecks checks = new CellChecks();
        for (ToggleStmWorkload workload : results.workloads()) {
            for (int workers : results.workers(workload)) {
                if (workers >= 2) {
                    Ratio ratio = results.overRoundRobin(workload, scheduler, workers);
                    checks.add(workload.label() + ", " + workers + " workers", ratio,
                            Outcome.atLeast(ratio, AT_LEAST));
                }
            }
        }
        if (checks.isEmpty()) {
            return Claim.notMeasured(claim, PREDICTION, scheduler + " and " + Names.ROUND_ROBIN
                    + " in a cell with 2 workers or more");
        }
        return new Claim(claim, PREDICTION, scheduler + " ÷ " + Names.ROUND_ROBIN + ", " + checks.summary(),
                checks.verdict());
    }
}
