package dev.locus.executor.routing;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Sampled keys per worker of the table the executor routes by, fading at each look so that the
 * count spans about the last {@code horizon} samples. Lets {@link AdaptiveRangeRouter} check
 * balance in O(workers) instead of re-routing its whole sample window. Approximate by design:
 * a key recorded while the table is being replaced may count against the old table.
 */
final class RangeLoad {

    /** Longs per counter: producers recording for different workers do not share a line. */
    private static final int STRIDE = 16;

    private final AtomicLongArray counts;
    private final int workers;
    private volatile RoutingTable table;

    RangeLoad(int workers) {
        this.workers = workers;
        this.counts = new AtomicLongArray(workers * STRIDE);
    }

    /** Starts counting afresh against {@code next}. */
    void reset(RoutingTable next) {
        table = next;
        for (int i = 0; i < workers; i++) {
            counts.set(i * STRIDE, 0);
        }
    }

    RoutingTable table() {
        return table;
    }

    /** Counts {@code weight} samples of {@code key}. */
    void record(long key, int weight) {
        RoutingTable t = table;
        if (t != null) {
            counts.getAndAdd(t.route(key) * STRIDE, weight);
        }
    }

    /** Samples counted (after fading). */
    long total() {
        long total = 0;
        for (int i = 0; i < workers; i++) {
            total += counts.get(i * STRIDE);
        }
        return total;
    }

    /** The busiest worker's fraction of the counted samples; 0 when none. */
    double busiestShare() {
        long total = 0;
        long max = 0;
        for (int i = 0; i < workers; i++) {
            long n = counts.get(i * STRIDE);
            total += n;
            max = Math.max(max, n);
        }
        return total == 0 ? 0 : (double) max / total;
    }

    /** Keeps about {@code keep} of every count. */
    void fade(double keep) {
        for (int i = 0; i < workers; i++) {
            long n = counts.get(i * STRIDE);
            counts.getAndAdd(i * STRIDE, -(n - (long) (n * keep)));
        }
    }
}
