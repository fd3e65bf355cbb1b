package dev.locus.executor;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The task that {@link KeyedExecutorService#submitAsync(long, Callable)} and
 * {@link KeyedExecutorService#runAsync(long, Runnable)} queue: it runs the caller's body and
 * completes the {@link CompletableFuture} handed to the caller. It is also a {@code Future} of that
 * completion, so whoever holds the queued task and not the future (a {@link RejectionHandler}, the
 * caller of {@code shutdownNow()}) can cancel it the way it cancels the {@code FutureTask} of
 * {@code submit}, and the caller's future then completes as cancelled.
 *
 * <p>Concurrency: the body runs at most once, on the worker that runs the task. A future already
 * completed when the task runs (cancelled, or completed by its holder) skips the body; a
 * completion racing a running body wins or loses as {@code CompletableFuture} decides, and the
 * body's result is then dropped.
 */
final class CompletingTask<T> implements RunnableFuture<T> {

    private final Callable<? extends T> body;
    private final CompletableFuture<T> future = new CompletableFuture<>();

    /** @throws NullPointerException if {@code body} is null */
    CompletingTask(Callable<? extends T> body) {
        this.body = Objects.requireNonNull(body, "task");
    }

    /** The future the caller gets. */
    CompletableFuture<T> future() {
        return future;
    }

    /**
     * Runs the body unless the future is already complete, and completes the future with its value
     * or with what it threw; nothing is thrown to the worker, as in {@code CompletableFuture}'s own
     * {@code supplyAsync}.
     */
    @Override
    public void run() {
        if (future.isDone()) {
            return;
        }
        try {
            future.complete(body.call());
        } catch (Throwable failure) {
            future.completeExceptionally(failure);
        }
    }

    /** Cancels the caller's future; a running body is not interrupted, whatever the argument. */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return future.cancel(mayInterruptIfRunning);
    }

    @Override
    public boolean isCancelled() {
        return future.isCancelled();
    }

    @Override
    public boolean isDone() {
        return future.isDone();
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        return future.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        return future.get(timeout, unit);
    }

    @Override
    public String toString() {
        return "CompletingTask[" + body + "]";
    }
}
