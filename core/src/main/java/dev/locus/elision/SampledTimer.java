package dev.locus.elision;

import java.util.concurrent.atomic.LongAdder;

/**
 * Mean durations from a sample of about 1 in 1,024 of the events: cheap enough to leave on,
 * accurate once a few hundred events were sampled (some 300,000 executions). The paper samples
 * about 3% (§4.3) and sums with compare-and-set and backoff; LongAdder does the same job without
 * retries.
 *
 * <p>Why far fewer than the paper: a sampled execution leaves the section's fast path for the full
 * protocol and reads the clock twice, and on the JVM that costs 100-300 ns (System.nanoTime alone
 * is some 24 ns on the hosts this was measured on), where the paper's C reads the cycle counter.
 * A section as short as a lock or a StampedLock read (5-10 ns) pays the sampled cost divided by the
 * rate on every execution: about 2.5 ns at 1 in 128, 0.3 ns at 1 in 1,024. Once the adaptive policy
 * is done the samples feed the reports and its check for learning again; while it learns it times
 * 1 in 8 or every execution (see AdaptivePolicy).
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
