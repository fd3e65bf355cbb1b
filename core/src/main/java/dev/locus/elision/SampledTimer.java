package dev.locus.elision;

import java.util.concurrent.atomic.LongAdder;

/**
 * Mean durations from a sample of about 1 in 128 of the events: cheap enough to leave on, accurate
 * once a few hundred events were sampled. The paper samples about 3% (§4.3) and sums with
 * compare-and-set and backoff; LongAdder does the same job without retries.
 *
 * <p>Why fewer than the paper: a sampled execution reads the clock twice and leaves a critical
 * section's fast path, and System.nanoTime costs about 24 ns on the 2-core hosts this was measured
 * on; at 1 in 32 that added about 3 ns to every call of a section whose lock alone costs 4.4 ns.
 * The samples feed reports only: the adaptive policy times every execution while it learns.
 */
final class SampledTimer {

    /**
     * An event is sampled when its random bits shifted right by this are 0: the top 7 bits decide,
     * 1 in 128, leaving the low bits to the counters fed the same draw.
     */
    static final int SAMPLE_SHIFT = Integer.SIZE - 7;
    /** The adaptive policy's learning phases time 1 in 8 (the top 3 bits). */
    static final int LEARNING_SAMPLE_SHIFT = Integer.SIZE - 3;
    /** How many executions a learning sample stands for. */
    static final int LEARNING_ONE_IN = 1 << (Integer.SIZE - LEARNING_SAMPLE_SHIFT);

    private final LongAdder samples = new LongAdder();
    private final LongAdder nanos = new LongAdder();

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
