package dev.locus.executor.routing;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A fixed-size window of recently seen keys, written by many threads at once. The first
 * {@code capacity} keys fill it in order; after that each key replaces a random slot, so the
 * window forgets old keys at an exponential rate (a key survives {@code capacity} later samples
 * with probability {@code 1/e}) without a shared counter on the path.
 */
public final class KeySampler {

    private final AtomicLongArray slots;
    private final AtomicInteger claimed = new AtomicInteger();
    private final AtomicInteger written = new AtomicInteger();

    /** @throws IllegalArgumentException if {@code capacity < 1} */
    public KeySampler(int capacity) {
        this.slots = new AtomicLongArray(Routers.checkPositive("capacity", capacity));
    }

    /**
     * Records a key.
     *
     * @return {@code true} for exactly one call: the one that fills the window for the first time
     */
    public boolean record(long key) {
        int capacity = slots.length();
        if (claimed.get() < capacity) {
            int slot = claimed.getAndIncrement();
            if (slot < capacity) {
                slots.set(slot, key);
                return written.incrementAndGet() == capacity;
            }
        }
        slots.setRelease(ThreadLocalRandom.current().nextInt(capacity), key);
        return false;
    }

    /** Whether {@code capacity} keys have been written. */
    public boolean isFull() {
        return written.get() == slots.length();
    }

    /** The keys written so far (at most {@code capacity}); a copy. */
    public long[] snapshot() {
        int n = written.get();
        long[] copy = new long[n];
        for (int i = 0; i < n; i++) {
            copy[i] = slots.getAcquire(i);
        }
        return copy;
    }
}
