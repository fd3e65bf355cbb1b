package dev.locus.jmh.peer;

import dev.locus.jmh.Completion;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A counter per key of the 17-bit key space, each task adding one to its key's counter
 * atomically: a task that touches shared data, but needs no order, so every executor may run it.
 */
final class CounterArray implements KeyedState {

    private final AtomicLongArray counts = new AtomicLongArray((int) PeerBenchmark.MAX_KEY + 1);

    @Override
    public Runnable task(long key, Completion completion) {
        return () -> {
            counts.incrementAndGet((int) key);
            completion.increment();
        };
    }

    /** @throws IllegalStateException unless the counters add up to {@code completed} */
    @Override
    public void check(long completed) {
        long sum = 0;
        for (int key = 0; key < counts.length(); key++) {
            sum += counts.get(key);
        }
        if (sum != completed) {
            throw new IllegalStateException("the counters add up to " + sum + ", but " + completed
                    + " tasks completed");
        }
    }
}
