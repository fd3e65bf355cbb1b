package dev.locus.toggle;

import dev.locus.executor.IdleStrategy;
import dev.locus.executor.pool.PoolSettings;
import dev.locus.executor.pool.WorkerPool;
import dev.locus.executor.sampling.PdPartition;
import dev.locus.executor.routing.RangeTable;
import dev.locus.executor.routing.RoundRobinRouter;
import dev.locus.executor.routing.RoutingTable;
import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Toggle, the contention-aware scheduler of [Kalikar19], as an {@link java.util.concurrent.ExecutorService}
 * over one {@link Hierarchy}. Each worker hosts one bucket, a range of the hierarchy's leaves;
 * a {@link HierarchicalTask} goes to the bucket its leaves fall in, or, when they fall in several,
 * to the lowest of them. Tasks whose leaves meet thus mostly meet on one worker, which runs them
 * one after another instead of letting them fight over locks. Within a bucket, tasks that fit one
 * of its inner sub-buckets are batched there and run in inner phases, during which idle workers
 * may steal whole sub-buckets.
 *
 * <p>Two modes. <b>Scheduler-exclusive</b> (the default): two tasks whose lock sets reach a common
 * leaf, whatever their {@link LockMode}s, never run at the same time, so the operations need no
 * locks of their own; a task that spans several buckets waits until it holds all of them.
 * <b>Lock-manager</b> ({@link Builder#lockManager(TaskLocking)}): each task takes its locks from a
 * lock manager around its operation and the executor only places tasks, as Toggle + DomLock in
 * the paper; or ({@link Builder#lockManager(TaskGuard)}) a guard runs the operation itself, as
 * {@link ElidedLocking} runs it as an elided critical section. In both modes tasks run in no
 * particular order.
 *
 * <p>A plain {@link Runnable} or {@link Callable}, one with no lock set, is by default treated as
 * locking the root for writing: it runs alone, which is safe whatever it touches, and slow.
 * {@link Builder#plainTasks(PlainTasks)} can declare such tasks independent of the hierarchy
 * instead. A {@link HierarchicalTask} given to {@code execute(Runnable)} or {@code submit(Runnable)}
 * is placed by its lock set.
 *
 * <pre>{@code
 * ToggleExecutor executor = ToggleExecutor.builder(hierarchy, 8).build();
 * executor.execute(new HierarchicalTask(LockSet.on(hierarchy).write(part).read(assembly).build(),
 *         () -> update(part, assembly)));
 * Future<Integer> size = executor.submit(LockSet.of(hierarchy, assembly, LockMode.READ), () -> count(assembly));
 * }</pre>
 *
 * <p>The {@code ExecutorService} contract holds: every accepted task runs once, or is returned by
 * {@link #shutdownNow()} if it never started; a task refused after shutdown throws
 * {@link RejectedExecutionException}; a task that throws is reported to its worker thread's
 * uncaught-exception handler and the worker goes on. A task must not wait for a task that
 * conflicts with it (in scheduler-exclusive mode that one cannot start before it ends).
 */
/*
 * Implementation notes
 *
 * Overview. The producer's thread places each task (BucketRanges: bucket of its lowest leaf,
 * inner sub-bucket if its leaves fit one, the buckets it spans) and offers it to that bucket's
 * outer queue; each worker serves its own bucket and steals from others (ToggleWorker, whose
 * notes carry the argument that conflicting tasks never overlap). Buckets cut the leaf numbers
 * into equal ranges, or into ranges of equal sampled load through the PD-partition of the keyed
 * executors (Builder.sampledRanges).
 *
 * Where [Kalikar19] is vague or silent, the safe reading. (1) No task pool and no scheduler thread:
 * producers place their own tasks, as the parallel executors of [Bai06] do. (2) Conflict is the
 * paper's: leaf sets that meet, read or write alike; shared readers of one leaf are kept apart
 * too. (3) "Locks on the buckets" of a multi-bucket task (§3.3) are per-bucket fair locks, the
 * claims, taken in bucket order; the host also holds its own claim while it runs its tasks and
 * for a whole inner phase, which §3.4 leaves unsaid but the exclusion needs. The bit mask is the
 * ascending list of spanned buckets, from each node's interval, not from the covering interval.
 * (4) Algorithm 2's "wait till all remote threads finish" counts the stealers in; the counter
 * starts, and rests between phases, at the number of sub-buckets. (5) A task moves inside only if
 * its covering interval fits one sub-bucket. (6) Stealing is on or off per executor; the paper's
 * closing remark that the scheduler enables it by load is left out (idle workers steal anyway).
 * (7) No order among tasks is kept: moving tasks inside reorders them.
 *
 * Concurrency. Admission without a lock: a producer reads the run state, offers its task, and
 * reads the run state again; if the executor left RUNNING in between, it tries to take its task
 * back out (ConcurrentLinkedQueue.remove, by identity) and throws RejectedExecutionException when
 * it succeeds. Otherwise someone else took the task out first: its worker, which runs it, or
 * shutdownNow, which returns it. A worker leaves at SHUTDOWN only after reading the state and then
 * finding its outer queue empty; a producer whose offer that worker missed read the state after
 * the change (all these accesses are sequentially consistent), so it withdraws its task. Hence
 * every task is run, returned or rejected, exactly one of the three. A requeued task is admitted
 * the same way by the worker running it, which runs it again itself where a producer's task would
 * be rejected. shutdown and shutdownNow are serialized by mainLock; shutdownNow collects the tasks
 * of every bucket after the pool's stop handshake with each worker (WorkerPool, ToggleWorker notes).
 *
 * Memory ordering. runState is volatile; the queues are ConcurrentLinkedQueues, whose offer
 * happens-before the poll that takes the element.
 *
 * References. [Kalikar19] §3 (tasks, independence), §3.2 (buckets), §3.3 (multi-bucket tasks), §3.4
 * (nested bucketing), Algorithms 1 and 2; [Bai06] §4.2 (PD-partition);
 * java.util.concurrent.ThreadPoolExecutor (run states, remove-on-reject).
 */
public final class ToggleExecutor extends AbstractExecutorService implements AutoCloseable {

    static final int RUNNING = 0;
    static final int SHUTDOWN = 1;
    static final int STOP = 2;

    private static final int[] NO_CLAIMS = {};
    private static final int HISTOGRAM_BINS = 1024;
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    volatile int runState = RUNNING;
    final Bucket[] buckets;
    final ToggleWorker[] workers;
    final WorkerPool pool;

    private final Hierarchy hierarchy;
    private final BucketRanges ranges;
    private final Settings settings;
    /** Lock-manager mode's guard; null in scheduler-exclusive mode. */
    private final TaskGuard guard;
    private final LockSet plainLocks;
    private final RoutingTable independentTasks;
    /** {@code ownClaim[b]} is the claim list of a task that spans bucket {@code b} alone. */
    private final int[][] ownClaim;
    private final ReentrantLock mainLock = new ReentrantLock();

    /** What the workers read of the builder's settings. */
    record Settings(boolean exclusive, boolean stealing, int threshold, int delayThreshold,
                    IdleStrategy idleStrategy) {
    }

    private ToggleExecutor(Builder b, BucketRanges ranges) {
        this.hierarchy = b.hierarchy;
        this.ranges = ranges;
        this.guard = b.guard;
        this.settings = new Settings(b.guard == null, b.stealing, b.threshold, b.delayThreshold, b.idleStrategy);
        this.plainLocks = b.plainTasks == PlainTasks.EXCLUSIVE
                ? LockSet.of(hierarchy, hierarchy.root(), LockMode.WRITE)
                : null;
        this.independentTasks = new RoundRobinRouter(b.workers).initialTable();
        this.buckets = new Bucket[b.workers];
        this.workers = new ToggleWorker[b.workers];
        this.ownClaim = new int[b.workers][];
        for (int i = 0; i < b.workers; i++) {
            buckets[i] = new Bucket(i, ranges.subBuckets());
            workers[i] = new ToggleWorker(i, buckets[i], this, settings);
            ownClaim[i] = new int[] {i};
        }
        this.pool = new WorkerPool(workers, b.pool.config(() -> "toggle-" + SEQUENCE.incrementAndGet()), () -> { });
    }

    /**
     * A builder of an executor over {@code hierarchy} with {@code workers} workers, hence as many
     * buckets.
     *
     * @throws IllegalArgumentException if {@code workers < 1}
     */
    public static Builder builder(Hierarchy hierarchy, int workers) {
        return new Builder(hierarchy, workers);
    }

    // ---- submission ----

    /**
     * Runs {@code task} some time later, placed by its lock set.
     *
     * @throws NullPointerException if {@code task} is null
     * @throws IllegalArgumentException if its lock set is over another hierarchy
     * @throws RejectedExecutionException if the executor is shut down
     */
    public void execute(HierarchicalTask task) {
        Objects.requireNonNull(task, "task");
        LockSet locks = checkLocks(task.locks());
        place(locks, locked(locks, task), task);
    }

    /**
     * Runs {@code task} some time later, placed by {@code locks}: as
     * {@code execute(new HierarchicalTask(locks, task))}, except that {@link #shutdownNow()} returns
     * {@code task} itself if it never started. For front-ends whose tasks are their own futures,
     * such as the STM adapter's transactions.
     *
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy
     * @throws RejectedExecutionException if the executor is shut down
     */
    public void execute(LockSet locks, Runnable task) {
        checkLocks(locks);
        Objects.requireNonNull(task, "task");
        place(locks, locked(locks, task), task);
    }

    /**
     * Puts a task that is running on one of this executor's workers back into the bucket that
     * {@code locks} places it in, behind the tasks queued there, to be run again later (a
     * transaction that lets others go first, say); as {@code KeyedExecutorService.requeue} does
     * for the keyed executors. Later tasks that conflict with it may run before it. If it never
     * starts again, {@link #shutdownNow()} returns {@code task}.
     *
     * @return {@code false}, queueing nothing, when called from a thread that is not one of this
     *     executor's workers or once shutdown has begun; the caller then finishes the task itself
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy
     */
    public boolean requeue(LockSet locks, Runnable task) {
        checkLocks(locks);
        Objects.requireNonNull(task, "task");
        return pool.isWorkerThread(Thread.currentThread()) && enqueue(placement(locks, locked(locks, task), task));
    }

    /**
     * Runs {@code command} some time later: placed by its lock set if it is a
     * {@link HierarchicalTask}, else as a plain task ({@link Builder#plainTasks(PlainTasks)}).
     *
     * @throws NullPointerException if {@code command} is null
     * @throws IllegalArgumentException if a hierarchical task's lock set is over another hierarchy
     * @throws RejectedExecutionException if the executor is shut down
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command");
        if (command instanceof PlacedFuture<?> future && future.executor == this) {
            place(future.locks, future, future); // its locks, if any, are taken inside it
        } else if (command instanceof HierarchicalTask task) {
            execute(task);
        } else {
            place(plainLocks, locked(plainLocks, command), command);
        }
    }

    /**
     * Submits {@code task}, which touches the nodes of {@code locks}.
     *
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy
     * @throws RejectedExecutionException if the executor is shut down
     */
    public <T> Future<T> submit(LockSet locks, Callable<T> task) {
        checkLocks(locks);
        Objects.requireNonNull(task, "task");
        PlacedFuture<T> future = new PlacedFuture<>(this, locks, lockedCall(locks, task));
        place(locks, future, future);
        return future;
    }

    /**
     * Submits {@code task}, which touches the nodes of {@code locks}; its future yields null.
     *
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy
     * @throws RejectedExecutionException if the executor is shut down
     */
    public Future<?> submit(LockSet locks, Runnable task) {
        Objects.requireNonNull(task, "task");
        return submit(locks, Executors.callable(task));
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new PlacedFuture<>(this, plainLocks, lockedCall(plainLocks, callable));
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        LockSet locks = runnable instanceof HierarchicalTask task ? checkLocks(task.locks()) : plainLocks;
        return new PlacedFuture<>(this, locks, lockedCall(locks, Executors.callable(runnable, value)));
    }

    private LockSet checkLocks(LockSet locks) {
        Objects.requireNonNull(locks, "locks");
        if (locks.hierarchy() != hierarchy) {
            throw new IllegalArgumentException(locks + " is over " + locks.hierarchy() + ", not over this executor's "
                    + hierarchy);
        }
        return locks;
    }

    /** {@code task} inside its locks in lock-manager mode; as it is otherwise or without locks. */
    private Runnable locked(LockSet locks, Runnable task) {
        return guard == null || locks == null ? task : LockedTasks.around(guard, locks, task);
    }

    private <T> Callable<T> lockedCall(LockSet locks, Callable<T> task) {
        return guard == null || locks == null ? task : LockedTasks.around(guard, locks, task);
    }

    /** Places a task by {@code locks} (null: an independent plain task) and queues it. */
    private void place(LockSet locks, Runnable run, Runnable submitted) {
        if (!enqueue(placement(locks, run, submitted))) {
            throw rejected(submitted);
        }
    }

    /**
     * Queues {@code t} in its bucket's outer queue while the executor runs; false, leaving nothing
     * queued, once it does not (the admission protocol of the implementation notes).
     */
    private boolean enqueue(PlacedTask t) {
        if (runState != RUNNING) {
            return false;
        }
        Bucket bucket = buckets[t.bucket];
        bucket.outer.offer(t);
        if (runState != RUNNING && bucket.outer.remove(t)) {
            return false;
        }
        workers[t.bucket].wakeIfParked();
        return true;
    }

    private PlacedTask placement(LockSet locks, Runnable run, Runnable submitted) {
        if (locks == null) {
            return new PlacedTask(run, submitted, independentTasks.route(0), -1, NO_CLAIMS);
        }
        int low = ranges.bucketOf(locks.lo());
        int high = ranges.bucketOf(locks.hi());
        if (low == high) {
            return new PlacedTask(run, submitted, low, ranges.innerSubBucket(low, locks.lo(), locks.hi()),
                    settings.exclusive() ? ownClaim[low] : NO_CLAIMS);
        }
        return new PlacedTask(run, submitted, low, -1, settings.exclusive() ? ranges.spannedBuckets(locks) : NO_CLAIMS);
    }

    private RejectedExecutionException rejected(Runnable task) {
        return new RejectedExecutionException("Task " + task + " rejected from " + this + ": executor is shut down");
    }

    // ---- lifecycle ----

    @Override
    public void shutdown() {
        mainLock.lock();
        try {
            if (runState == RUNNING) {
                runState = SHUTDOWN;
            }
            pool.wakeAll();
        } finally {
            mainLock.unlock();
        }
    }

    @Override
    public List<Runnable> shutdownNow() {
        mainLock.lock();
        try {
            runState = STOP;
            pool.stop();
            List<Runnable> neverStarted = new ArrayList<>();
            for (Bucket b : buckets) {
                b.drainTo(neverStarted);
            }
            return neverStarted;
        } finally {
            mainLock.unlock();
        }
    }

    @Override
    public boolean isShutdown() {
        return runState != RUNNING;
    }

    @Override
    public boolean isTerminated() {
        return pool.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return pool.awaitTermination(timeout, unit);
    }

    /**
     * Shuts down and waits for termination; if interrupted while waiting, calls
     * {@link #shutdownNow()}, keeps waiting, and re-asserts the interrupt (as
     * {@code ExecutorService.close()} of JDK 19). Called from a task, it only shuts down.
     */
    @Override
    public void close() {
        pool.close(this);
    }

    /** Wakes the parked workers other than {@code host}: its bucket opened an inner phase. */
    void wakeIdleWorkers(ToggleWorker host) {
        for (ToggleWorker w : workers) {
            if (w != host) {
                w.wakeIfParked();
            }
        }
    }

    /** Whether any bucket is in an inner phase with sub-buckets left to steal. */
    boolean anyStealable() {
        for (Bucket b : buckets) {
            if (b.protocol.mayJoin()) {
                return true;
            }
        }
        return false;
    }

    // ---- introspection ----

    /** The hierarchy whose lock sets this executor places. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** The number of workers, which is also the number of buckets. */
    public int workers() {
        return workers.length;
    }

    /** A snapshot of the per-worker counters and the bucket ranges. */
    public ToggleStats stats() {
        List<ToggleStats.WorkerStats> perWorker = new ArrayList<>(workers.length);
        for (ToggleWorker w : workers) {
            perWorker.add(new ToggleStats.WorkerStats(w.index(), w.executed(), w.stolen(), w.toggles()));
        }
        List<Integer> starts = new ArrayList<>();
        for (int start : ranges.starts()) {
            starts.add(start);
        }
        return new ToggleStats(perWorker, starts);
    }

    @Override
    public String toString() {
        int state = runState;
        String s = isTerminated() ? "Terminated" : state == RUNNING ? "Running"
                : state == SHUTDOWN ? "Shutting down" : "Stopping";
        return super.toString() + "[" + s + ", name = " + pool.name() + ", workers = " + workers.length
                + (settings.exclusive() ? ", scheduler-exclusive" : ", lock-manager") + ", stealing "
                + (settings.stealing() ? "on" : "off") + "]";
    }

    /** How tasks without a lock set are treated. */
    public enum PlainTasks {
        /** As if they locked the root for writing: each runs alone. Safe for any task; the default. */
        EXCLUSIVE,
        /**
         * As touching no node of the hierarchy: they run beside any task, spread round-robin over
         * the workers. Only for tasks that really touch nothing the hierarchical tasks touch.
         */
        INDEPENDENT
    }

    /** A future created by this executor, which knows the lock set that places it. */
    private static final class PlacedFuture<T> extends FutureTask<T> {

        final ToggleExecutor executor;
        /** Null for an independent plain task. */
        final LockSet locks;

        PlacedFuture(ToggleExecutor executor, LockSet locks, Callable<T> callable) {
            super(callable);
            this.executor = executor;
            this.locks = locks;
        }
    }

    /** Collects the settings of one executor; not thread-safe. */
    public static final class Builder {

        private final Hierarchy hierarchy;
        private final int workers;
        private final PoolSettings pool = new PoolSettings();
        private int threshold = 32;
        private int delayThreshold = 32;
        private int innerBuckets;
        private boolean stealing = true;
        private TaskGuard guard;
        private PlainTasks plainTasks = PlainTasks.EXCLUSIVE;
        private RangeTable sampledTable;
        private IdleStrategy idleStrategy = IdleStrategy.defaultStrategy();

        private Builder(Hierarchy hierarchy, int workers) {
            this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
            this.workers = positive("workers", workers);
            this.innerBuckets = Math.max(2, workers);
        }

        /** Names the executor; worker threads are {@code name-worker-i}. */
        public Builder name(String name) {
            pool.name(name);
            return this;
        }

        /** Creates the worker threads (default: non-daemon threads named after the executor). */
        public Builder threadFactory(ThreadFactory threadFactory) {
            pool.threadFactory(threadFactory);
            return this;
        }

        /**
         * Algorithm 1's Threshold: the host switches to an inner phase once this many tasks wait
         * in its inner sub-buckets (default 32).
         *
         * @throws IllegalArgumentException if {@code tasks < 1}
         */
        public Builder threshold(int tasks) {
            this.threshold = positive("threshold", tasks);
            return this;
        }

        /**
         * Algorithm 1's DelayThreshold: after running this many tasks from its outer bucket the
         * host switches to an inner phase if any task waits there (default 32), so inner tasks do
         * not wait behind a stream of outer ones.
         *
         * @throws IllegalArgumentException if {@code tasks < 1}
         */
        public Builder delayThreshold(int tasks) {
            this.delayThreshold = positive("delayThreshold", tasks);
            return this;
        }

        /**
         * The inner sub-buckets of each bucket, equal parts of its leaf range (default: the number
         * of workers, at least 2). More sub-buckets give stealers more pieces; fewer let more
         * tasks fit one piece.
         *
         * @throws IllegalArgumentException if {@code subBuckets < 1}
         */
        public Builder innerBuckets(int subBuckets) {
            this.innerBuckets = positive("innerBuckets", subBuckets);
            return this;
        }

        /** Whether idle workers steal inner sub-buckets of other buckets (default on). */
        public Builder stealing(boolean enabled) {
            this.stealing = enabled;
            return this;
        }

        /**
         * Lock-manager mode: each task runs inside {@code locking.lock(task's lock set)}, and the
         * executor no longer keeps conflicting tasks apart itself (default: scheduler-exclusive
         * mode, no locks). Plain tasks lock the root for writing unless they are
         * {@linkplain PlainTasks#INDEPENDENT independent}.
         */
        public Builder lockManager(TaskLocking locking) {
            return lockManager((TaskGuard) locking);
        }

        /**
         * Lock-manager mode with a guard that runs each task's operation itself:
         * {@code guard.call(task's lock set, operation)}, such as {@link ElidedLocking}'s critical
         * sections; otherwise as {@link #lockManager(TaskLocking)}.
         */
        public Builder lockManager(TaskGuard guard) {
            this.guard = Objects.requireNonNull(guard, "guard");
            return this;
        }

        /** How tasks without a lock set are treated (default {@link PlainTasks#EXCLUSIVE}). */
        public Builder plainTasks(PlainTasks plainTasks) {
            this.plainTasks = Objects.requireNonNull(plainTasks, "plainTasks");
            return this;
        }

        /**
         * Cuts the leaves into buckets of equal load in {@code sample} rather than of equal width
         * (beyond the paper): each lock set counts at its lowest leaf, the one that places its
         * task, and the PD-partition of the keyed executors ([Bai06] §4.2) cuts their
         * distribution into as many parts as there are workers.
         *
         * @throws IllegalArgumentException if {@code sample} is empty or holds a lock set over
         *     another hierarchy
         * @throws NullPointerException if {@code sample} or one of its elements is null
         */
        public Builder sampledRanges(Collection<LockSet> sample) {
            Objects.requireNonNull(sample, "sample");
            if (sample.isEmpty()) {
                throw new IllegalArgumentException("no lock sets to sample");
            }
            long[] lowestLeaves = new long[sample.size()];
            int n = 0;
            for (LockSet locks : sample) {
                Objects.requireNonNull(locks, "a sampled lock set");
                if (locks.hierarchy() != hierarchy) {
                    throw new IllegalArgumentException("sampled " + locks + " is over another hierarchy");
                }
                lowestLeaves[n++] = locks.lo();
            }
            this.sampledTable = RangeTable.of(PdPartition.cuts(lowestLeaves, workers, HISTOGRAM_BINS));
            return this;
        }

        /** How idle workers wait; default {@link IdleStrategy#defaultStrategy()}. */
        public Builder idleStrategy(IdleStrategy idleStrategy) {
            this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
            return this;
        }

        /**
         * Pins worker {@code i} to CPU {@code i mod cores} with OpenHFT Affinity (off by default);
         * where that fails the worker logs why and runs unpinned.
         */
        public Builder pinWorkers(boolean pin) {
            pool.pinWorkers(pin);
            return this;
        }

        /** Starts the workers and returns the executor. */
        public ToggleExecutor build() {
            BucketRanges ranges = sampledTable != null
                    ? new BucketRanges(sampledTable, hierarchy.leafCount(), innerBuckets)
                    : BucketRanges.equal(hierarchy, workers, innerBuckets);
            ToggleExecutor executor = new ToggleExecutor(this, ranges);
            executor.pool.start(executor::shutdownNow);
            return executor;
        }

        private static int positive(String what, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(what + " must be > 0, was " + value);
            }
            return value;
        }
    }
}
