package dev.locus.executor.sampling;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A fixed-size window of recently seen keys, written by many threads at once. The first
 * {@code capacity} keys fill it in order; after that each key replaces a random slot, so the
 * window forgets old keys at an exponential rate (a key survives {@code capacity} later samples
 * with probability {@code 1/e}) without a shared counter on the path.
 *
 * <p>A thread that claimed a slot but has not written it yet (pre-empted, say) does not hold the
 * window back: it counts as full once every slot is claimed, and {@link #snapshot()} leaves out
 * the slots still unwritten.
 */
public final class KeySampler {

    private final AtomicLongArray slots;
    /** 1 once a slot holds a key; a slot's key is written before its flag. */
    private final AtomicIntegerArray written;
    private final AtomicInteger claimed = new AtomicInteger();

    /** @throws IllegalArgumentException if {@code capacity < 1} */
    public KeySampler(int capacity) {
        Sampling.checkPositive("capacity", capacity);
        this.slots = new AtomicLongArray(capacity);
        this.written = new AtomicIntegerArray(capacity);
    }

    /**
     * Records a key.
     *
     * @return {@code true} for exactly one call: the one that claims the last empty slot
     */
    public boolean record(long key) {
        int capacity = slots.length();
        if (claimed.get() < capacity) {
            int slot = claimed.getAndIncrement();
            if (slot < capacity) {
                write(slot, key);
                return slot == capacity - 1;
            }
        }
        write(ThreadLocalRandom.current().nextInt(capacity), key);
        return false;
    }

    private void write(int slot, long key) {
        slots.setRelease(slot, key);
        written.setRelease(slot, 1);
    }

    /** Whether every slot has been claimed. */
    public boolean isFull() {
        return claimed.get() >= slots.length();
    }

    /** The keys written so far (at most {@code capacity}); a copy. */
    public long[] snapshot() {
        int n = Math.min(claimed.get(), slots.length());
        long[] copy = new long[n];
        int taken = 0;
        for (int i = 0; i < n; i++) {
            if (written.getAcquire(i) != 0) {
                copy[taken++] = slots.getAcquire(i);
            }
        }
        return taken == n ? copy : Arrays.copyOf(copy, taken);
    }
}
