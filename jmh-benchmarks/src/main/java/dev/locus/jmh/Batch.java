package dev.locus.jmh;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A producer's transactions in flight: a benchmark operation submits {@link #SIZE} of them and
 * then waits for all, so that a score counts committed transactions. Timing submissions alone
 * would reward an executor for letting its unbounded queues grow.
 */
public final class Batch {

    /** Transactions per operation, for {@code @OperationsPerInvocation}. */
    public static final int SIZE = 1_000;

    /** How long a batch may take before the run fails: minutes mean a lost or stuck transaction. */
    private static final long MAX_WAIT_SECONDS = 60;

    private final Future<?>[] pending = new Future<?>[SIZE];

    public void set(int index, Future<?> transaction) {
        pending[index] = transaction;
    }

    /**
     * Waits until every transaction of the batch has committed, for at most a minute in all.
     *
     * @throws IllegalStateException if one failed, the batch took more than a minute, or the wait
     *     was interrupted (JMH interrupts a benchmark thread that outlives its iteration): a
     *     transaction was lost or stuck, or the workload outgrew the executor
     */
    public void await() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(MAX_WAIT_SECONDS);
        for (int i = 0; i < SIZE; i++) {
            try {
                pending[i].get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                throw new IllegalStateException("transaction " + i + " of the batch had not committed after "
                        + MAX_WAIT_SECONDS + " s", e);
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
