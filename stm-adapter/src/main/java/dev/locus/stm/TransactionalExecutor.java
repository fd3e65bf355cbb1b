package dev.locus.stm;

import dev.locus.contention.ContentionDomain;
import dev.locus.contention.ContentionManager;
import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import java.util.Objects;
import java.util.concurrent.Future;
import org.multiverse.api.GlobalStmInstance;
import org.multiverse.api.TxnExecutor;
import org.multiverse.api.TxnFactoryBuilder;
import org.multiverse.api.callables.TxnCallable;
import org.multiverse.api.callables.TxnVoidCallable;

/**
 * Runs Multiverse transactions as tasks of a {@link KeyedExecutorService} (paper 002 §5.1): each
 * transaction is submitted with a key, which places it on a worker, and an optional transaction
 * type; the worker runs it until it commits, asking a {@link ContentionManager} what to do after
 * every conflict; the result arrives through a {@link Future}.
 *
 * <pre>{@code
 * KeyedExecutorService workers = LocusExecutors.adaptive(4);
 * TransactionalExecutor stm = TransactionalExecutor.on(workers)
 *         .contentionManager(ContentionManagers.serializePark())
 *         .build();
 * Future<Integer> balance = stm.submit(accountId, txn -> account.getAndIncrement(txn, 10));
 * }</pre>
 *
 * <p>Every commit and abort is counted through a permanent Multiverse {@code TxnListener}, per
 * worker, per type and per key range ({@link #stats()}); and after each transaction the key, its
 * time over all attempts and its conflicts go to {@link KeyedExecutorService#recordCost}, so a
 * router that weighs key ranges by cost sees them.
 *
 * <p>A transaction that throws fails its future with that exception, after Multiverse has rolled
 * it back; its worker carries on. A transaction interrupted while it waits (for the contention
 * manager, in a blocking {@code retry()}, or in its own code) fails with the interruption, so
 * {@code shutdownNow()} and {@code cancel(true)} reach it. Submitting after shutdown is rejected
 * as the executor's rejection handler says.
 *
 * <p>Transactions run through one instance share one contention domain; run those that may
 * conflict through the same instance. Thread-safe.
 */
public final class TransactionalExecutor {

    /** The type of a transaction submitted without one. */
    public static final int DEFAULT_TYPE = 0;

    private final KeyedExecutorService executor;
    private final ContentionDomain domain;
    private final ContentionCounters counters;
    private final TxnHooks hooks = new TxnHooks();
    private final TxnExecutor txnExecutor;

    private TransactionalExecutor(Builder b) {
        this.executor = b.executor;
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

    /** A builder for transactions run on {@code executor}'s workers. */
    public static Builder on(KeyedExecutorService executor) {
        return new Builder(Objects.requireNonNull(executor, "executor"));
    }

    /**
     * A builder for transactions run only by {@link #call} on the threads that call it, without an
     * executor (paper 002, Figure 1a): {@code submit} then throws {@link IllegalStateException}.
     */
    public static Builder withoutExecutor() {
        return new Builder(null);
    }

    /** Submits a transaction of the default type to the worker that owns {@code key}. */
    public <T> Future<T> submit(long key, TxnCallable<T> transaction) {
        return submit(key, DEFAULT_TYPE, transaction);
    }

    /**
     * Submits a transaction of type {@code type} to the worker that owns {@code key}.
     *
     * @throws NullPointerException if {@code transaction} is null
     * @throws IllegalStateException if this instance was built {@link #withoutExecutor()}
     */
    public <T> Future<T> submit(long key, int type, TxnCallable<T> transaction) {
        TransactionalTask<T> task = new TransactionalTask<>(this, key, type,
                Objects.requireNonNull(transaction, "transaction"));
        requireExecutor().execute(key, task);
        return task;
    }

    /** Submits a transaction without a result, of the default type. */
    public Future<Void> submitVoid(long key, TxnVoidCallable transaction) {
        return submitVoid(key, DEFAULT_TYPE, transaction);
    }

    /** Submits a transaction without a result; the future yields {@code null}. */
    public Future<Void> submitVoid(long key, int type, TxnVoidCallable transaction) {
        Objects.requireNonNull(transaction, "transaction");
        return submit(key, type, txn -> {
            transaction.call(txn);
            return null;
        });
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
        return new TransactionalTask<>(this, key, type, Objects.requireNonNull(transaction, "transaction"))
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

    boolean requeue(long key, Runnable task) {
        return executor != null && executor.requeue(key, task);
    }

    void recordCost(long key, long nanos, int conflicts) {
        if (executor != null) {
            executor.recordCost(key, nanos, conflicts);
        }
    }

    private KeyedExecutorService requireExecutor() {
        if (executor == null) {
            throw new IllegalStateException("built withoutExecutor(): run transactions with call()");
        }
        return executor;
    }

    @Override
    public String toString() {
        return "TransactionalExecutor[" + domain.manager() + ", " + executor + "]";
    }

    /** Configures a {@link TransactionalExecutor}. */
    public static final class Builder {

        private final KeyedExecutorService executor;
        private ContentionManager manager = ContentionManagers.polka();
        private TxnFactoryBuilder txnFactoryBuilder;
        private long minKey = 0;
        private long maxKey = Integer.MAX_VALUE;
        private int keyRanges = 64;

        private Builder(KeyedExecutorService executor) {
            this.executor = executor;
        }

        /** The contention manager; Polka by default, the manager of paper 002's experiments. */
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
         * first or last range.
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
