package dev.locus.executor.routing;

import java.util.concurrent.atomic.LongAdder;

/**
 * Sampled keys per worker of the table the executor routes by, fading at each look so that the
 * count spans about the last {@code horizon} samples. Lets {@link AdaptiveRangeRouter} check
 * balance in O(workers) instead of re-routing its whole sample window. Approximate by design:
 * a key recorded while the table is being replaced may count against the old table.
 */
final class RangeLoad {

    /**
     * One adder per worker: every producer records into them, one key in {@code sampleEvery}, and
     * a single counter per worker made producers of one range take turns at its cache line (with
     * two producers, a tenth of the submitting thread's time); an adder gives contending threads
     * cells of their own.
     */
    private final LongAdder[] counts;
    private volatile RoutingTable table;

    RangeLoad(int workers) {
        this.counts = new LongAdder[workers];
        for (int i = 0; i < workers; i++) {
            counts[i] = new LongAdder();
        }
    }

    /** Starts counting afresh against {@code next}. */
    void reset(RoutingTable next) {
        table = next;
        for (LongAdder count : counts) {
            count.reset();
        }
    }

    RoutingTable table() {
        return table;
    }

    /** Counts {@code weight} samples of {@code key}. */
    void record(long key, int weight) {
        RoutingTable t = table;
        if (t != null) {
            counts[t.route(key)].add(weight);
        }
    }

    /** Samples counted (after fading). */
    long total() {
        long total = 0;
        for (LongAdder count : counts) {
            total += count.sum();
        }
        return total;
    }

    /** The busiest worker's fraction of the counted samples; 0 when none. */
    double busiestShare() {
        long total = 0;
        long max = 0;
        for (LongAdder count : counts) {
            long n = count.sum();
            total += n;
            max = Math.max(max, n);
        }
        return total == 0 ? 0 : (double) max / total;
    }

    /** Keeps about {@code keep} of every count. */
    void fade(double keep) {
        for (LongAdder count : counts) {
            long n = count.sum();
            count.add(-(n - (long) (n * keep)));
        }
    }
}
