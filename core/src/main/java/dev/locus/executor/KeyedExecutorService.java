package dev.locus.executor;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToLongFunction;

/**
 * An {@link ExecutorService} that places each task on a worker by its key ([Bai06], Figure 1c):
 * the submitting thread routes the task into one worker's queue, and tasks with nearby keys run
 * on the same worker, for locality and fewer conflicts.
 *
 * <p>A task without a key ({@link #execute(Runnable)} of a task that is not {@link Keyed}) is
 * placed round-robin. Every submitted task is run exactly once, returned by {@link #shutdownNow()},
 * or handed to the {@link RejectionHandler}: never lost, never run twice.
 *
 * <p>Keys are {@code long}s, so that range routers can keep numerically close keys together. Other
 * keys (strings, UUIDs, account objects) go through {@link #keyedBy(ToLongFunction)} or
 * {@link #keyedByHash()}, which map them to a {@code long} and submit here.
 *
 * <p>Instances come from {@link LocusExecutors}.
 */
public interface KeyedExecutorService extends ExecutorService, AutoCloseable {

    /**
     * Runs {@code task} on the worker that owns {@code key}.
     *
     * @throws NullPointerException if {@code task} is null
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     */
    void execute(long key, Runnable task);

    /** Submits a value-returning task to the worker that owns {@code key}. */
    <T> Future<T> submit(long key, Callable<T> task);

    /** Submits {@code task} to the worker that owns {@code key}; the future yields {@code null}. */
    Future<?> submit(long key, Runnable task);

    /**
     * Submits a value-returning task to the worker that owns {@code key}, as
     * {@link #execute(long, Runnable)} does, and returns a {@link CompletableFuture} that completes
     * with its value, or exceptionally with what it threw (a checked exception included, as is,
     * not wrapped; {@code join()} wraps it in a {@code CompletionException} and {@code get()} in
     * an {@code ExecutionException}, as for any {@code CompletableFuture}). The task takes its
     * place in the key's order among tasks submitted any other way; what it throws goes to the
     * future only, never to the worker's {@code UncaughtExceptionHandler}.
     *
     * <p><b>Cancellation.</b> Cancelling the future before the task starts means the body will not
     * run: the task is still dequeued in its turn, and its turn is skipped, so the key's later
     * tasks keep their order. The same holds if the future was completed by other means (say
     * {@code complete(value)}) before the task's turn. Cancelling a task that is running does not
     * interrupt or stop it ({@code cancel(true)} is {@code cancel(false)}, as for every
     * {@code CompletableFuture}): the future completes as cancelled at once, the body runs to its
     * end, and its result is dropped.
     *
     * <p><b>Rejection.</b> With the default {@link RejectionHandler#abort()}, a refused task makes
     * this call throw {@link java.util.concurrent.RejectedExecutionException}, and no future is
     * returned, as {@link CompletableFuture#supplyAsync(java.util.function.Supplier,
     * java.util.concurrent.Executor) CompletableFuture.supplyAsync(s, executor)} does. The handler
     * is given the queued task, a {@code Runnable} that is also a {@code Future} of this future:
     * {@link RejectionHandler#callerRuns()} runs it in the calling thread, so the future is complete
     * on return, and {@link RejectionHandler#discard()} cancels it, so the future completes as
     * cancelled. The tasks {@link #shutdownNow()} returns are such {@code Future}s too: cancel them
     * to complete their futures as cancelled, or run them; a future whose task is neither run nor
     * cancelled never completes.
     *
     * <p><b>Dependent stages.</b> A non-async stage ({@code thenApply}, {@code thenAccept},
     * {@code whenComplete}, ...) added before the future completes runs on the worker that completes
     * it, inside the task's turn: while it runs, the key's next task and every other key on that
     * worker wait, so keep it short and never let it block. Added after the future completed, the
     * same stage runs at once in the thread that adds it; and stages of a cancelled future run in
     * the cancelling thread. Which of these happens is a race, so a dependent stage has no per-key
     * exclusion: never let it touch state that only the key's tasks may touch, but submit that work
     * under the key ({@code thenCompose(v -> executor.submitAsync(key, ...))}). An {@code ...Async}
     * stage without an executor argument runs in
     * {@link java.util.concurrent.ForkJoinPool#commonPool()}, not on this executor.
     *
     * @throws NullPointerException if {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     */
    default <T> CompletableFuture<T> submitAsync(long key, Callable<T> task) {
        CompletingTask<T> completing = new CompletingTask<>(task);
        execute(key, completing);
        return completing.future();
    }

    /**
     * Submits {@code task} to the worker that owns {@code key} and returns a
     * {@link CompletableFuture} that completes with {@code null} once it has run, or exceptionally
     * with what it threw; cancellation, rejection and dependent stages are those of
     * {@link #submitAsync(long, Callable)}.
     *
     * @throws NullPointerException if {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     */
    default CompletableFuture<Void> runAsync(long key, Runnable task) {
        return submitAsync(key, Executors.callable(Objects.requireNonNull(task, "task"), null));
    }

    /**
     * A view of this executor that takes keys of type {@code K} and submits each task under
     * {@code keyFunction}'s {@code long} for its key, with the ordering, exactly-once and rejection
     * behaviour of {@link #execute(long, Runnable)}. Range locality carries over only as far as the
     * function keeps the numeric order of keys that touch nearby data.
     *
     * @throws NullPointerException if {@code keyFunction} is null
     */
    default <K> ObjectKeyedExecutor<K> keyedBy(ToLongFunction<? super K> keyFunction) {
        return new ObjectKeyedExecutor<>(this, keyFunction);
    }

    /**
     * A view of this executor that takes any object as the key, mapped to a {@code long} by the
     * {@linkplain ObjectKeyedExecutor#hashSpread() hash spread} of its {@code hashCode()}: equal keys
     * keep their order, and keys spread evenly over {@code [0, Integer.MAX_VALUE]} (no range
     * locality).
     */
    default <K> ObjectKeyedExecutor<K> keyedByHash() {
        return keyedBy(ObjectKeyedExecutor.hashSpread());
    }

    /**
     * Puts a task that is running on one of this executor's workers back into the queue of the
     * worker that owns {@code key}, behind the tasks queued there, to be run again later (a
     * transaction that lets others go first, say). The task was accepted once, so the queue
     * capacity does not refuse it; later tasks with the same key may run before it.
     *
     * @return {@code false}, queueing nothing, when called from a thread that is not one of this
     *     executor's workers or once shutdown has begun; the caller then finishes the task itself
     * @throws NullPointerException if {@code task} is null
     */
    default boolean requeue(long key, Runnable task) {
        Objects.requireNonNull(task, "task");
        return false;
    }

    /**
     * Reports what running a task with this key cost: wall time over all its attempts and the
     * aborts it suffered. A router that weighs key ranges by cost uses it; others ignore it.
     * Thread-safe, cheap, callable from any thread.
     *
     * <p>This default checks the arguments and ignores the report.
     *
     * @param key the task's key, as it was submitted
     * @param nanos wall time of all the task's attempts together, in nanoseconds
     * @param aborts how many of those attempts aborted
     * @throws IllegalArgumentException if {@code nanos < 0} or {@code aborts < 0}
     */
    default void recordCost(long key, long nanos, int aborts) {
        if (nanos < 0) {
            throw new IllegalArgumentException("nanos must be >= 0, was " + nanos);
        }
        if (aborts < 0) {
            throw new IllegalArgumentException("aborts must be >= 0, was " + aborts);
        }
    }

    /** Number of worker threads; fixed for the executor's life. */
    int workers();

    /** A consistent-enough snapshot of load and routing; cheap enough to poll once a second. */
    ExecutorStats stats();

    /**
     * Shuts down, waits for queued tasks to finish, and returns; if interrupted while waiting,
     * calls {@link #shutdownNow()}, keeps waiting, and re-asserts the interrupt (the contract of
     * {@code ExecutorService.close()} on JDK 19+). Called from one of this executor's own
     * workers, it starts the shutdown and returns without waiting, which would never end.
     */
    @Override
    void close();
}
