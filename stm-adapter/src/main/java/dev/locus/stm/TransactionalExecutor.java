package dev.locus.stm;

import dev.locus.contention.ContentionManager;
import dev.locus.contention.ContentionManagers;
import dev.locus.contention.integration.ContentionDomain;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.hierarchy.LockSet;
import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.TxnExecutor;
import dev.locus.multiverse.api.TxnFactoryBuilder;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.multiverse.api.callables.TxnVoidCallable;
import dev.locus.toggle.ToggleExecutor;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * Runs Multiverse transactions as tasks of a {@link KeyedExecutorService} ([Bai06] §5.1) or of a
 * {@link ToggleExecutor} ([Kalikar19]): each transaction is submitted with a key, or on Toggle with
 * the {@link LockSet} it touches, which places it on a worker, and an optional transaction type;
 * the worker runs it until it commits, asking a {@link ContentionManager} what to do after every
 * conflict; the result arrives through a {@link Future}.
 *
 * <pre>{@code
 * KeyedExecutorService workers = LocusExecutors.adaptive(4);
 * TransactionalExecutor stm = TransactionalExecutor.on(workers)
 *         .contentionManager(ContentionManagers.serializePark())
 *         .build();
 * Future<Integer> balance = stm.submit(accountId, txn -> account.getAndIncrement(txn, 10));
 *
 * ToggleExecutor toggle = ToggleExecutor.builder(hierarchy, 4).build();
 * TransactionalExecutor parts = TransactionalExecutor.on(toggle).build();
 * Future<Void> update = parts.submitVoid(LockSet.of(hierarchy, part, LockMode.WRITE), txn -> weight.increment(txn));
 * }</pre>
 *
 * <p>Every commit and abort is counted through a permanent Multiverse {@code TxnListener}, per
 * worker, per type and per key range ({@link #stats()}); and after each transaction the key, its
 * time over all attempts and its conflicts go to {@link KeyedExecutorService#recordCost}, so a
 * router that weighs key ranges by cost sees them. On Toggle a transaction counts under the lowest
 * leaf of its lock set, the leaf that places it, and the key ranges are leaf ranges.
 *
 * <p>On Toggle the lock set decides the bucket and, in Toggle's default scheduler-exclusive mode,
 * keeps transactions whose lock sets meet from running at the same time, so that only what a
 * transaction touches beyond its lock set can conflict; in lock-manager mode each transaction runs,
 * all its attempts, inside the locks of its lock set. Either way the lock set must cover what the
 * transaction touches for Toggle's placement to mean anything; the STM keeps it correct if not.
 *
 * <p>A transaction that throws fails its future with that exception, after Multiverse has rolled
 * it back; its worker carries on. A transaction interrupted while it waits (for the contention
 * manager, in a blocking {@code retry()}, or in its own code) fails with the interruption, so
 * {@code shutdownNow()} and {@code cancel(true)} reach it. Submitting after shutdown is rejected
 * as the executor's rejection handler says ({@link java.util.concurrent.RejectedExecutionException}
 * on Toggle). A transaction deferred by its contention manager goes back behind its worker's queue
 * (Toggle: its bucket's); {@code shutdownNow()} returns queued transactions as their futures.
 *
 * <p>Transactions run through one instance share one contention domain; run those that may
 * conflict through the same instance. Thread-safe.
 */
public final class TransactionalExecutor {

    /** The type of a transaction submitted without one. */
    public static final int DEFAULT_TYPE = 0;

    private final Placement placement;
    private final ContentionDomain domain;
    private final ContentionCounters counters;
    private final TxnHooks hooks = new TxnHooks();
    private final TxnExecutor txnExecutor;

    private TransactionalExecutor(Builder b) {
        this.placement = b.placement;
        this.domain = new ContentionDomain(b.manager);
        this.counters = new ContentionCounters(b.minKey, b.maxKey, b.keyRanges);
        this.txnExecutor = b.txnFactoryBuilder
                .setSpeculative(false)
                .setInterruptible(true)
                .setMaxRetries(Integer.MAX_VALUE)
                .setBackoffPolicy(hooks)
                .addPermanentListener(hooks)
                .newTxnExecutor();
    }

    /** A builder for transactions run on {@code executor}'s workers, each submitted with a key. */
    public static Builder on(KeyedExecutorService executor) {
        return new Builder(new Placement.ByKey(Objects.requireNonNull(executor, "executor")), Integer.MAX_VALUE);
    }

    /**
     * A builder for transactions run on the workers of {@code toggle}, each submitted with the
     * {@link LockSet} it touches ({@link #submit(LockSet, TxnCallable)}); the statistics' key ranges
     * cut the hierarchy's leaves by default.
     */
    public static Builder on(ToggleExecutor toggle) {
        Objects.requireNonNull(toggle, "toggle");
        return new Builder(new Placement.ByLockSet(toggle), toggle.hierarchy().leafCount() - 1L);
    }

    /**
     * A builder for transactions run only by {@link #call} on the threads that call it, without an
     * executor ([Bai06], Figure 1a): {@code submit} then throws {@link IllegalStateException}.
     */
    public static Builder withoutExecutor() {
        return new Builder(new Placement.Nowhere(), Integer.MAX_VALUE);
    }

    /** Submits a transaction of the default type to the worker that owns {@code key}. */
    public <T> Future<T> submit(long key, TxnCallable<T> transaction) {
        return submit(key, DEFAULT_TYPE, transaction);
    }

    /**
     * Submits a transaction of type {@code type} to the worker that owns {@code key}.
     *
     * @throws NullPointerException if {@code transaction} is null
     * @throws IllegalStateException if this instance was built {@link #withoutExecutor()} or
     *     {@linkplain #on(ToggleExecutor) on Toggle}
     */
    public <T> Future<T> submit(long key, int type, TxnCallable<T> transaction) {
        return submit(new TransactionalTask<>(this, key, null, type, Objects.requireNonNull(transaction,
                "transaction")));
    }

    /**
     * Submits a transaction of the default type to the worker that owns {@code key}, as
     * {@link #submit(long, TxnCallable)} does, and returns a {@link CompletableFuture} for servers
     * that compose futures.
     */
    public <T> CompletableFuture<T> submitAsync(long key, TxnCallable<T> transaction) {
        return submitAsync(key, DEFAULT_TYPE, transaction);
    }

    /**
     * Submits a transaction of type {@code type} to the worker that owns {@code key}, as
     * {@link #submit(long, int, TxnCallable)} does, and returns a {@link CompletableFuture} that
     * completes with the committed result, or exceptionally with what the transaction threw (as
     * is, not wrapped).
     *
     * <p>Dependent stages that are not {@code ...Async} run on the worker that ran the transaction,
     * after it committed and outside it, before the worker takes its next task: keep them short.
     * Cancelling the future, or completing it by other means, before the transaction starts means
     * it will not run; cancelling it while it runs does not interrupt it (use the {@link Future}
     * of {@link #submit(long, int, TxnCallable)} for that), and its result is dropped.
     *
     * @throws NullPointerException if {@code transaction} is null
     * @throws IllegalStateException if this instance was built {@link #withoutExecutor()} or
     *     {@linkplain #on(ToggleExecutor) on Toggle}
     */
    public <T> CompletableFuture<T> submitAsync(long key, int type, TxnCallable<T> transaction) {
        TransactionalTask<T> task = new TransactionalTask<>(this, key, null, type,
                Objects.requireNonNull(transaction, "transaction"));
        submit(task);
        return task.future();
    }

    /** Submits a transaction without a result, of the default type. */
    public Future<Void> submitVoid(long key, TxnVoidCallable transaction) {
        return submitVoid(key, DEFAULT_TYPE, transaction);
    }

    /** Submits a transaction without a result; the future yields {@code null}. */
    public Future<Void> submitVoid(long key, int type, TxnVoidCallable transaction) {
        return submit(key, type, returningNull(transaction));
    }

    /**
     * Submits a transaction of the default type to the Toggle bucket of {@code locks}, the nodes it
     * touches.
     */
    public <T> Future<T> submit(LockSet locks, TxnCallable<T> transaction) {
        return submit(locks, DEFAULT_TYPE, transaction);
    }

    /**
     * Submits a transaction of type {@code type} to the Toggle bucket of {@code locks}, the nodes it
     * touches.
     *
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy than Toggle's
     * @throws IllegalStateException if this instance was not built {@linkplain #on(ToggleExecutor) on Toggle}
     */
    public <T> Future<T> submit(LockSet locks, int type, TxnCallable<T> transaction) {
        Objects.requireNonNull(locks, "locks");
        return submit(new TransactionalTask<>(this, locks.lo(), locks, type, Objects.requireNonNull(transaction,
                "transaction")));
    }

    /** Submits a transaction without a result, of the default type, to the Toggle bucket of {@code locks}. */
    public Future<Void> submitVoid(LockSet locks, TxnVoidCallable transaction) {
        return submitVoid(locks, DEFAULT_TYPE, transaction);
    }

    /** Submits a transaction without a result to the Toggle bucket of {@code locks}; the future yields {@code null}. */
    public Future<Void> submitVoid(LockSet locks, int type, TxnVoidCallable transaction) {
        return submit(locks, type, returningNull(transaction));
    }

    private <T> Future<T> submit(TransactionalTask<T> task) {
        placement.execute(task);
        return task;
    }

    private static TxnCallable<Void> returningNull(TxnVoidCallable transaction) {
        Objects.requireNonNull(transaction, "transaction");
        return txn -> {
            transaction.call(txn);
            return null;
        };
    }

    /**
     * Runs a transaction on the calling thread until it commits, with the same counting and
     * contention management as a submitted one (a deferral becomes a retry), and returns its
     * result.
     *
     * @throws IllegalStateException if the calling thread is already inside a transaction of this
     *     instance (Multiverse would flatten the two)
     * @throws Exception what the transaction threw
     */
    public <T> T call(long key, int type, TxnCallable<T> transaction) throws Exception {
        return new TransactionalTask<>(this, key, null, type, Objects.requireNonNull(transaction, "transaction"))
                .runHere();
    }

    /** Counts so far. */
    public ContentionStats stats() {
        return counters.snapshot();
    }

    /** The contention manager deciding after conflicts. */
    public ContentionManager contentionManager() {
        return domain.manager();
    }

    ContentionDomain domain() {
        return domain;
    }

    ContentionCounters counters() {
        return counters;
    }

    TxnHooks hooks() {
        return hooks;
    }

    TxnExecutor txnExecutor() {
        return txnExecutor;
    }

    Placement placement() {
        return placement;
    }

    @Override
    public String toString() {
        return "TransactionalExecutor[" + domain.manager() + ", " + placement + "]";
    }

    /** Configures a {@link TransactionalExecutor}. */
    public static final class Builder {

        private final Placement placement;
        private ContentionManager manager = ContentionManagers.polka();
        private TxnFactoryBuilder txnFactoryBuilder;
        private long minKey = 0;
        private long maxKey;
        private int keyRanges;

        private Builder(Placement placement, long maxKey) {
            this.placement = placement;
            this.maxKey = maxKey;
            this.keyRanges = (int) Math.min(64, maxKey + 1);
        }

        /** The contention manager; Polka by default, the manager of [Bai06]'s experiments. */
        public Builder contentionManager(ContentionManager manager) {
            this.manager = Objects.requireNonNull(manager, "manager");
            return this;
        }

        /**
         * Multiverse settings for the transactions (isolation, read tracking, timeouts...); by
         * default the global STM's defaults. The adapter adds its listener and backoff hook, turns
         * speculation off (listeners need the full transaction anyway), makes blocking
         * interruptible and retries without limit: the contention manager decides.
         */
        public Builder txnFactoryBuilder(TxnFactoryBuilder builder) {
            this.txnFactoryBuilder = Objects.requireNonNull(builder, "builder");
            return this;
        }

        /**
         * The key span that {@link ContentionStats#byKeyRange()} cuts into {@code ranges} equal
         * ranges; by default {@code [0, Integer.MAX_VALUE]} in 64. Keys outside count in the
         * first or last range. On Toggle a transaction's key is the lowest leaf of its lock set,
         * and the default span its hierarchy's leaves, in 64 ranges (fewer if there are fewer
         * leaves).
         *
         * @throws IllegalArgumentException if {@code minKey > maxKey} or {@code ranges < 1}
         */
        public Builder keyRanges(long minKey, long maxKey, int ranges) {
            if (minKey > maxKey) {
                throw new IllegalArgumentException("minKey " + minKey + " > maxKey " + maxKey);
            }
            if (ranges < 1) {
                throw new IllegalArgumentException("ranges must be >= 1, was " + ranges);
            }
            this.minKey = minKey;
            this.maxKey = maxKey;
            this.keyRanges = ranges;
            return this;
        }

        public TransactionalExecutor build() {
            if (txnFactoryBuilder == null) {
                txnFactoryBuilder = GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder();
            }
            return new TransactionalExecutor(this);
        }
    }
}
