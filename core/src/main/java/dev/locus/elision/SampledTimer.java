package dev.locus.elision;

import java.util.concurrent.atomic.LongAdder;

/**
 * Mean durations from a sample of the events: 1 in 1,024 ({@link #SAMPLE_SHIFT}) in steady state,
 * 1 in 8 ({@link #LEARNING_SAMPLE_SHIFT}) in the adaptive policy's sampled learning phases (its
 * warm-up and HTM phases time every execution without this class's draw; see AdaptivePolicy).
 * [Dice14] samples about 3% (§4.3) and sums with compare-and-set and backoff; LongAdder does the
 * same job without retries.
 *
 * <p>Why far fewer than [Dice14]: a sampled execution leaves the section's fast path for the full
 * protocol and reads the clock twice, where the paper's C reads the cycle counter. That costs
 * tens of times a section as short as a lock or an optimistic read, and every execution pays it
 * divided by the rate; at 1 in 1,024 it is a fraction of a nanosecond, and a few hundred samples
 * still come within a second of a busy section. docs/elision-cost.md has the measurements.
 */
final class SampledTimer {

    /**
     * An event is sampled when its random bits shifted right by this are 0: the top 10 bits decide,
     * 1 in 1,024, leaving the low bits to the counters fed the same draw.
     */
    static final int SAMPLE_SHIFT = Integer.SIZE - 10;
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
