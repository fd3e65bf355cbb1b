package dev.locus.executor.routing;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What a task costs, per key range, relative to the mean task: the price that
 * {@link AdaptiveRangeRouter} multiplies the sampled submissions by when it weighs load by cost.
 *
 * <p>The key space is cut into buckets that each hold about the same share of the router's
 * window. Reported times are summed per bucket; once the sums hold twice
 * {@code REPORTS_PER_BUCKET} reports per bucket, a look scales them back to that many, so they
 * forget at the pace reports come, whatever the pace of looks. A bucket's weight is its mean time
 * over the mean time of all reports; a bucket with fewer than {@code MIN_REPORTS} reports, and
 * every key before the first {@link #regrid}, weighs 1, as a task of mean cost. Approximate by
 * design: a report that races with a regrid may be lost, and one that races with a scaling may
 * escape it.
 */
final class RangeCost {

    /** Reports a bucket needs before its own mean counts. */
    private static final int MIN_REPORTS = 4;
    /** A new bucket starts with the mean of the old bucket it lies in, as if from this many reports. */
    private static final int CARRIED = 8;
    /** Reports per bucket, on average, that the sums keep at least. */
    private static final int REPORTS_PER_BUCKET = 64;
    /** One report in the counts: fixed point, so that scaling the counts does not round them. */
    private static final long REPORT = 1 << 10;
    /** Larger reports count as this many nanoseconds (about 18 minutes), so sums cannot overflow. */
    private static final long MAX_NANOS = 1L << 40;

    /** Null until the first regrid; replaced whole, never changed in place but for its sums. */
    private volatile Grid grid;

    /** Adds one report of {@code nanos} for {@code key}. Any thread; lock-free. */
    void record(long key, long nanos) {
        Grid g = grid;
        if (g != null) {
            int bucket = g.buckets.route(key);
            g.nanos.getAndAdd(bucket, Math.min(nanos, MAX_NANOS));
            g.reports.getAndAdd(bucket, REPORT);
        }
    }

    /** The cost of a task with {@code key} relative to the mean task. Any thread; lock-free. */
    double weight(long key) {
        Grid g = grid;
        return g == null ? 1.0 : g.weights[g.buckets.route(key)];
    }

    /**
     * Cuts the key space into {@code count} buckets of about equal share of {@code sorted} (a
     * sorted sample of keys), each starting from the mean of the old bucket it begins in.
     * Called by one thread at a time.
     */
    void regrid(long[] sorted, int count) {
        if (sorted.length == 0) {
            return;
        }
        long[] boundaries = new long[count - 1];
        for (int i = 1; i < count; i++) {
            boundaries[i - 1] = sorted[(int) ((long) i * sorted.length / count)];
        }
        Grid old = grid;
        Grid next = new Grid(RangeTable.of(boundaries));
        if (old != null) {
            for (int i = 0; i < count; i++) {
                long first = i == 0 ? Long.MIN_VALUE : boundaries[i - 1];
                int from = old.buckets.route(first);
                long reports = old.reports.get(from);
                if (reports >= MIN_REPORTS * REPORT) {
                    next.nanos.set(i, (long) ((double) old.nanos.get(from) * REPORT / reports * CARRIED));
                    next.reports.set(i, CARRIED * REPORT);
                }
            }
        }
        next.weigh();
        grid = next;
    }

    /** Recomputes the weights, then forgets the oldest reports. Called by one thread at a time. */
    void look() {
        Grid g = grid;
        if (g != null) {
            g.weigh();
            g.forget();
        }
    }

    private static final class Grid {

        final RangeTable buckets;
        final AtomicLongArray nanos;
        /** In units of {@code 1/REPORT} of a report. */
        final AtomicLongArray reports;
        /** Replaced whole by {@link #weigh()}; read by any thread. */
        volatile double[] weights;

        Grid(RangeTable buckets) {
            this.buckets = buckets;
            this.nanos = new AtomicLongArray(buckets.workers());
            this.reports = new AtomicLongArray(buckets.workers());
        }

        void weigh() {
            int n = nanos.length();
            double total = 0;
            long count = 0;
            for (int i = 0; i < n; i++) {
                total += nanos.get(i);
                count += reports.get(i);
            }
            double mean = count == 0 ? 0 : total / count; // per 1/REPORT of a report, as nanos/r below
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                long r = reports.get(i);
                w[i] = r < MIN_REPORTS * REPORT || mean <= 0 ? 1.0 : nanos.get(i) / (r * mean);
            }
            weights = w;
        }

        /** Once the counts hold twice {@code REPORTS_PER_BUCKET} per bucket, scales all sums back to that. */
        void forget() {
            int n = reports.length();
            long count = 0;
            for (int i = 0; i < n; i++) {
                count += reports.get(i);
            }
            double keep = (double) REPORTS_PER_BUCKET * n * REPORT / count;
            if (keep > 0.5) {
                return;
            }
            for (int i = 0; i < n; i++) {
                long t = nanos.get(i);
                nanos.getAndAdd(i, -(t - Math.round(t * keep)));
                long r = reports.get(i);
                reports.getAndAdd(i, -(r - Math.round(r * keep)));
            }
        }
    }
}
