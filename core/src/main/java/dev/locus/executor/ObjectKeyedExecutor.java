package dev.locus.executor;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.ToLongFunction;

/**
 * A {@link KeyedExecutorService} seen through a key function, so that any object can be the key:
 * an account id, a session id, a {@link java.util.UUID}, a {@code String}. Each submission turns
 * its key into a {@code long} with the key function, in the submitting thread, and hands the task to
 * {@link KeyedExecutorService#execute(long, Runnable)}, {@code submit(long, ...)},
 * {@code submitAsync(long, ...)} or {@code runAsync(long, ...)}; so it keeps every promise of the
 * {@code long} API. Tasks whose keys map to the same {@code long} run in the order of their
 * submissions (any submission that happens-before another runs first, whichever threads submit
 * them) and never concurrently, under {@link Ordering#PER_KEY} and a router that places by key
 * (fixed or adaptive ranges; round-robin ignores keys); every task is run once,
 * returned by {@link KeyedExecutorService#shutdownNow()}, or handed to the {@link RejectionHandler}.
 *
 * <pre>{@code
 * ObjectKeyedExecutor<String> accounts = executor.keyedByHash();
 * accounts.execute("acct-42", () -> ledger.deposit("acct-42", 100));
 * Future<Long> balance = accounts.submit("acct-42", () -> ledger.balance("acct-42"));
 * CompletableFuture<Long> later = accounts.submitAsync("acct-42", () -> ledger.balance("acct-42"));
 * }</pre>
 *
 * <p>Keys the function maps to the same {@code long} are one key to the executor: their tasks keep
 * their order with respect to each other too, which is safe and costs parallelism only where many
 * keys collide. Range locality, the point of the range routers, holds only for numeric keys passed
 * as {@code long} (or a key function that keeps the numeric order that matters, such as
 * {@code Account::number}): the {@linkplain #hashSpread() hash spread} scatters keys on purpose, so
 * that the ranges balance, and neighbouring ranges then hold unrelated keys.
 *
 * <p>The view holds no state beyond the executor and the function: it is as thread-safe as they
 * are, and the executor's lifecycle ({@code shutdown}, {@code close}) is managed on the executor.
 * Instances come from {@link KeyedExecutorService#keyedBy(ToLongFunction)} and
 * {@link KeyedExecutorService#keyedByHash()}.
 *
 * @param <K> the key type
 */
public final class ObjectKeyedExecutor<K> {

    private static final ToLongFunction<Object> HASH_SPREAD = key -> spread(key.hashCode());

    private final KeyedExecutorService executor;
    private final ToLongFunction<? super K> keyFunction;

    ObjectKeyedExecutor(KeyedExecutorService executor, ToLongFunction<? super K> keyFunction) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.keyFunction = Objects.requireNonNull(keyFunction, "keyFunction");
    }

    /**
     * The key function of {@link KeyedExecutorService#keyedByHash()}: the key's {@code hashCode()}
     * mixed by MurmurHash3's 32-bit finalizer into {@code [0, Integer.MAX_VALUE]} (for a
     * fixed-range executor use {@code fixedRange(w, 0, Integer.MAX_VALUE)}). Mixing spreads hash
     * codes that cluster, such as those of {@code "acct-1"}, {@code "acct-2"}, ..., evenly over
     * the range, so that equal-width ranges carry equal numbers of keys from the start; equal
     * keys map to equal values, as {@code hashCode} promises. The function throws
     * {@link NullPointerException} for a null key.
     */
    public static ToLongFunction<Object> hashSpread() {
        return HASH_SPREAD;
    }

    /** MurmurHash3's fmix32, a bijection on {@code int}, then the sign bit dropped. */
    static long spread(int hash) {
        int h = hash;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h & 0x7FFF_FFFFL;
    }

    /**
     * Runs {@code task} on the worker that owns {@code key}'s {@code long}.
     *
     * @throws NullPointerException if {@code key} or {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     * @throws RuntimeException whatever the key function throws; nothing is queued
     */
    public void execute(K key, Runnable task) {
        Objects.requireNonNull(task, "task");
        executor.execute(keyOf(key), task);
    }

    /**
     * Submits a value-returning task to the worker that owns {@code key}'s {@code long}.
     *
     * @throws NullPointerException if {@code key} or {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     * @throws RuntimeException whatever the key function throws; nothing is queued
     */
    public <T> Future<T> submit(K key, Callable<T> task) {
        Objects.requireNonNull(task, "task");
        return executor.submit(keyOf(key), task);
    }

    /**
     * Submits {@code task} to the worker that owns {@code key}'s {@code long}; the future yields
     * {@code null}.
     *
     * @throws NullPointerException if {@code key} or {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     * @throws RuntimeException whatever the key function throws; nothing is queued
     */
    public Future<?> submit(K key, Runnable task) {
        Objects.requireNonNull(task, "task");
        return executor.submit(keyOf(key), task);
    }

    /**
     * Submits a value-returning task to the worker that owns {@code key}'s {@code long} and returns
     * a {@link CompletableFuture} of its value, with the cancellation, rejection and dependent
     * stages of {@link KeyedExecutorService#submitAsync(long, Callable)}.
     *
     * @throws NullPointerException if {@code key} or {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     * @throws RuntimeException whatever the key function throws; nothing is queued
     */
    public <T> CompletableFuture<T> submitAsync(K key, Callable<T> task) {
        Objects.requireNonNull(task, "task");
        return executor.submitAsync(keyOf(key), task);
    }

    /**
     * Submits {@code task} to the worker that owns {@code key}'s {@code long} and returns a
     * {@link CompletableFuture} that completes with {@code null} once it has run, with the
     * cancellation, rejection and dependent stages of
     * {@link KeyedExecutorService#submitAsync(long, Callable)}.
     *
     * @throws NullPointerException if {@code key} or {@code task} is null; nothing is queued
     * @throws java.util.concurrent.RejectedExecutionException from the default rejection handler
     * @throws RuntimeException whatever the key function throws; nothing is queued
     */
    public CompletableFuture<Void> runAsync(K key, Runnable task) {
        Objects.requireNonNull(task, "task");
        return executor.runAsync(keyOf(key), task);
    }

    /**
     * The {@code long} key that {@code key} is submitted under: what
     * {@link KeyedExecutorService#recordCost(long, long, int)} takes, and what
     * {@link ExecutorStats#hottestRanges()} counts.
     *
     * @throws NullPointerException if {@code key} is null
     * @throws RuntimeException whatever the key function throws
     */
    public long keyOf(K key) {
        return keyFunction.applyAsLong(Objects.requireNonNull(key, "key"));
    }

    /** The executor the tasks run on. */
    public KeyedExecutorService executor() {
        return executor;
    }

    @Override
    public String toString() {
        return "ObjectKeyedExecutor[" + (keyFunction == HASH_SPREAD ? "hashSpread" : keyFunction) + " -> " + executor + "]";
    }
}
