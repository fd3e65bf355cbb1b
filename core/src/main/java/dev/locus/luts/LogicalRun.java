package dev.locus.luts;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The logical threads of one {@link LogicalThreadScheduler#start} call: [Nicacio10]'s SPMD program,
 * with its barrier. It is done when every logical thread has finished, failed, or was cancelled by
 * {@link LogicalThreadScheduler#shutdownNow()}.
 */
/*
 * Implementation notes
 *
 * Overview. `parties` counts the logical threads that have not finished; the barrier holds those
 * that have arrived in this phase. When the last party arrives (or a party finishes and every other
 * one is waiting), the phase ends: the waiters go back to the runnable queue and the arriving one
 * keeps its worker. [Nicacio10] uses Mellor-Crummey and Scott's sense-reversing barrier, whose
 * waiters spin with luts_yield; here a waiter is parked off the queue, so it costs no worker
 * at all, and phases need no sense flag: a phase is the contents of `waiting` until it is released.
 *
 * Concurrency. parties, waiting, phases, failure, cancelled and over are guarded by `this`; the
 * run completes once, by whichever of the last finish() and cancel() first sets `over`. Logical threads call
 * in from workers; await() from any thread.
 *
 * Memory ordering. Releasing the waiters goes through the runnable queue's lock; completion goes
 * through the latch, so what the logical threads did happens-before await() returns.
 *
 * References. [Nicacio10] §2.1 (SPMD: luts_init, luts_start, luts_barrier_wait), §3.1.3 (barrier).
 */
public final class LogicalRun {

    private final RunQueue queue;
    private final Consumer<LogicalRun> onDone;
    private final CountDownLatch done = new CountDownLatch(1);
    private final List<ExecutionContext> waiting = new ArrayList<>();
    private int parties;
    private long phases;
    private Throwable failure;
    private boolean cancelled;
    private boolean over;

    LogicalRun(RunQueue queue, int logicalThreads, Consumer<LogicalRun> onDone) {
        this.queue = queue;
        this.parties = logicalThreads;
        this.onDone = onDone;
    }

    /**
     * Waits until every logical thread has finished.
     *
     * @throws ExecutionException if a logical thread failed: the first failure is the cause, later
     *     ones are suppressed in it; the other logical threads still ran to their end
     * @throws CancellationException if the run was cancelled by shutdownNow()
     * @throws InterruptedException if interrupted while waiting
     */
    public void await() throws InterruptedException, ExecutionException {
        done.await();
        report();
    }

    /**
     * As {@link #await()}, for at most {@code timeout}.
     *
     * @return false if the run was not done in time
     */
    public boolean await(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException {
        if (!done.await(timeout, unit)) {
            return false;
        }
        report();
        return true;
    }

    /** Whether every logical thread has finished. */
    public boolean isDone() {
        return done.getCount() == 0;
    }

    /** Barrier phases completed so far. */
    public synchronized long phases() {
        return phases;
    }

    private synchronized void report() throws ExecutionException {
        if (cancelled) {
            throw new CancellationException("the scheduler was shut down with shutdownNow()");
        }
        if (failure != null) {
            throw new ExecutionException("a logical thread failed", failure);
        }
    }

    // ---- called by workers ----

    /**
     * {@code context} arrives at the barrier.
     *
     * @return true if it ends the phase and keeps running; false if it waits, off the queue
     */
    synchronized boolean arrive(ExecutionContext context) {
        if (waiting.size() + 1 < parties) {
            waiting.add(context);
            return false;
        }
        releaseWaiters();
        return true;
    }

    /** {@code context} finished, with {@code error} (null for none). */
    void finish(ExecutionContext context, Throwable error) {
        boolean ended;
        synchronized (this) {
            if (error != null) {
                if (failure == null) {
                    failure = error;
                } else if (failure != error) { // one exception may fail several logical threads
                    failure.addSuppressed(error);
                }
            }
            parties--;
            if (parties > 0 && !waiting.isEmpty() && waiting.size() == parties) {
                releaseWaiters();
            }
            ended = parties == 0 && end();
        }
        if (ended) {
            complete();
        }
    }

    /** Drops the waiting logical threads and ends the run; the scheduler has removed its queued ones. */
    void cancel() {
        synchronized (this) {
            if (!end()) {
                return;
            }
            cancelled = true;
            waiting.clear();
        }
        complete();
    }

    /** Whether the run was cancelled; a worker then drops its logical thread instead of continuing it. */
    synchronized boolean isCancelled() {
        return cancelled;
    }

    private void releaseWaiters() { // holds this
        phases++;
        queue.offerAll(waiting);
        waiting.clear();
    }

    /** Marks the run over; true only for the first caller. */
    private boolean end() { // holds this
        boolean first = !over;
        over = true;
        return first;
    }

    private void complete() {
        done.countDown();
        onDone.accept(this);
    }
}
