package dev.locus.executor;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Counts the producers inside one {@link Epoch}'s submission section, striped over padded cells so
 * that producers on different threads rarely share a cache line. A thread's cell is a function of
 * the thread ({@link Stripes}), so a producer increments and later decrements the same cell; a cell is therefore
 * never negative, and the sum is the number of producers inside.
 */
final class InFlightIndicator {

    /** Longs per cell: 128 bytes, two cache lines, against adjacent-line prefetch. */
    private static final int STRIDE = 16;
    private static final int STRIPES = stripes();

    private final AtomicLongArray cells = new AtomicLongArray(STRIPES * STRIDE);

    /** Counts the calling thread in; it must {@link #exit()} from the same thread. */
    void enter() {
        cells.getAndIncrement(probe() * STRIDE);
    }

    /** Counts the calling thread out, from the cell its {@link #enter()} used. */
    void exit() {
        cells.getAndDecrement(probe() * STRIDE);
    }

    /**
     * Waits until every producer that entered before this call has exited. Producers that enter
     * after it may delay it but cannot starve it: they see a newer epoch and leave at once.
     */
    void awaitQuiescence() {
        for (int i = 0; i < STRIPES; i++) {
            int spins = 0;
            while (cells.get(i * STRIDE) != 0) {
                if (++spins < 100) {
                    Thread.onSpinWait();
                } else if (spins < 200) {
                    Thread.yield();
                } else {
                    LockSupport.parkNanos(10_000);
                }
            }
        }
    }

    private static int probe() {
        return Stripes.ofCurrentThread() & (STRIPES - 1);
    }

    private static int stripes() {
        int n = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors()) * 2 - 1) << 1;
        return Math.min(64, n);
    }
}
