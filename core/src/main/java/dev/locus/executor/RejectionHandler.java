package dev.locus.executor;

import java.util.concurrent.RejectedExecutionException;

/**
 * What an executor does with a task it cannot accept: the worker's bounded queue is full, or the
 * executor is shut down. The counterpart of {@link java.util.concurrent.RejectedExecutionHandler},
 * whose signature is tied to {@code ThreadPoolExecutor}.
 *
 * <p>A handler runs in the submitting thread. Unlike {@code ThreadPoolExecutor.CallerRunsPolicy},
 * none of the built-in handlers drops a task silently after shutdown.
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
     * Runs the task in the submitting thread when the queue is full (natural back-pressure);
     * after shutdown, throws {@link RejectedExecutionException} rather than dropping the task.
     * Running in the caller bypasses per-key order.
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

    /** Drops the task. A submitted {@code Future} then never completes: use with care. */
    static RejectionHandler discard() {
        return (task, executor, shutdown) -> { };
    }
}
