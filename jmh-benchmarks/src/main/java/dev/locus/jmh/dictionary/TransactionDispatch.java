package dev.locus.jmh.dictionary;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.jmh.ExecutorKind;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.stm.ContentionStats;
import dev.locus.stm.TransactionalExecutor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Where a suite's producers send transactions. To a locus executor they go through the STM
 * adapter ({@link TransactionalExecutor#submit}), which routes by key; the JDK pools cannot take a
 * key, so they get a task that runs the transaction on the pool's thread with
 * {@link TransactionalExecutor#call} — the same Multiverse retry loop, contention manager and
 * counting, only without a key-based placement.
 */
final class TransactionDispatch {

    private final ExecutorService executor;
    private final TransactionalExecutor stm;
    private final boolean keyed;

    /** Starts {@code workers} workers of {@code kind} for routing keys in {@code [0, maxKey]}. */
    TransactionDispatch(ExecutorKind kind, int workers, long maxKey) {
        this.executor = kind.start(workers, maxKey);
        this.keyed = executor instanceof KeyedExecutorService;
        this.stm = keyed
                ? TransactionalExecutor.on((KeyedExecutorService) executor).build()
                : TransactionalExecutor.withoutExecutor().build();
    }

    /** Submits {@code transaction} under routing key {@code key}; the future completes at its commit. */
    <T> Future<T> submit(long key, TxnCallable<T> transaction) {
        if (keyed) {
            return stm.submit(key, transaction);
        }
        return executor.submit(() -> stm.call(key, TransactionalExecutor.DEFAULT_TYPE, transaction));
    }

    /** The adapter's commit and abort counts so far. */
    ContentionStats stats() {
        return stm.stats();
    }

    /** Stops the workers, after the transactions already submitted. */
    void stop() throws InterruptedException {
        ExecutorKind.stop(executor);
    }
}
