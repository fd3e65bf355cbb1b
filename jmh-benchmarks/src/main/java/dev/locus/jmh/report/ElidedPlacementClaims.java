package dev.locus.jmh.report;

import java.util.List;

/**
 * Issue 17's claims on placement and lock elision, from the elided-placement suite's measurements:
 * on the segmented map, placement by bucket keeps get's optimistic success rate at least as high
 * as round-robin's and runs at least as many operations per second; on the one-lock map, the
 * prediction that placement cannot raise the success rate.
 */
final class ElidedPlacementClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   Every claim is a Ratio of adaptive over round-robin in one cell (the map's shape), over
     *   paired rounds with its 95% interval. Success rates are per round: get's optimistic
     *   successes ÷ its optimistic attempts, both from ALE's report; a rate is never 0 in a
     *   measured cell, so its logarithm, which Ratio takes, is finite, while fall-back counts
     *   can be 0 under placement (the table shows them, per 1,000 operations).
     *
     *   Claims 1 and 2 (segmented map) are issue 17's point: placement that sends a segment's
     *   conflicting sections to one worker should raise the optimistic success rate, and the
     *   whole should not lose throughput by it; "at least" (Outcome.atLeast, 1.00×). Claim 3 (one
     *   lock) is the prediction: one version word, so a writer on either worker invalidates every
     *   reader and placement cannot raise the rate; "at most" 1.00× (Outcome.atMost). Issue 17 asks
     *   to say plainly if composition does not help: ElidedPlacementSection words each verdict.
     *
     * Concurrency
     *   None: computed once from immutable results.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   Issue 17, items 2 and 3(b); paper 003 §3.2 (the version word), §5.1 (the HashMap).
     */

    /** The threshold of every claim: adaptive ÷ round-robin against 1.00×. */
    static final double ONE = 1.0;
    /** The map of the segmented claims: 16 segments, as the benchmark measures it. */
    static final int SEGMENTED = 16;
    private static final String ISSUE = "issue 17: placement that sends conflicting sections to one worker"
            + " should raise the optimistic success rate and cut fall-backs to the lock";

    private ElidedPlacementClaims() {
    }

    /** The three claims, in the order the section words them. */
    static List<Claim> evaluate(ElidedPlacementResults results) {
        return List.of(
                claim(results.successRateOverRoundRobin(Names.ADAPTIVE, SEGMENTED), true,
                        "On " + SEGMENTED + " segments, adaptive keyed by bucket keeps get's optimistic success"
                                + " rate at least as high as round-robin's", "success rate"),
                claim(results.throughputOverRoundRobin(Names.ADAPTIVE, SEGMENTED), true,
                        "On " + SEGMENTED + " segments, adaptive keyed by bucket runs at least as many operations/s"
                                + " as round-robin", "operations/s"),
                claim(results.successRateOverRoundRobin(Names.ADAPTIVE, 1), false,
                        "On one lock, adaptive keyed by bucket does not raise get's optimistic success rate over"
                                + " round-robin's (one version word: the prediction)", "success rate"));
    }

    private static Claim claim(Ratio ratio, boolean atLeast, String claim, String what) {
        if (!ratio.isMeasured()) {
            return Claim.notMeasured(claim, ISSUE, "adaptive and roundRobin on that map");
        }
        Outcome outcome = atLeast ? Outcome.atLeast(ratio, ONE) : Outcome.atMost(ratio, ONE);
        return new Claim(claim, ISSUE, "adaptive ÷ roundRobin, " + what + ": " + ratio,
                Claim.Verdict.ofAll(outcome));
    }
}
