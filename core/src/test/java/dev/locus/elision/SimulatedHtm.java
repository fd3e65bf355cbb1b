package dev.locus.elision;

import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * A test double for a hardware-transactional path, used only to test policy logic: each attempt
 * takes a set time and commits with a set probability, returning what {@code body} gives, and otherwise aborts with
 * RTM's "conflict" status.
 */
final class SimulatedHtm<T> implements HtmPath<Object, T> {

    static final int CONFLICT = 1 << 1;

    private final double commitProbability;
    private final long attemptNanos;
    private final Supplier<T> body;
    private final SplittableRandom random = new SplittableRandom(7);
    private int attempts;

    SimulatedHtm(double commitProbability, Supplier<T> body) {
        this(commitProbability, 0, body);
    }

    /** An HTM path each of whose attempts, committed or aborted, takes {@code attemptNanos}. */
    SimulatedHtm(double commitProbability, long attemptNanos, Supplier<T> body) {
        this.commitProbability = commitProbability;
        this.attemptNanos = attemptNanos;
        this.body = body;
    }

    @Override
    public boolean available() {
        return true;
    }

    @Override
    public synchronized HtmAttempt<T> attempt(Object ignored) {
        attempts++;
        spin(attemptNanos);
        return random.nextDouble() < commitProbability ? HtmAttempt.committed(body.get()) : HtmAttempt.aborted(CONFLICT);
    }

    synchronized int attempts() {
        return attempts;
    }

    synchronized void reset() {
        attempts = 0;
    }

    /** Busy-waits {@code nanos}: the simulated cost of a path. */
    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
