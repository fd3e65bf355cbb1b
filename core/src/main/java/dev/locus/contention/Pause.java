package dev.locus.contention;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/** Waits of a few nanoseconds to milliseconds: spins below a park's latency, parks above it. */
final class Pause {

    /** About the wake-up latency of {@code parkNanos} on Linux; shorter waits spin. */
    static final long SPIN_LIMIT_NANOS = 20_000;

    private Pause() {
    }

    static void nanos(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = deadline - System.nanoTime()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (left > SPIN_LIMIT_NANOS) {
                LockSupport.parkNanos(left);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** A random delay in {@code [0, min(cap, base * 2^(rounds-1))]}. */
    static long exponential(long baseNanos, long capNanos, int rounds) {
        int shift = Math.min(Math.max(rounds - 1, 0), 40);
        long bound = Math.min(capNanos, baseNanos << shift);
        return ThreadLocalRandom.current().nextLong(bound + 1);
    }
}
