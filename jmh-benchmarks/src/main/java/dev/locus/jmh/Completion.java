package dev.locus.jmh;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * A producer's count of its tasks that have run, which the workers increment and the producer
 * waits on. A LongAdder, so that two workers completing tasks of one producer increment cells of
 * their own rather than fight over one cache line: that fight would be a fixed cost of the
 * benchmark, the same for every executor, and would flatten the ratios between them.
 */
public final class Completion {

    /** How long a batch may take before the run fails: that long means a lost or stuck task. */
    private static final long MAX_WAIT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final LongAdder completed = new LongAdder();
    private final Runnable task = completed::increment;

    /** Called by a worker once per task run. */
    public void increment() {
        completed.increment();
    }

    /** A task that only counts itself, the same object on every call. */
    public Runnable task() {
        return task;
    }

    public long sum() {
        return completed.sum();
    }

    /**
     * Waits, yielding (on two cores the producer must give the CPU back to the workers), until
     * {@code target} tasks have completed.
     *
     * @throws IllegalStateException if the wait was interrupted (JMH's iteration timeout) or took
     *     more than a minute: a task was lost or stuck
     */
    public void await(long target) {
        long start = System.nanoTime();
        while (completed.sum() < target) {
            if (Thread.interrupted() || System.nanoTime() - start > MAX_WAIT_NANOS) {
                throw new IllegalStateException((target - completed.sum()) + " tasks never completed");
            }
            Thread.yield();
        }
    }
}
