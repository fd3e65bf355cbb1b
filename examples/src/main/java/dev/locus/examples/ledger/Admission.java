package dev.locus.examples.ledger;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the operations a ledger has admitted and not yet completed, so that closing it can stop
 * admitting and then wait for them: a transfer's later legs are submitted from a worker long after
 * the caller returned, and must find the executor still running.
 *
 * <p>Why no operation is admitted after {@link #closeAndAwait()} has seen the count at zero:
 * {@link #enter()} increments, then reads {@code closed}; closing writes {@code closed}, then reads
 * the count. Both are volatile, so in their total order either the entering thread sees
 * {@code closed} (and backs out) or the closing thread sees its increment (and waits for its exit).
 */
final class Admission {

    private final AtomicLong admitted = new AtomicLong();
    private final CountDownLatch drained = new CountDownLatch(1);
    private volatile boolean closed;

    /** Admits one operation, or returns {@code false} once closing has begun. */
    boolean enter() {
        admitted.incrementAndGet();
        if (closed) {
            exit();
            return false;
        }
        return true;
    }

    /** Marks an admitted operation completed. */
    void exit() {
        if (admitted.decrementAndGet() == 0 && closed) {
            drained.countDown();
        }
    }

    /**
     * Stops admitting and waits until every admitted operation has exited; if interrupted, keeps
     * waiting and re-asserts the interrupt.
     */
    void closeAndAwait() {
        closed = true;
        if (admitted.get() == 0) {
            drained.countDown();
        }
        boolean interrupted = false;
        while (true) {
            try {
                drained.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
