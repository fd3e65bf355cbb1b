package dev.locus.stm;

import dev.locus.contention.Resolution;
import dev.locus.contention.integration.ThreadContender;
import dev.locus.contention.integration.TransactionRecord;
import dev.locus.executor.Keyed;
import dev.locus.hierarchy.LockSet;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.multiverse.api.exceptions.RetryError;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/*
 * Implementation notes
 *
 * Overview. One submitted transaction: the task a worker runs, the Future its submitter holds,
 * and, per attempt, the TxnCallable that Multiverse's retry loop calls. A run begins the
 * transaction on the thread's ThreadContender, lets Multiverse run attempts until one commits, and
 * translates what happens in between (TxnHooks call committed/aborted/conflicted) into counts
 * and contention-manager calls. A deferred transaction leaves the loop (Escape.DEFERRAL), goes back
 * into the executor with requeue() and starts a new run later, keeping its TransactionRecord; if
 * the executor will not take it back, it runs again at once on the same thread. Which executor, and
 * how it places the task (by key, or by lock set on Toggle), is the owner's Placement: the task
 * itself is the same on every executor.
 *
 * Concurrency. Between runs the task is in a queue; a run is on one thread, and requeue() is the
 * last thing a run does, so two runs never overlap. The per-run fields (contender, slices,
 * mayDefer) and the TransactionRecord are touched by the running thread only. cancel() may come
 * from any thread: it completes the result, and interrupts the runner under this object's lock,
 * which the run also takes to clear `runner`; an interrupt therefore never reaches a thread after
 * it has left this task (the worker clears one that arrived before). The result is completed last,
 * once the run has left the transaction and recorded its cost, so that a dependent stage, which
 * runs on this thread, is outside the transaction and may submit or call others.
 *
 * Memory ordering. Hand-off between runs goes through the executor's queue (release on offer,
 * acquire on poll), which publishes the accumulated elapsedNanos and conflicts. `result` is a
 * CompletableFuture and carries its own ordering for readers of the Future.
 *
 * References. [Bai06] §5.1 (workers retry a transaction until it commits); [Maldonado10] §3
 * (Algorithms 1, 4, 5: where the contention manager acts).
 */
final class TransactionalTask<T> implements RunnableFuture<T>, TxnCallable<T>, Keyed {

    private final TransactionalExecutor owner;
    private final long key;
    private final LockSet locks;
    private final TransactionRecord record;
    private final TxnCallable<T> body;
    private final CompletableFuture<T> result = new CompletableFuture<>();
    private Thread runner; // guarded by this
    private long elapsedNanos;
    private int conflicts;

    /* Per run; running thread only. */
    private ThreadContender contender;
    private EventCounter[] slices;
    private boolean mayDefer;

    /**
     * A transaction placed by {@code key}, or by {@code locks} when they are not null; then
     * {@code key} is their lowest leaf, under which the statistics count it.
     */
    TransactionalTask(TransactionalExecutor owner, long key, LockSet locks, int type, TxnCallable<T> body) {
        this.owner = owner;
        this.key = key;
        this.locks = locks;
        this.record = new TransactionRecord(type);
        this.body = body;
    }

    /** The key it was submitted with; for one submitted with a lock set, that set's lowest leaf. */
    @Override
    public long key() {
        return key;
    }

    /** The lock set it was submitted with, or null for one submitted with a key. */
    LockSet locks() {
        return locks;
    }

    // ---- running ----

    @Override
    public void run() {
        while (!result.isDone()) {
            if (!runOnce(true) || owner.placement().requeue(this)) {
                return;
            }
        }
    }

    /** Runs the transaction on the calling thread, outside any executor; never defers. */
    T runHere() throws Exception {
        runOnce(false);
        try {
            return result.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception checked) {
                throw checked;
            }
            throw (Error) cause;
        }
    }

    /** One run; returns whether the transaction was deferred and still has to commit. */
    private boolean runOnce(boolean deferrable) {
        ThreadContender c = owner.domain().contender();
        try {
            c.begin(record);
        } catch (IllegalStateException nested) {
            result.completeExceptionally(nested);
            return false;
        }
        synchronized (this) {
            runner = Thread.currentThread();
        }
        contender = c;
        slices = owner.counters().slicesFor(key, record.type());
        mayDefer = deferrable;
        owner.hooks().enter(this);
        long start = System.nanoTime();
        boolean deferred = false;
        T value = null;
        Throwable failure = null;
        try {
            value = owner.txnExecutor().executeChecked(this);
        } catch (Escape e) {
            c.end();
            if (e == Escape.DEFERRAL) {
                record.deferred();
                deferred = true;
            } else {
                Thread.currentThread().interrupt();
                failure = e.getCause();
            }
        } catch (Throwable t) {
            if (c.isAttempting()) {
                c.failed();
            }
            c.end();
            failure = t;
        } finally {
            elapsedNanos += System.nanoTime() - start;
            owner.hooks().exit();
            synchronized (this) {
                runner = null;
            }
        }
        if (deferred) {
            return true;
        }
        owner.placement().recordCost(this, elapsedNanos, conflicts);
        // completed last: dependent stages run on this thread, outside the transaction's run
        if (failure == null) {
            result.complete(value);
        } else {
            result.completeExceptionally(failure);
        }
        return false;
    }

    /** One attempt, called by Multiverse's retry loop. */
    @Override
    public T call(Txn txn) throws Exception {
        contender.startAttempt();
        try {
            return body.call(txn);
        } catch (RetryError blockingRetry) {
            contender.failed(); // Multiverse waits for a change, then calls again
            throw blockingRetry;
        }
    }

    // ---- events from TxnHooks, on the running thread ----

    void committed() {
        for (EventCounter s : slices) {
            s.commit();
        }
        contender.committed();
    }

    void aborted() {
        for (EventCounter s : slices) {
            s.abort();
        }
    }

    void conflicted() {
        for (EventCounter s : slices) {
            s.conflict();
        }
        conflicts++;
        Resolution resolution;
        try {
            resolution = contender.conflicted();
        } catch (InterruptedException e) {
            throw new Escape(e);
        }
        if (resolution == Resolution.DEFER && mayDefer) {
            throw Escape.DEFERRAL;
        }
    }

    // ---- Future ----

    /** The future {@link TransactionalExecutor#submitAsync} hands out: the task's own result. */
    CompletableFuture<T> future() {
        return result;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = result.cancel(false);
        if (cancelled && mayInterruptIfRunning) {
            synchronized (this) {
                if (runner != null) {
                    runner.interrupt();
                }
            }
        }
        return cancelled;
    }

    @Override
    public boolean isCancelled() {
        return result.isCancelled();
    }

    @Override
    public boolean isDone() {
        return result.isDone();
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
        return result.get();
    }

    @Override
    public T get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        return result.get(timeout, unit);
    }

    @Override
    public String toString() {
        String state = result.isCancelled() ? "cancelled" : result.isDone() ? "done" : "pending";
        return "TransactionalTask[" + (locks != null ? "locks=" + locks : "key=" + key) + ", type=" + record.type() + ", attempts=" + record.attempts()
                + ", " + state + "]";
    }
}
