package dev.locus.executor;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

/**
 * What an executor does with a task it cannot accept: the worker's bounded queue is full, or the
 * executor is shut down. The counterpart of {@link java.util.concurrent.RejectedExecutionHandler},
 * whose signature is tied to {@code ThreadPoolExecutor}.
 *
 * <p>For a bounded queue, {@link #block(Duration)} is the handler to use: the producer waits for
 * room, and every promise of the executor (per-key order and exclusion, exactly once) holds. A
 * handler runs in the submitting thread. Unlike {@code ThreadPoolExecutor.CallerRunsPolicy}, none
 * of the built-in handlers drops a task silently after shutdown.
 */
@FunctionalInterface
public interface RejectionHandler {

    /**
     * Called with a task that was not queued.
     *
     * @param task the task as given to {@code execute} (a {@code Future} for {@code submit})
     * @param executor the executor that refused it
     * @param shutdown whether it was refused because the executor is shut down (otherwise the
     *     queue was full)
     */
    void rejected(Runnable task, KeyedExecutorService executor, boolean shutdown);

    /** Throws {@link RejectedExecutionException}: the default. */
    static RejectionHandler abort() {
        return (task, executor, shutdown) -> {
            throw new RejectedExecutionException("Task " + task + " rejected from " + executor
                    + (shutdown ? ": executor is shut down" : ": worker queue is full"));
        };
    }

    /**
     * Back-pressure that keeps every promise: a producer whose task finds its worker's queue full
     * waits until the queue has room, then queues the task, in its key's order; if the queue is
     * still full after {@code timeout}, or the executor shuts down meanwhile, the task is rejected
     * with {@link RejectedExecutionException}. A producer interrupted while it waits gets a
     * {@code RejectedExecutionException} caused by the {@link InterruptedException}, with its
     * interrupt status set again. A task submitted by one of the executor's own workers is queued
     * over the capacity instead of waiting, since that worker could be the one that must make
     * room.
     *
     * <p>Only {@link LocusExecutors} executors wait; where an executor cannot, this handler
     * rejects as {@link #abort()} does.
     *
     * @param timeout how long a producer waits for room, at least zero
     * @throws NullPointerException if {@code timeout} is null
     * @throws IllegalArgumentException if {@code timeout} is negative
     */
    static RejectionHandler block(Duration timeout) {
        return new BlockingRejection(timeout);
    }

    /**
     * Runs the task in the submitting thread when the queue is full; after shutdown, throws
     * {@link RejectedExecutionException} rather than dropping the task.
     *
     * <p><b>This breaks per-key order and exclusion</b>: the caller runs the task while the key's
     * worker may be running an earlier task of the same key, and before the tasks still queued for
     * it. Use it only for tasks that need neither; for back-pressure use {@link #block(Duration)}.
     */
    static RejectionHandler callerRuns() {
        RejectionHandler abort = abort();
        return (task, executor, shutdown) -> {
            if (shutdown) {
                abort.rejected(task, executor, true);
            } else {
                task.run();
            }
        };
    }

    /**
     * Drops the task. A dropped task that is a {@link Future} (what {@code submit} queues) is
     * cancelled, so that no one waits for it forever.
     */
    static RejectionHandler discard() {
        return (task, executor, shutdown) -> {
            if (task instanceof Future<?> future) {
                future.cancel(false);
            }
        };
    }
}
