package dev.locus.elision;

import java.util.concurrent.atomic.LongAdder;

/**
 * Mean durations from a sample of about 1 in 32 (3%) of the events, as paper 003 §4.3 times
 * critical sections: cheap enough to leave on, accurate once a few hundred events were sampled.
 * The paper sums with compare-and-set and backoff; LongAdder does the same job without retries.
 */
final class SampledTimer {

    /** The top 5 bits decide, leaving the low bits to the counters fed the same draw. */
    private static final int SAMPLE_SHIFT = Integer.SIZE - 5;

    private final LongAdder samples = new LongAdder();
    private final LongAdder nanos = new LongAdder();

    /** Whether to time the event about to start, from random bits: true for 1 in 32. */
    static boolean sampled(int random) {
        return (random >>> SAMPLE_SHIFT) == 0;
    }

    void record(long elapsedNanos) {
        samples.increment();
        nanos.add(elapsedNanos);
    }

    /** Events timed so far. */
    long samples() {
        return samples.sum();
    }

    /** The mean of the timed events in nanoseconds; NaN before the first. */
    double meanNanos() {
        long n = samples.sum();
        return n == 0 ? Double.NaN : (double) nanos.sum() / n;
    }
}
