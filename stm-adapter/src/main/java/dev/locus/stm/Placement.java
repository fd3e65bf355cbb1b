package dev.locus.stm;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.toggle.ToggleExecutor;

/**
 * Where the transactions of one {@link TransactionalExecutor} run: the one seam between the
 * adapter's machinery (a {@link TransactionalTask} retried until it commits, its counting and
 * contention management) and an executor. A keyed executor places a transaction by its key,
 * Toggle by its lock set; without an executor nothing is placed and transactions run only through
 * {@link TransactionalExecutor#call}.
 */
sealed interface Placement {

    /**
     * Queues a newly submitted transaction.
     *
     * @throws IllegalStateException if this placement cannot place it: submitted with a key to
     *     Toggle, with a lock set to a keyed executor, or to no executor at all
     */
    void execute(TransactionalTask<?> task);

    /** Puts a deferred transaction back behind its worker's queue; false if the caller must run it again itself. */
    boolean requeue(TransactionalTask<?> task);

    /** Reports what a finished transaction cost, for executors that place by cost. */
    void recordCost(TransactionalTask<?> task, long nanos, int conflicts);

    /** On the worker that owns the transaction's key. */
    record ByKey(KeyedExecutorService executor) implements Placement {

        @Override
        public void execute(TransactionalTask<?> task) {
            if (task.locks() != null) {
                throw new IllegalStateException("transactions run on " + executor + ", a KeyedExecutorService: submit"
                        + " them with a key, not a LockSet");
            }
            executor.execute(task.key(), task);
        }

        @Override
        public boolean requeue(TransactionalTask<?> task) {
            return executor.requeue(task.key(), task);
        }

        @Override
        public void recordCost(TransactionalTask<?> task, long nanos, int conflicts) {
            executor.recordCost(task.key(), nanos, conflicts);
        }
    }

    /** In the Toggle bucket of the transaction's lock set ([Kalikar19] §3.2). */
    record ByLockSet(ToggleExecutor executor) implements Placement {

        @Override
        public void execute(TransactionalTask<?> task) {
            if (task.locks() == null) {
                throw new IllegalStateException("transactions run on " + executor + ": submit them with the LockSet"
                        + " they touch, not a key");
            }
            executor.execute(task.locks(), task);
        }

        @Override
        public boolean requeue(TransactionalTask<?> task) {
            return executor.requeue(task.locks(), task);
        }

        @Override
        public void recordCost(TransactionalTask<?> task, long nanos, int conflicts) {
            // Toggle places by lock set alone: no cost-weighted placement to feed.
        }
    }

    /** Nowhere: transactions run on the threads that call {@link TransactionalExecutor#call}. */
    record Nowhere() implements Placement {

        @Override
        public void execute(TransactionalTask<?> task) {
            throw new IllegalStateException("built withoutExecutor(): run transactions with call()");
        }

        @Override
        public boolean requeue(TransactionalTask<?> task) {
            return false;
        }

        @Override
        public void recordCost(TransactionalTask<?> task, long nanos, int conflicts) {
        }
    }
}
