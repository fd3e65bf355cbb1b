package dev.locus.executor;

import dev.locus.executor.ExecutorStats.KeyRangeLoad;
import dev.locus.executor.ExecutorStats.WorkerStats;
import dev.locus.executor.pool.WorkerPool;
import dev.locus.executor.routing.RoundRobinRouter;
import dev.locus.executor.routing.Router;
import dev.locus.executor.routing.RoutingTable;
import dev.locus.executor.sampling.EqualWidthHistogram;
import dev.locus.executor.sampling.KeySampler;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;
import javax.management.ObjectName;

/**
 * The keyed executor behind every {@link LocusExecutors} factory: parallel executors in the sense
 * of [Bai06] (Figure 1c), where the producer's own thread routes each task into one worker's
 * queue.
 */
/*
 * Implementation notes
 *
 * Overview. A submission reads the current Epoch (routing table + run state), routes the task by
 * the epoch's table, and offers it to the chosen Worker's queue. Workers drain their own queues
 * (see Worker). Every change of table or run state publishes a new Epoch and then waits until no
 * producer is still inside the old one, so that afterwards every task accepted under the old
 * epoch is known to be in its queue. That single mechanism gives:
 *   - shutdown(): after the SHUTDOWN epoch is published and the RUNNING one has drained, no task
 *     can be added; `closed` tells workers they may exit once their queues are empty.
 *   - shutdownNow(): likewise, then the pool's stop handshake takes each worker over (WorkerPool,
 *     PoolWorker notes) and its queue and held tasks are drained into the returned list. Each task is thus run (polled
 *     by its worker before the handshake), returned (polled by the drain after it), or rejected
 *     (its producer saw a non-RUNNING epoch): exactly one of the three.
 *   - re-partitioning with per-key order (the epoch hand-off).
 *
 * Epoch hand-off. When the router proposes a new table T' to replace T (version v -> v+1):
 *   1. publish a Handoff(T, v+1) and then the new epoch; producers entering now route by T' and
 *      tag their tasks with v+1 (KeyedTask) until the hand-off is complete;
 *   2. wait until the old epoch is empty: every task routed by T is now in its queue;
 *   3. put a Fence behind them in every worker's queue.
 * A worker that dequeues a v+1 task for key k whose old owner j = T.route(k) is another worker
 * holds it (in a per-source FIFO) until worker j dequeues its fence, i.e. until j has run every
 * task it was given for k under T; it also holds any later task from the same source while one is
 * held, so held tasks keep their order. Workers never block on a fence: they keep draining their
 * queues (and so pass their own fences), so hand-offs cannot deadlock. A new re-partition starts
 * only when every fence of the previous one has passed; then each worker releases its held tasks
 * before it dequeues anything else, so at most two table versions are ever in the queues, and a
 * task older than the current hand-off was routed to its worker by a table under which that
 * worker already owned the key. With relaxed ordering, or a router that ignores keys, tasks are
 * not tagged and no hand-off is made.
 * Only tasks routed while their epoch's hand-off is under way are tagged: once every fence has
 * passed, each old owner has run what it had under T and each worker releases what it holds
 * before it dequeues anything newer, so an untagged task can run as soon as it is dequeued; a
 * producer that reads the hand-off as complete does so before its offer, and the worker that
 * dequeues the task therefore sees every fence passed. Between re-partitions a submission thus
 * allocates nothing.
 *
 * Concurrency. The current epoch (in EpochGate), `handoff`, `closed` are volatile.
 * All epoch changes happen under epochLock (tryLock for re-partitions, which are optional).
 * Producers never take a lock: inside an epoch they only route and offer, both non-blocking;
 * rejection handlers, the blocking handler's wait for room and router.rebalance run after they
 * leave it, so waiting for an epoch to drain is bounded by producers' progress, never by user code
 * or a full queue.
 *
 * Memory ordering. EpochGate explains why no producer slips past a publisher (a Dekker pair of
 * sequentially consistent accesses; checked by the jcstress test EpochGateStress). The handoff is
 * written before the epoch that tags tasks with its version, so a worker holding such a task
 * sees it.
 *
 * References. [Bai06] §3 (executor models), §4.2 (round-robin, fixed and PD-partition routing);
 * java.util.concurrent.ThreadPoolExecutor (run-state contract, interrupt rules).
 */
final class LocusExecutor extends AbstractExecutorService implements KeyedExecutorService {

    private static final System.Logger LOG = System.getLogger(LocusExecutor.class.getName());
    /** One keyed task in this many (a power of two) is sampled for {@link ExecutorStats#hottestRanges()}. */
    private static final int STATS_SAMPLE_EVERY = 64;
    private static final int HOT_RANGE_BINS = 64;

    final ExecutorConfig config;
    final Worker[] workers;
    final WorkerPool pool;
    final boolean relaxed;
    /**
     * Whether a keyed task goes into its key's lane (PER_KEY: order across submitting threads),
     * else into its thread's (KeyLanes).
     */
    private final boolean lanesByKey;
    volatile boolean closed;
    volatile Handoff handoff;

    private final Router router;
    private final boolean repartitions;
    private final boolean tagTasks;
    private final RoutingTable unkeyed;
    private final KeySampler statsSampler = new KeySampler(4096);
    private final ReentrantLock epochLock = new ReentrantLock();
    private final EpochGate gate;
    private volatile long repartitionCount;
    private final AtomicLong rejectedCount = new AtomicLong();
    /** How long a producer waits for room under {@link RejectionHandler#block}; -1 if it does not. */
    private final long blockNanos;
    private volatile ObjectName mbeanName;

    private LocusExecutor(ExecutorConfig config) {
        this.config = config;
        this.router = config.router();
        this.relaxed = config.ordering() == Ordering.RELAXED;
        this.lanesByKey = config.ordering() == Ordering.PER_KEY;
        this.repartitions = router.repartitions();
        this.blockNanos = config.rejectionHandler() instanceof BlockingRejection blocking ? blocking.timeoutNanos() : -1;
        RoutingTable initial = Objects.requireNonNull(router.initialTable(), "router returned no initial table");
        this.tagTasks = repartitions && !relaxed;
        this.unkeyed = new RoundRobinRouter(config.workers()).initialTable();
        this.gate = new EpochGate(new Epoch(initial, 0, Epoch.RUNNING));
        this.workers = new Worker[config.workers()];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(i, this, config);
        }
        this.pool = new WorkerPool(workers, config.pool(), this::unregisterMBean);
    }

    static LocusExecutor start(ExecutorConfig config) {
        LocusExecutor executor = new LocusExecutor(config);
        executor.pool.start(executor::shutdownNow);
        if (config.registerMBean()) {
            try {
                executor.mbeanName = ExecutorMBean.register(executor, config.name());
            } catch (RuntimeException | Error e) {
                executor.shutdownNow();
                throw e;
            }
        }
        return executor;
    }

    // ---- submission ----

    @Override
    public void execute(Runnable task) {
        if (task instanceof Keyed keyed) {
            dispatch(keyed.key(), true, task);
        } else {
            dispatch(0, false, task);
        }
    }

    @Override
    public void execute(long key, Runnable task) {
        dispatch(key, true, task);
    }

    @Override
    public <T> Future<T> submit(long key, Callable<T> task) {
        RunnableFuture<T> future = newTaskFor(Objects.requireNonNull(task, "task"));
        dispatch(key, true, future);
        return future;
    }

    @Override
    public Future<?> submit(long key, Runnable task) {
        RunnableFuture<Void> future = newTaskFor(Objects.requireNonNull(task, "task"), null);
        dispatch(key, true, future);
        return future;
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return callable instanceof Keyed keyed ? new KeyedFuture<>(callable, keyed.key()) : new FutureTask<>(callable);
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        return runnable instanceof Keyed keyed
                ? new KeyedFuture<>(runnable, value, keyed.key())
                : new FutureTask<>(runnable, value);
    }

    private void dispatch(long key, boolean keyed, Runnable task) {
        Objects.requireNonNull(task, "task");
        Runnable queued = DecoratedTask.decorate(config.taskDecorator(), task);
        int lane = lane(key, keyed);
        Epoch e = gate.enter();
        Worker target = null;
        try {
            if (e.runState == Epoch.RUNNING) {
                Worker w = route(e, key, keyed);
                if (w.offer(element(e, key, keyed, queued), lane)) {
                    target = w;
                }
            }
        } finally {
            gate.exit(e);
        }
        if (target == null && blockNanos >= 0 && e.runState == Epoch.RUNNING) {
            target = offerWhenRoom(key, keyed, lane, queued);
        }
        if (target == null) {
            rejectedCount.incrementAndGet();
            config.rejectionHandler().rejected(task, this, gate.current().runState != Epoch.RUNNING);
            return;
        }
        target.wakeIfParked();
        if (keyed) {
            observe(key);
        }
    }

    /** Which lane of its worker a task goes into (KeyLanes): its key's, or its thread's. */
    private int lane(long key, boolean keyed) {
        return keyed && lanesByKey ? KeyLanes.laneOfKey(key) : KeyLanes.laneOfCurrentThread();
    }

    private Worker route(Epoch e, long key, boolean keyed) {
        return workers[keyed ? e.table.route(key) : unkeyed.route(key)];
    }

    /** The queue element for a task: tagged with its key and table version during a hand-off. */
    private static Object element(Epoch e, long key, boolean keyed, Runnable task) {
        return keyed && e.handoffPending() ? new KeyedTask(task, key, e.tableVersion) : task;
    }

    /**
     * The blocking rejection handler's wait: until the queue the task routes to has room, the
     * executor stops running, or the timeout passes. The wait is outside the epoch, so that it
     * never holds up a re-partition or a shutdown, and each try routes the task afresh; the slot
     * it waited for is kept for the next try, and given back if the task now routes elsewhere.
     * A worker of this executor does not wait (it could be waiting for itself): its task is
     * queued over the capacity.
     *
     * @return the worker the task was queued at, or null if it was not
     * @throws RejectedExecutionException if the thread is interrupted while it waits, with its
     *     interrupt status set again
     */
    private Worker offerWhenRoom(long key, boolean keyed, int lane, Runnable task) {
        boolean overCapacity = pool.isWorkerThread(Thread.currentThread());
        long deadline = System.nanoTime() + blockNanos;
        Worker reserved = null; // a worker whose queue slot this thread holds
        try {
            for (;;) {
                Worker queuedAt = null;
                Worker full = null;
                Epoch e = gate.enter();
                try {
                    if (e.runState == Epoch.RUNNING) {
                        Worker w = route(e, key, keyed);
                        Object element = element(e, key, keyed, task);
                        if (w == reserved) {
                            w.offerReserved(element, lane);
                            reserved = null; // the slot is the task's now
                            queuedAt = w;
                        } else if (overCapacity) {
                            w.offerOverCapacity(element, lane);
                            queuedAt = w;
                        } else if (w.offer(element, lane)) {
                            queuedAt = w;
                        } else {
                            full = w;
                        }
                    }
                } finally {
                    gate.exit(e);
                }
                if (reserved != null) {
                    reserved.releaseRoom();
                    reserved = null;
                }
                long remaining = deadline - System.nanoTime();
                if (queuedAt != null || full == null || remaining <= 0) {
                    return queuedAt;
                }
                if (full.awaitRoom(remaining)) {
                    reserved = full;
                }
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            rejectedCount.incrementAndGet();
            throw new RejectedExecutionException("interrupted while waiting for room in a worker's queue of " + this,
                    interrupted);
        } finally {
            if (reserved != null) {
                reserved.releaseRoom();
            }
        }
    }

    @Override
    public boolean requeue(long key, Runnable task) {
        Objects.requireNonNull(task, "task");
        if (!pool.isWorkerThread(Thread.currentThread())) {
            return false;
        }
        Epoch e = gate.enter();
        Worker target = null;
        try {
            // Only while RUNNING: once shutdown is published, workers may exit when their queues
            // are empty, and a task queued behind that point could strand.
            if (e.runState == Epoch.RUNNING) {
                target = route(e, key, true);
                target.offerOverCapacity(element(e, key, true, DecoratedTask.decorate(config.taskDecorator(), task)),
                        lane(key, true));
            }
        } finally {
            gate.exit(e);
        }
        if (target == null) {
            return false;
        }
        target.wakeIfParked();
        return true;
    }

    private void observe(long key) {
        if ((ThreadLocalRandom.current().nextInt() & (STATS_SAMPLE_EVERY - 1)) == 0) {
            statsSampler.record(key);
        }
        if (repartitions && router.sample(key)) {
            maybeRepartition();
        }
    }

    @Override
    public void recordCost(long key, long nanos, int aborts) {
        KeyedExecutorService.super.recordCost(key, nanos, aborts); // checks the arguments
        router.recordCost(key, nanos, aborts);
    }

    // ---- re-partitioning ----

    private void maybeRepartition() {
        if (handoffInProgress() || !epochLock.tryLock()) {
            return;
        }
        try {
            Epoch current = gate.current();
            if (current.runState != Epoch.RUNNING || handoffInProgress()) {
                return;
            }
            RoutingTable next;
            try {
                next = router.rebalance(current.table);
            } catch (RuntimeException failure) {
                LOG.log(Level.WARNING, "router " + router + " failed to rebalance; keeping its table", failure);
                return;
            }
            if (next != null) {
                install(current, next);
            }
        } finally {
            epochLock.unlock();
        }
    }

    private boolean handoffInProgress() {
        Handoff h = handoff;
        return h != null && !h.complete();
    }

    /** Replaces the table with an epoch hand-off (class notes). Called under epochLock. */
    private void install(Epoch current, RoutingTable next) {
        if (next.workers() != workers.length) {
            LOG.log(Level.WARNING, "router " + router + " proposed a table for " + next.workers()
                    + " workers, executor has " + workers.length + "; ignored");
            return;
        }
        Handoff h = tagTasks && current.table.keyAffine() && next.keyAffine()
                ? new Handoff(current.table, current.tableVersion + 1, workers.length)
                : null;
        Epoch nextEpoch = current.withTable(next, h);
        if (h != null) {
            handoff = h;
        }
        gate.publish(nextEpoch);
        if (h != null) {
            for (Worker w : workers) {
                w.offerFence(h.fence(w.index()));
            }
        }
        repartitionCount = repartitionCount + 1;
    }

    // ---- lifecycle ----

    @Override
    public void shutdown() {
        epochLock.lock();
        try {
            Epoch current = gate.current();
            if (current.runState == Epoch.RUNNING) {
                gate.publish(current.withState(Epoch.SHUTDOWN));
                closed = true;
                pool.wakeAll();
            }
        } finally {
            epochLock.unlock();
        }
    }

    @Override
    public List<Runnable> shutdownNow() {
        epochLock.lock();
        try {
            Epoch current = gate.current();
            if (current.runState != Epoch.STOP) {
                gate.publish(current.withState(Epoch.STOP));
                closed = true;
            }
            pool.stop();
            List<Runnable> neverStarted = new ArrayList<>();
            for (Worker w : workers) {
                w.drainTo(neverStarted);
            }
            neverStarted.replaceAll(DecoratedTask::submitted);
            return neverStarted;
        } finally {
            epochLock.unlock();
        }
    }

    @Override
    public boolean isShutdown() {
        return gate.current().runState != Epoch.RUNNING;
    }

    @Override
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(timeout, unit);
    }

    @Override
    public void close() {
        pool.close(this);
    }

    /** The pool's last act as the last worker exits: before anyone waiting for termination wakes up. */
    private void unregisterMBean() {
        ObjectName name = mbeanName;
        if (name != null) {
            ExecutorMBean.unregister(name);
        }
    }

    // ---- introspection ----

    @Override
    public int workers() {
        return workers.length;
    }

    Router router() {
        return router;
    }

    @Override
    public ExecutorStats stats() {
        List<WorkerStats> perWorker = new ArrayList<>(workers.length);
        for (Worker w : workers) {
            perWorker.add(new WorkerStats(w.index(), w.executed(), w.queued(), w.steals(), w.running()));
        }
        return new ExecutorStats(perWorker, gate.current().table.boundaries(), repartitionCount, hottestRanges(),
                rejectedCount.get());
    }

    private List<KeyRangeLoad> hottestRanges() {
        long[] samples = statsSampler.snapshot();
        if (samples.length == 0) {
            return List.of();
        }
        EqualWidthHistogram h = EqualWidthHistogram.of(samples, HOT_RANGE_BINS);
        return IntStream.range(0, h.bins())
                .filter(i -> h.count(i) > 0)
                .boxed()
                .sorted(Comparator.comparingLong(h::count).reversed())
                .limit(ExecutorStats.MAX_HOTTEST_RANGES)
                .map(i -> new KeyRangeLoad(h.lowKey(i), h.highKey(i), (double) h.count(i) / samples.length))
                .toList();
    }

    @Override
    public String toString() {
        Epoch e = gate.current();
        String state = isTerminated() ? "Terminated" : e.runState == Epoch.RUNNING ? "Running"
                : e.runState == Epoch.SHUTDOWN ? "Shutting down" : "Stopping";
        return super.toString() + "[" + state + ", name = " + config.name() + ", router = " + router
                + ", workers = " + workers.length + "]";
    }

    /** A future whose task is {@link Keyed}, so that {@code submit} routes it by its key. */
    private static final class KeyedFuture<T> extends FutureTask<T> implements Keyed {

        private final long key;

        KeyedFuture(Callable<T> callable, long key) {
            super(callable);
            this.key = key;
        }

        KeyedFuture(Runnable runnable, T value, long key) {
            super(runnable, value);
            this.key = key;
        }

        @Override
        public long key() {
            return key;
        }
    }
}
