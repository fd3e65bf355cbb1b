package dev.locus.luts;

import dev.locus.contention.ContentionManager;
import dev.locus.executor.pool.AffinityPinning;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;

/**
 * LUTS, [Nicacio10]'s lightweight user-level transactional scheduler: runs any number of logical
 * threads on at most one worker thread per core, switching between them only between steps, so
 * that oversubscription never pre-empts a transaction, and — with a {@link ConflictAvoidance} —
 * switching to a logical thread of another transaction type instead of starting a transaction
 * that is likely to abort.
 *
 * <pre>{@code
 * try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder()
 *         .conflictAvoidance(ConflictAvoidance.ctluts()).build()) {
 *     TransactionalExecutor stm = TransactionalExecutor.withoutExecutor()
 *             .contentionManager(luts.observing(ContentionManagers.basic())).build();
 *     LogicalRun run = luts.start(64, id -> new Client(id, stm));   // Client implements LogicalThread
 *     run.await();
 * }
 * }</pre>
 *
 * <p>A logical thread that throws ends with that failure; the others run on, and
 * {@link LogicalRun#await()} reports it. A step that blocks holds its worker, as in any
 * cooperative scheduler. {@link #shutdown()} lets the runs already started finish;
 * {@link #shutdownNow()} cancels them and interrupts the steps that are running.
 */
/*
 * Implementation notes
 *
 * Overview. Each worker takes a logical thread (ExecutionContext) from the shared RunQueue and
 * runs its steps until one gives the worker back: yield (to the queue's tail), a barrier that does
 * not end the phase (the run holds it), finish, or a switch. Before a transaction step, the
 * conflict avoidance may ask for a switch ([Nicacio10]'s luts_switch): the worker then takes the
 * first queued logical thread that does not wait on the same transaction type, puts the current
 * one at the tail with its step pending, and goes on with the other. A pending step is switched
 * out at most maxDeferrals times in a row; then it runs whatever the heuristic says, which bounds
 * how long a transaction type can be kept from running while workers are busy.
 *
 * Concurrency. A logical thread is on one worker, in the queue, or held by its run's barrier,
 * never in two places, so its fields need no lock. `state` and `runs` are guarded by `this` for
 * start() and shutdown(); a run leaving `runs` after shutdown closes the queue, which ends the
 * workers once it is empty. Conflict-avoidance state is the heuristic's own (see its notes).
 *
 * Memory ordering. Hand-offs go through the queue's lock or the run's monitor, so a logical
 * thread's program state written by one worker is seen by the next.
 *
 * References. [Nicacio10] §2 (threading and scheduling interface), §3.1 (dispatcher, yield,
 * barrier), §3.3 (CILUTS, CTLUTS).
 */
public final class LogicalThreadScheduler implements AutoCloseable {

    private enum State { RUNNING, SHUTDOWN, STOPPED }

    private final int workers;
    private final ConflictAvoidance avoidance;
    private final int maxDeferrals;
    private final RunQueue queue = new RunQueue();
    private final List<Worker> threads = new ArrayList<>();
    private final CountDownLatch terminated;
    private final Set<LogicalRun> runs = ConcurrentHashMap.newKeySet();
    private final LongAdder transactions = new LongAdder();
    private final LongAdder switches = new LongAdder();
    private State state = State.RUNNING; // guarded by this

    private LogicalThreadScheduler(Builder b) {
        this.workers = b.workers;
        this.avoidance = b.avoidance;
        this.maxDeferrals = b.maxDeferrals;
        this.terminated = new CountDownLatch(workers);
        avoidance.bind(workers);
        for (int i = 0; i < workers; i++) {
            Worker w = new Worker(this, i, b.pinWorkers);
            threads.add(w);
            w.start();
        }
    }

    /** A builder: one pinned worker per processor, no conflict avoidance, at most 4 deferrals. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts {@code logicalThreads} logical threads, numbered from 0, each running the program
     * {@code programs} gives for its number ([Nicacio10]'s {@code luts_init} and {@code luts_start}).
     * The programs are created on the calling thread; their steps run on the workers.
     *
     * @throws IllegalArgumentException if {@code logicalThreads < 1}
     * @throws NullPointerException if {@code programs} is null or gives null
     * @throws RejectedExecutionException after shutdown
     */
    public LogicalRun start(int logicalThreads, IntFunction<? extends LogicalThread> programs) {
        if (logicalThreads < 1) {
            throw new IllegalArgumentException("logicalThreads must be >= 1, was " + logicalThreads);
        }
        Objects.requireNonNull(programs, "programs");
        List<ExecutionContext> contexts = new ArrayList<>(logicalThreads);
        LogicalRun run = new LogicalRun(queue, logicalThreads, this::runDone);
        for (int id = 0; id < logicalThreads; id++) {
            LogicalThread program = Objects.requireNonNull(programs.apply(id), "program of logical thread " + id);
            contexts.add(new ExecutionContext(id, run, program));
        }
        synchronized (this) {
            if (state != State.RUNNING) {
                throw new RejectedExecutionException("the scheduler is shut down");
            }
            runs.add(run);
        }
        queue.offerAll(contexts);
        return run;
    }

    /**
     * A contention manager for the transactions the steps run: it reports every commit and abort,
     * with the transaction's type, to this scheduler's conflict avoidance, and otherwise acts as
     * {@code inner} ([Nicacio10] runs LUTS with an immediate retry, {@code ContentionManagers.basic()}).
     */
    public ContentionManager observing(ContentionManager inner) {
        return new ObservingManager(this, Objects.requireNonNull(inner, "inner"));
    }

    /** The number of workers. */
    public int workers() {
        return workers;
    }

    /** Counts since the scheduler was built. */
    public LutsStats stats() {
        return new LutsStats(transactions.sum(), switches.sum());
    }

    /** No new runs; the workers stop once the runs already started have finished. */
    public void shutdown() {
        synchronized (this) {
            if (state == State.RUNNING) {
                state = State.SHUTDOWN;
            }
        }
        closeQueueIfIdle();
    }

    /**
     * Cancels every run (their {@code await()} throws CancellationException), drops the logical
     * threads that are queued or waiting at a barrier, and interrupts the workers, so a step that
     * waits interruptibly ends.
     */
    public void shutdownNow() {
        synchronized (this) {
            state = State.STOPPED;
        }
        for (LogicalRun run : runs) {
            run.cancel();
            queue.removeAll(run);
        }
        queue.close();
        threads.forEach(Thread::interrupt);
    }

    /** Waits until every worker has stopped, for at most {@code timeout}; true if they have. */
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }

    /**
     * {@link #shutdown()} and wait until the workers stop; if interrupted while waiting,
     * {@link #shutdownNow()}, then wait again and keep the interrupt.
     *
     * @throws IllegalStateException if called from one of the scheduler's own steps
     */
    @Override
    public void close() {
        if (currentWorker() >= 0) {
            throw new IllegalStateException("a step cannot wait for its own scheduler to stop");
        }
        shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                terminated.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
                shutdownNow();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "LogicalThreadScheduler[workers=" + workers + ", " + avoidance + "]";
    }

    // ---- engine ----

    ConflictAvoidance avoidance() {
        return avoidance;
    }

    /** The index of the calling thread among this scheduler's workers, or -1. */
    int currentWorker() {
        return Thread.currentThread() instanceof Worker w && w.scheduler == this ? w.index : -1;
    }

    private void runDone(LogicalRun run) {
        runs.remove(run);
        closeQueueIfIdle();
    }

    private void closeQueueIfIdle() {
        synchronized (this) {
            if (state == State.RUNNING || !runs.isEmpty()) {
                return;
            }
        }
        queue.close();
    }

    /** The dispatcher loop of [Nicacio10] §3.1.2, on one worker thread. */
    private void dispatch(int worker) {
        try {
            for (ExecutionContext c; (c = queue.take()) != null; ) {
                runSlice(c, worker);
                Thread.interrupted(); // an interrupt aimed at the step just run ends with it
            }
        } catch (InterruptedException e) {
            // shutdownNow() while idle
        } finally {
            terminated.countDown();
        }
    }

    /** Runs {@code c}'s steps until one gives the worker back. */
    private void runSlice(ExecutionContext c, int worker) {
        while (!c.run.isCancelled()) {
            Step step = c.pending;
            c.pending = null;
            try {
                if (step == null) {
                    step = nextStep(c);
                }
                if (step.kind == Step.Kind.TRANSACTION) {
                    ExecutionContext other = switchTarget(c, step, worker);
                    if (other != null) {
                        c.pending = step;
                        c.deferrals++;
                        switches.increment();
                        queue.offer(c);
                        c = other;
                        continue;
                    }
                    c.deferrals = 0;
                    runTransaction(step, worker);
                    continue;
                }
            } catch (Throwable e) {
                c.run.finish(c, e);
                return;
            }
            switch (step.kind) {
                case YIELD -> queue.offer(c);
                case BARRIER -> {
                    if (c.run.arrive(c)) {
                        continue;
                    }
                }
                case FINISH -> c.run.finish(c, null);
                default -> throw new AssertionError(step);
            }
            return;
        }
    }

    private static Step nextStep(ExecutionContext c) throws Exception {
        Step step = c.program.next();
        if (step == null) {
            throw new NullPointerException(c + " returned a null step");
        }
        return step;
    }

    /** The logical thread to switch to instead of starting {@code step}, or null to start it. */
    private ExecutionContext switchTarget(ExecutionContext c, Step step, int worker) {
        if (c.deferrals >= maxDeferrals || !avoidance.shouldSwitch(step.type, worker)) {
            return null;
        }
        return queue.pollOtherType(step.type);
    }

    private void runTransaction(Step step, int worker) throws Exception {
        avoidance.started(step.type, worker);
        transactions.increment();
        try {
            step.body.run();
        } finally {
            avoidance.stopped(worker);
        }
    }

    private static final class Worker extends Thread {
        final LogicalThreadScheduler scheduler;
        final int index;
        private final boolean pin;

        Worker(LogicalThreadScheduler scheduler, int index, boolean pin) {
            super("luts-worker-" + index);
            this.scheduler = scheduler;
            this.index = index;
            this.pin = pin;
            setDaemon(true);
        }

        @Override
        public void run() {
            if (pin) {
                AffinityPinning.pin(index);
            }
            scheduler.dispatch(index);
        }
    }

    /** Configures a {@link LogicalThreadScheduler}. */
    public static final class Builder {

        private int workers = Runtime.getRuntime().availableProcessors();
        private ConflictAvoidance avoidance = ConflictAvoidance.none();
        private int maxDeferrals = 4;
        private boolean pinWorkers = true;

        private Builder() {
        }

        /**
         * The number of workers, at most the number of processors (LUTS never runs more system
         * threads than cores); by default exactly that many.
         *
         * @throws IllegalArgumentException unless {@code 1 <= workers <= availableProcessors()}
         */
        public Builder workers(int workers) {
            int cores = Runtime.getRuntime().availableProcessors();
            if (workers < 1 || workers > cores) {
                throw new IllegalArgumentException("workers must be in [1, " + cores + "] (one per core at most), was "
                        + workers);
            }
            this.workers = workers;
            return this;
        }

        /** The switching heuristic; {@link ConflictAvoidance#none()} by default. */
        public Builder conflictAvoidance(ConflictAvoidance avoidance) {
            this.avoidance = Objects.requireNonNull(avoidance, "avoidance");
            return this;
        }

        /**
         * How many times in a row a transaction may be switched out before it runs regardless; 4
         * by default, 0 turns switching off.
         *
         * @throws IllegalArgumentException if {@code maxDeferrals < 0}
         */
        public Builder maxDeferrals(int maxDeferrals) {
            if (maxDeferrals < 0) {
                throw new IllegalArgumentException("maxDeferrals must be >= 0, was " + maxDeferrals);
            }
            this.maxDeferrals = maxDeferrals;
            return this;
        }

        /**
         * Whether worker {@code i} pins itself to CPU {@code i} with OpenHFT Affinity, as LUTS does;
         * on by default. Where Affinity is not on the class path or cannot pin, the worker logs why
         * and runs unpinned. Turn it off when other pinned threads share the machine.
         */
        public Builder pinWorkers(boolean pin) {
            this.pinWorkers = pin;
            return this;
        }

        /**
         * Starts the workers.
         *
         * @throws IllegalStateException if the conflict avoidance already serves another scheduler
         */
        public LogicalThreadScheduler build() {
            return new LogicalThreadScheduler(this);
        }
    }
}
