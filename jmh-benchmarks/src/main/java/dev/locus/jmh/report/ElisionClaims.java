package dev.locus.jmh.report;

import java.util.List;

/**
 * Issue 6's two closing questions on paper 003 §5.1, computed from the elision suite's
 * measurements: is the adaptive policy within 5% of the best static policy in every cell, and how
 * far does SWOPT get above the lock on get-only?
 */
final class ElisionClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   A cell is a (workload, threads) pair. Adaptive is "within" in a cell if its ops/s are at
     *   least WITHIN times each static policy's measured there (lock-only, SWOPT 1, SWOPT 10),
     *   that is of the best; the claim holds if it is within in every cell where adaptive and a
     *   static policy were both measured. Without adaptive rows the claim is not measured.
     *
     *   SWOPT over LOCK is static SWOPT Y=10's ops/s over lock-only's (paper 003's Instrumented)
     *   in each get-only cell, per value size and thread count; it is "above" where the ratio is
     *   at least ABOVE. The 5% margins are paper 002's claims' (Claims.MARGIN).
     *
     *   Every ratio is a Ratio over paired rounds with its 95% interval; a claim is reproduced
     *   if every cell's interval lies on the claim's side of the threshold, contradicted if any
     *   lies wholly on the other side, inconclusive otherwise (CellChecks).
     *
     * Concurrency
     *   None: computed once from immutable results.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   Paper 003 §5.1: "the adaptive policy achieves competitive performance with all static
     *   policies in all cases"; "the successful attempt in SWOpt is up to three times faster than
     *   that in Lock mode" (Figure 2(b)); issue 6, "Must show — JMH".
     */

    /** Adaptive is within the best static policy if at least this fraction of it. */
    static final double WITHIN = 0.95;
    /** SWOPT is above LOCK if its ratio is at least this. */
    static final double ABOVE = 1.05;

    private ElisionClaims() {
    }

    static List<Claim> evaluate(ElisionResults results) {
        return List.of(adaptiveWithinBestStatic(results), swoptAboveLock(results));
    }

    static Claim adaptiveWithinBestStatic(ElisionResults results) {
        String claim = "Adaptive is within 5% of the best static policy in every cell";
        String paper = "adaptive competitive with all static policies in all cases (003 §5.1, Figures 2 and 3)";
        if (!results.has(Names.ADAPTIVE_ELISION)) {
            return Claim.notMeasured(claim, paper, "no " + Names.ADAPTIVE_ELISION + " rows");
        }
        CellChecks checks = new CellChecks();
        for (ElisionWorkload workload : results.workloads()) {
            for (int threads : results.threads(workload)) {
                for (String policy : Names.STATIC_ELISION) {
                    Ratio ratio = Ratio.of(results.rounds(workload, Names.ADAPTIVE_ELISION, threads),
                            results.rounds(workload, policy, threads));
                    checks.add(cell(workload, threads) + ", of " + policy, ratio, Outcome.atLeast(ratio, WITHIN));
                }
            }
        }
        if (checks.isEmpty()) {
            return Claim.notMeasured(claim, paper, "no cell with both adaptive and a static policy");
        }
        return new Claim(claim, paper, "adaptive ÷ each static policy, " + checks.summary(), checks.verdict());
    }

    static Claim swoptAboveLock(ElisionResults results) {
        String claim = "SWOPT gets above LOCK on get-only";
        String paper = "a successful SWOpt attempt up to 3× faster than one in Lock mode (003 §5.1, Figure 2(b))";
        CellChecks checks = new CellChecks();
        for (ElisionWorkload workload : results.workloads()) {
            if (workload.isGetOnly()) {
                for (int threads : results.threads(workload)) {
                    Ratio ratio = Ratio.of(results.rounds(workload, Names.SWOPT_10, threads),
                            results.rounds(workload, Names.LOCK_ONLY, threads));
                    checks.add(cell(workload, threads), ratio, Outcome.atLeast(ratio, ABOVE));
                }
            }
        }
        if (checks.isEmpty()) {
            return Claim.notMeasured(claim, paper, Names.SWOPT_10 + " and " + Names.LOCK_ONLY + " on getOnly");
        }
        return new Claim(claim, paper, "SWOPT_10 ÷ LOCK_ONLY, " + checks.summary(), checks.verdict());
    }

    /** Static SWOPT Y=10's ops/s over lock-only's in one cell; NaN unless both were measured. */
    static double swoptOverLock(ElisionResults results, ElisionWorkload workload, int threads) {
        return results.opsPerSecond(workload, Names.SWOPT_10, threads)
                / results.opsPerSecond(workload, Names.LOCK_ONLY, threads);
    }

    private static String cell(ElisionWorkload workload, int threads) {
        return workload.method() + " " + workload.valueSize() + " B, " + threads + (threads == 1 ? " thread" : " threads");
    }
}
