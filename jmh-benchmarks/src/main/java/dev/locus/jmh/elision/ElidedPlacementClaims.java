package dev.locus.jmh.elision;

import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import java.util.List;

/**
 * The claims on placement and lock elision, from the elided-placement suite's measurements:
 * on the segmented map, placement by bucket cuts get's fall-backs to the lock below round-robin's
 * and runs at least as many operations per second; on the one-lock map, the prediction that
 * placement cannot change the fall-back rate much.
 */
public final class ElidedPlacementClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   Every claim is a Ratio of adaptive over round-robin in one cell (the map's shape), over
     *   paired rounds with its 95% interval. Fall-back rates are per round: gets completed under
     *   the lock ÷ all gets, from ALE's report, each count plus one per second
     *   (ElidedPlacementMeasurement.fallbackRate), since placement can leave a round without
     *   fall-backs and Ratio takes logarithms. Under Static-SWOPTLock-1 each fall-back is exactly
     *   one failed validation, so this is also get's optimistic failure rate, read from a counter
     *   of its own rather than as attempts − successes (see ElidedPlacementMeasurement).
     *
     *   Claims 1 and 2 (segmented map) are the point: placement that sends a segment's
     *   conflicting sections to one worker should cut fall-backs ("below" 1.00×, Outcome.below),
     *   and the whole should not lose throughput by it ("at least" 1.00×). Claim 3 (one lock) is
     *   the prediction: one version word, so a writer on either worker invalidates every
     *   concurrent reader and placement should leave the fall-back rate alone; "tied" within a
     *   factor of two (Outcome.within), as rare events' rates are noisy. The report is to say
     *   plainly if composition does not help: ElidedPlacementSection words each verdict.
     *
     *   The claims read the lambda form's cells; the inline form's
     *   are shown beside them in the section, not claimed.
     *
     * Concurrency
     *   None: computed once from immutable results.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   [Dice14] §3.2 (the version word), §5.1 (the HashMap).
     */

    /** The threshold of claims 1 and 2: adaptive ÷ round-robin against 1.00×. */
    static final double ONE = 1.0;
    /** Claim 3's band: adaptive's fall-back rate within this factor of round-robin's, either way. */
    static final double TIE_FACTOR = 2.0;
    /** The map of the segmented claims: 16 segments, as the benchmark measures it. */
    static final int SEGMENTED = 16;
    private static final String PREDICTION = "placement that sends conflicting sections to one worker"
            + " should raise the optimistic success rate and cut fall-backs to the lock";

    private ElidedPlacementClaims() {
    }

    /** The three claims, in the order the section words them. */
    public static List<Claim> evaluate(ElidedPlacementResults results) {
        Ratio segmentedFallbacks = results.fallbackRateOverRoundRobin(ElisionForm.LAMBDA, Names.ADAPTIVE, SEGMENTED);
        Ratio throughput = results.throughputOverRoundRobin(ElisionForm.LAMBDA, Names.ADAPTIVE, SEGMENTED);
        Ratio oneLockFallbacks = results.fallbackRateOverRoundRobin(ElisionForm.LAMBDA, Names.ADAPTIVE, 1);
        return List.of(
                claim(segmentedFallbacks, Outcome.below(segmentedFallbacks, ONE), "On " + SEGMENTED
                        + " segments, adaptive keyed by bucket cuts get's fall-backs to the lock below round-robin's",
                        "fall-backs per get"),
                claim(throughput, Outcome.atLeast(throughput, ONE), "On " + SEGMENTED
                        + " segments, adaptive keyed by bucket runs at least as many operations/s as round-robin",
                        "operations/s"),
                claim(oneLockFallbacks, Outcome.within(oneLockFallbacks, 1 / TIE_FACTOR, TIE_FACTOR),
                        "On one lock, adaptive keyed by bucket leaves get's fall-backs to the lock within a factor of"
                                + " 2 of round-robin's (one version word: the prediction)", "fall-backs per get"));
    }

    private static Claim claim(Ratio ratio, Outcome outcome, String claim, String what) {
        if (!ratio.isMeasured()) {
            return Claim.notMeasured(claim, PREDICTION, "adaptive and roundRobin on that map");
        }
        return new Claim(claim, PREDICTION, "adaptive ÷ roundRobin, " + what + ": " + ratio, Claim.Verdict.ofAll(outcome));
    }
}
