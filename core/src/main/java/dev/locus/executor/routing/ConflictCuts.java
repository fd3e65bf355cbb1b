package dev.locus.executor.routing;

/**
 * Moves each cut of a partition, within a tolerance, to where aborted keys are sparsest, so that a
 * cluster of keys whose transactions conflict lies wholly on one worker.
 *
 * <p>Both inputs are sorted samples. The load samples say where the work is (keys drawn in
 * proportion to cost, or to tasks); the abort samples say where aborts happened, a key once per
 * abort. A cut may move so far that neither worker beside it grows beyond {@code 1 + slack} times
 * the fair share of the load samples, counted against the cuts already moved on its left. Abort
 * density at a position is the number of abort samples among the keys of a neighbourhood of load
 * samples around it (an eighth of the tolerance on either side), divided by the load samples among
 * the same keys, so it is aborts per unit of load: a busy range is not mistaken for a conflicting
 * one. A cut moves to the position of least density, the nearest of equals, only when that
 * density is at most half the density at the cut and lower by five standard deviations (both
 * counts taken as Poisson, since the load samples are random too); aborts spread evenly leave
 * every cut where it was.
 */
final class ConflictCuts {

    /** Standard deviations (Poisson) by which a move must lower the abort rate. */
    private static final double SIGNIFICANCE = 5.0;
    /** A move must leave at most this fraction of the abort rate at the cut. */
    private static final double MAX_REMAINING = 0.5;
    /** The neighbourhood reaches this fraction of the tolerance to either side of a position. */
    private static final int NEIGHBOURHOOD_PER_TOLERANCE = 8;

    /** Fewer abort samples than this never move a cut. */
    static final int MIN_ABORTS = (int) Math.ceil(SIGNIFICANCE * SIGNIFICANCE);

    private ConflictCuts() {
    }

    /**
     * The cuts moved off dense abort clusters, or equal to {@code cuts} where no move is worth it.
     *
     * @param cuts ascending boundaries of a range table
     * @param load sorted keys sampled in proportion to load
     * @param aborts sorted keys of aborted attempts
     * @param slack how far beyond its fair share of {@code load} a move may grow a worker (0.05: 5%)
     */
    static long[] adjust(long[] cuts, long[] load, long[] aborts, double slack) {
        long[] moved = cuts.clone();
        int n = load.length;
        if (n == 0 || aborts.length < MIN_ABORTS) {
            return moved;
        }
        double fair = (double) n / (cuts.length + 1);
        int cap = (int) (fair * (1 + slack));
        int radius = Math.max(1, (int) Math.round(fair * slack / NEIGHBOURHOOD_PER_TOLERANCE));
        for (int i = 0; i < cuts.length; i++) {
            boolean last = i == cuts.length - 1;
            int at = below(load, cuts[i]);
            int previous = i == 0 ? 0 : below(load, moved[i - 1]);
            int next = last ? n : below(load, cuts[i + 1]);
            int lo = Math.max(previous, next - cap);
            int hi = Math.min(Math.min(next, previous + cap), n - 1);
            if (at < lo || at > hi) {
                continue; // the cut is already beyond the tolerance; balance is not ours to change
            }
            Density here = Density.around(load, aborts, at, radius);
            int best = at;
            Density lowest = here;
            for (int k = lo; k <= hi; k++) {
                if (k > 0 && load[k - 1] == load[k]) {
                    continue; // no cut falls between two samples of one key
                }
                Density d = Density.around(load, aborts, k, radius);
                if (d.lowerThan(lowest) || !lowest.lowerThan(d) && Math.abs(k - at) < Math.abs(best - at)) {
                    best = k;
                    lowest = d;
                }
            }
            if (best != at && lowest.significantlyBelow(here)) {
                moved[i] = last ? load[best] : Math.min(load[best], cuts[i + 1]);
            }
        }
        return moved;
    }

    /**
     * Abort and load samples among the keys from the {@code radius}-th load sample left of a
     * position to the {@code radius}-th right of it. Counted over the same keys, their ratio does
     * not depend on how many keys the neighbourhood happens to span.
     */
    private record Density(int aborts, int load) {

        static Density around(long[] load, long[] aborts, int k, int radius) {
            long from = load[Math.max(0, k - radius)];
            long to = load[Math.min(load.length - 1, k + radius - 1)];
            return new Density(count(aborts, from, to), count(load, from, to));
        }

        boolean lowerThan(Density other) {
            return (long) aborts * other.load < (long) other.aborts * load;
        }

        /** At most {@code MAX_REMAINING} of {@code other}'s rate, and below it by {@code SIGNIFICANCE} sd. */
        boolean significantlyBelow(Density other) {
            double variance = variance() + other.variance();
            return rate() <= MAX_REMAINING * other.rate()
                    && other.rate() - rate() >= SIGNIFICANCE * Math.sqrt(variance);
        }

        double rate() {
            return (double) aborts / load;
        }

        /** Of the rate, both counts taken as Poisson: {@code rate^2 (1/aborts + 1/load)}. */
        double variance() {
            return aborts == 0 ? 0 : rate() * rate() * (1.0 / aborts + 1.0 / load);
        }
    }

    /** Elements of {@code sorted} in {@code [from, to]}. */
    private static int count(long[] sorted, long from, long to) {
        int upTo = to == Long.MAX_VALUE ? sorted.length : below(sorted, to + 1);
        return upTo - below(sorted, from);
    }

    /** Number of elements of {@code sorted} less than {@code key}. */
    private static int below(long[] sorted, long key) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
