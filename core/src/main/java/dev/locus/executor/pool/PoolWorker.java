package dev.locus.executor.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker thread of a {@link WorkerPool}, as the keyed and the Toggle workers have it alike: its
 * thread, the polling window that {@link WorkerPool#stop()} takes over, parking, running a task,
 * and counters written by the worker alone. The scheduling loop, {@link #work()}, is the
 * subclass's.
 */
/*
 * Implementation notes
 *
 * Polling window. A subclass touches what only its thread owns (the consumer side of its queues,
 * tasks it holds back, a task dequeued but not yet started) only between enterWindow() and
 * leaveWindow(). enterWindow sets polling = 1 and then reads the pool's stopping flag; stop() sets
 * that flag and then waits, for each worker, until polling == 0. Both are sequentially consistent
 * accesses (Dekker), so either the worker sees stopping and leaves its window at once, or stop()
 * sees it inside and waits until it leaves, after which the caller may drain what the worker
 * owned. Tasks run outside the window, so stop() waits for no task. A window must not wait for
 * anything that stop() does not end: stop() interrupts every worker for that.
 *
 * Parking. The worker sets parked = true and then re-checks whether it may park (mayPark); a
 * producer makes work visible and then reads parked (wakeIfParked). One of the two sees the other,
 * so no work is left behind a parked worker, and producers unpark only a worker that announced it
 * is parking. Lifecycle changes unpark unconditionally (wake); an early unpark leaves a permit.
 *
 * Interrupts. An interrupt that a task left set, or that arrived while idle, is cleared before
 * the next task and before parking, unless stop() sent it: the next task must not see it, and
 * park would return at once and spin.
 *
 * Memory ordering. The polling flag and the counters live in one array, `owned`, padded so that
 * they share no cache line with the fields producers read for every task (thread, parked): the
 * worker writes them for every task, and a shared line would make each producer's next read miss.
 * polling = 1 is a volatile store (not to be reordered with the load of stopping); polling = 0 a
 * release store, so that stop()'s load of 0 sees every write the worker made inside its window.
 * Counters are written only by the worker, with opaque stores, and read with opaque loads.
 */
public abstract class PoolWorker implements Runnable {

    private static final VarHandle OWNED = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs on either side of the owned slots: 128 bytes, two cache lines, against adjacent-line prefetch. */
    private static final int PADDING = 16;
    private static final int POLLING = PADDING;
    private static final int STARTED = PADDING + 1;
    private static final int EXECUTED = PADDING + 2;
    /** The slot of a subclass's counter 0. */
    private static final int COUNTERS = PADDING + 3;

    private final int index;
    private final long[] owned;
    /** {@link #park}, made once: a method reference made per idle round would allocate. */
    private final Runnable parkAction = this::park;
    /** Set by the pool before any thread starts. */
    private WorkerPool pool;

    private volatile Thread thread;
    private volatile boolean parked;

    /**
     * @param index this worker's place in its pool, from 0
     * @param counters how many counters of its own the subclass keeps ({@link #increment(int)})
     */
    protected PoolWorker(int index, int counters) {
        this.index = index;
        this.owned = new long[COUNTERS + counters + PADDING];
    }

    /** This worker's place in its pool, from 0. */
    public final int index() {
        return index;
    }

    final void joinPool(WorkerPool pool) {
        this.pool = pool;
    }

    // ---- called by the pool and by producers ----

    final void start(Thread t) {
        this.thread = t;
        t.start();
    }

    /** The thread running this worker; null before it started. */
    public final Thread thread() {
        return thread;
    }

    final void interrupt() {
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /** Unparks this worker whether or not it parks: for lifecycle changes. */
    public final void wake() {
        LockSupport.unpark(thread);
    }

    /** Unparks this worker if it announced it parks: for a producer that just made work visible. */
    public final void wakeIfParked() {
        if (parked) {
            LockSupport.unpark(thread);
        }
    }

    /** Waits until this worker is outside its polling window; only once the pool is stopping. */
    final void awaitNotPolling() {
        int spins = 0;
        while ((long) OWNED.getVolatile(owned, POLLING) != 0) {
            if (++spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Tasks started so far. */
    public final long started() {
        return (long) OWNED.getOpaque(owned, STARTED);
    }

    /** Tasks run so far, whether they completed or threw. */
    public final long executed() {
        return (long) OWNED.getOpaque(owned, EXECUTED);
    }

    /**
     * Whether a task is running: a started count above the executed count. An estimate, as the
     * counters are read one after the other: a task that just ended may still count, one that
     * just began may not.
     */
    public final boolean running() {
        long executed = executed();
        return started() > executed;
    }

    // ---- the worker thread ----

    @Override
    public final void run() {
        if (pool.pinsWorkers()) {
            AffinityPinning.pin(index);
        }
        boolean completedNormally = false;
        try {
            work();
            completedNormally = true;
        } finally {
            leaveWindow();
            pool.exited(this, completedNormally);
        }
    }

    /** The scheduling loop: returns when the worker may exit. */
    protected abstract void work();

    /**
     * Opens the polling window (class notes); false, with the window closed, if the pool is
     * stopping, and then the worker must touch nothing it owns and exit.
     */
    protected final boolean enterWindow() {
        OWNED.setVolatile(owned, POLLING, 1L);
        if (pool.stopping()) {
            OWNED.setRelease(owned, POLLING, 0L);
            return false;
        }
        return true;
    }

    /** Closes the polling window: what the worker wrote inside is visible to {@link WorkerPool#stop()}. */
    protected final void leaveWindow() {
        OWNED.setRelease(owned, POLLING, 0L);
    }

    /** Whether {@link WorkerPool#stop()} was called. */
    protected final boolean stopRequested() {
        return pool.stopping();
    }

    /**
     * Runs {@code task} outside the window and counts it; a throwable it throws goes to the
     * thread's uncaught-exception handler, as if the thread had died of it, and the worker goes on.
     */
    protected final void runTask(Runnable task) {
        clearStaleInterrupt();
        OWNED.setOpaque(owned, STARTED, (long) OWNED.getOpaque(owned, STARTED) + 1);
        try {
            task.run();
        } catch (Throwable failure) {
            report(failure);
        } finally {
            OWNED.setOpaque(owned, EXECUTED, (long) OWNED.getOpaque(owned, EXECUTED) + 1);
        }
    }

    private static void report(Throwable failure) {
        Thread t = Thread.currentThread();
        try {
            t.getUncaughtExceptionHandler().uncaughtException(t, failure);
        } catch (Throwable ignored) {
            // A failing handler must not take the worker down with it.
        }
    }

    /** Clears an interrupt that {@link WorkerPool#stop()} did not send (class notes). */
    protected final void clearStaleInterrupt() {
        if (Thread.interrupted() && pool.stopping()) {
            Thread.currentThread().interrupt();
        }
    }

    /** Adds one to the subclass's counter {@code counter}; only on this worker's thread. */
    protected final void increment(int counter) {
        int slot = COUNTERS + counter;
        OWNED.setOpaque(owned, slot, (long) OWNED.getOpaque(owned, slot) + 1);
    }

    /** The subclass's counter {@code counter}, from any thread. */
    protected final long count(int counter) {
        return (long) OWNED.getOpaque(owned, COUNTERS + counter);
    }

    // ---- idling ----

    /** What an idle strategy calls to park this worker (class notes). */
    protected final Runnable parkAction() {
        return parkAction;
    }

    /**
     * Whether the worker, having announced that it parks, still may: nothing for it to do and no
     * lifecycle change to act on. Read after {@code parked} is set (class notes).
     */
    protected abstract boolean mayPark();

    /** How long one park lasts, in nanoseconds; 0 (the default) for until unparked. */
    protected long parkNanos() {
        return 0;
    }

    private void park() {
        clearStaleInterrupt();
        parked = true;
        if (mayPark()) {
            long nanos = parkNanos();
            if (nanos > 0) {
                LockSupport.parkNanos(this, nanos);
            } else {
                LockSupport.park(this);
            }
        }
        parked = false;
    }
}
