package dev.locus.jmh;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A producer's transactions in flight: a benchmark operation submits {@link #SIZE} of them and
 * then waits for all, so that a score counts committed transactions. Timing submissions alone
 * would reward an executor for letting its unbounded queues grow.
 */
final class Batch {

    /** Transactions per operation, for {@code @OperationsPerInvocation}. */
    static final int SIZE = 1_000;

    private final Future<?>[] pending = new Future<?>[SIZE];

    void set(int index, Future<?> transaction) {
        pending[index] = transaction;
    }

    /**
     * Waits until every transaction of the batch has committed.
     *
     * @throws IllegalStateException if one failed, or the wait was interrupted (JMH interrupts a
     *     benchmark thread that outlives its iteration: a transaction was lost or stuck)
     */
    void await() {
        for (int i = 0; i < SIZE; i++) {
            try {
                pending[i].get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("transaction " + i + " of the batch failed", e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for transaction " + i + " of the batch", e);
            }
            pending[i] = null;
        }
    }
}
