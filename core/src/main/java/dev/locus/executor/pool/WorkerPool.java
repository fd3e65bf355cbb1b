package dev.locus.executor.pool;

import java.lang.System.Logger.Level;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The worker threads of one executor, as the keyed executors and Toggle keep them alike: their
 * start, the stop handshake with each worker, termination, and {@code close()}. The executor keeps
 * its own run state and queues, and decides when to call {@link #stop()} and what to drain after.
 */
/*
 * Design notes
 *
 * Placement. dev.locus.executor and dev.locus.toggle both build on this class, so it cannot be
 * package-private to either; it lives in dev.locus.executor.pool, a package of engine internals that
 * the library does not export (it depends on nothing else of the library, so no cycle). Its public
 * members are for those two packages only.
 *
 * Invariants. `live` counts the workers whose threads started and have not exited; termination
 * (onTermination, then the latch) happens once, when it reaches 0. A worker whose own loop failed
 * (not a task: tasks' throwables are reported and the worker goes on) gets a new thread unless
 * the pool is stopping, so a bug in a loop does not silently lose a worker's queue. stop() sets
 * `stopping` and then waits for each worker to leave its polling window (PoolWorker notes); after
 * it returns, no worker touches what it owns again, so the executor may drain it, and every task
 * is run (taken inside a window before), or drained, exactly once.
 *
 * References. java.util.concurrent.ThreadPoolExecutor (run-state and interrupt contract); JDK 19
 * ExecutorService.close().
 */
public final class WorkerPool {

    private static final System.Logger LOG = System.getLogger(WorkerPool.class.getName());

    private final PoolWorker[] workers;
    private final PoolConfig config;
    private final Runnable onTermination;
    private final AtomicInteger live;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private volatile boolean stopping;

    /**
     * A pool of {@code workers}, none started yet.
     *
     * @param onTermination runs once, on the last worker's thread as it exits, before anyone
     *     waiting for termination wakes up
     */
    public WorkerPool(PoolWorker[] workers, PoolConfig config, Runnable onTermination) {
        this.workers = workers.clone();
        this.config = config;
        this.onTermination = onTermination;
        this.live = new AtomicInteger(workers.length);
        for (PoolWorker w : workers) {
            w.joinPool(this);
        }
    }

    /**
     * Starts a thread for each worker. If one cannot be started, counts the rest as exited, calls
     * {@code stopNow} (the executor's {@code shutdownNow}) and rethrows.
     */
    public void start(Runnable stopNow) {
        int started = 0;
        try {
            for (; started < workers.length; started++) {
                startThread(workers[started]);
            }
        } catch (RuntimeException | Error e) {
            for (int i = started; i < workers.length; i++) {
                countExit();
            }
            stopNow.run();
            throw e;
        }
    }

    private void startThread(PoolWorker worker) {
        ThreadFactory factory = config.threadFactory();
        Thread t = factory.newThread(worker);
        if (t == null) {
            throw new IllegalStateException("thread factory " + factory + " returned null");
        }
        worker.start(t);
    }

    /** Whether {@link #stop()} was called. */
    public boolean stopping() {
        return stopping;
    }

    /**
     * The stop handshake of {@code shutdownNow}: marks the pool stopping, interrupts every worker,
     * and waits until each is outside its polling window for good (class notes). Idempotent.
     */
    public void stop() {
        stopping = true;
        for (PoolWorker w : workers) {
            w.interrupt();
        }
        for (PoolWorker w : workers) {
            w.awaitNotPolling();
        }
    }

    /** Unparks every worker, for a change of run state. */
    public void wakeAll() {
        for (PoolWorker w : workers) {
            w.wake();
        }
    }

    /** Whether {@code t} runs one of this pool's workers. */
    public boolean isWorkerThread(Thread t) {
        for (PoolWorker w : workers) {
            if (w.thread() == t) {
                return true;
            }
        }
        return false;
    }

    /** Whether every worker has exited. */
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    /** Waits up to {@code timeout} for every worker to exit; whether they have. */
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }

    /**
     * {@code ExecutorService.close()} of JDK 19, for JDK 17: shuts {@code executor} (this pool's)
     * down and waits for it to terminate; if interrupted meanwhile, calls {@code shutdownNow()},
     * keeps waiting, and re-asserts the interrupt. Called from one of the workers, it only shuts
     * down, since waiting there would wait for itself.
     */
    public void close(ExecutorService executor) {
        executor.shutdown();
        if (isWorkerThread(Thread.currentThread())) {
            return;
        }
        boolean interrupted = false;
        while (!isTerminated()) {
            try {
                terminated.await();
            } catch (InterruptedException e) {
                if (!interrupted) {
                    executor.shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** The name of the executor these workers serve. */
    public String name() {
        return config.name();
    }

    boolean pinsWorkers() {
        return config.pinWorkers();
    }

    /** Called on each worker's thread as it ends; {@code normally} is false if its own loop failed. */
    void exited(PoolWorker worker, boolean normally) {
        if (!normally && !stopping) {
            try {
                LOG.log(Level.ERROR, "worker " + worker.index() + " of " + name() + " failed; replacing its thread");
                startThread(worker);
                return;
            } catch (RuntimeException | Error e) {
                LOG.log(Level.ERROR, "cannot replace worker " + worker.index() + " of " + name(), e);
            }
        }
        countExit();
    }

    private void countExit() {
        if (live.decrementAndGet() == 0) {
            onTermination.run();
            terminated.countDown();
        }
    }
}
