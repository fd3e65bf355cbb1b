package dev.locus.jmh.hierarchy;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.jmh.Labels;
import dev.locus.stm.ContentionStats;
import dev.locus.stm.TransactionalExecutor;
import dev.locus.toggle.ToggleExecutor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * One trial of the Toggle + STM suite: a workload's tasks run as Multiverse transactions through
 * the STM adapter ({@link TransactionalExecutor}, Polka, [Bai06]'s manager) on a scheduler's
 * workers, fed in their fixed order from the start. A task's work is the Toggle suite's
 * ({@link WorkloadTask}) over one transactional counter per leaf, so the STM, not a lock, keeps
 * overlapping tasks correct, and the scheduler decides how often they overlap. Not thread-safe:
 * one producer submits.
 *
 * <pre>{@code
 * TransactionalTrial trial = TransactionalTrial.start(HierarchyWorkload.stmBench7("readWrite"), "toggle", 2);
 * trial.submitNext().get();
 * double abortsPerCommit = trial.counts().abortsPerCommit();
 * trial.stop();
 * }</pre>
 */
public final class TransactionalTrial implements HierarchyTrial {

    /** The schedulers compared, by the label of the benchmark's {@code scheduler} param. */
    enum Scheduler {
        /** Round-robin (locus's keyed executor, placing by turn): transactions overlap as they come. */
        ROUND_ROBIN("roundRobin"),
        /**
         * Toggle in scheduler-exclusive mode: transactions whose lock sets meet never overlap, so
         * the STM sees conflicts only on what a transaction touches beyond its lock set (here none).
         */
        TOGGLE("toggle"),
        /**
         * Toggle placing only (lock-manager mode with a manager that takes no locks): a lock set's
         * bucket decides the worker, and the STM alone keeps transactions of different buckets, or
         * stolen sub-buckets, correct.
         */
        TOGGLE_PLACEMENT("togglePlacement");

        private final String label;

        Scheduler(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }
    }

    private static final AutoCloseable NOTHING_HELD = () -> { };

    private final HierarchyWorkload workload;
    private final ExecutorService executor;
    private final TransactionalExecutor stm;
    private final boolean byLockSet;
    private final TxnLeafCounters counters;
    private int next;

    private TransactionalTrial(HierarchyWorkload workload, Scheduler scheduler, int workers) {
        this.workload = workload;
        this.counters = new TxnLeafCounters(workload.hierarchy().leafCount());
        this.byLockSet = scheduler != Scheduler.ROUND_ROBIN;
        if (byLockSet) {
            ToggleExecutor.Builder toggle = ToggleExecutor.builder(workload.hierarchy(), workers)
                    .name(scheduler.label() + "-stm");
            if (scheduler == Scheduler.TOGGLE_PLACEMENT) {
                toggle.lockManager(locks -> NOTHING_HELD);
            }
            ToggleExecutor started = toggle.build();
            this.executor = started;
            this.stm = TransactionalExecutor.on(started).build();
        } else {
            KeyedExecutorService started = LocusExecutors.builder(workers).roundRobin().name("roundRobin-stm").build();
            this.executor = started;
            this.stm = TransactionalExecutor.on(started).keyRanges(0, workload.hierarchy().leafCount() - 1L,
                    Math.min(64, workload.hierarchy().leafCount())).build();
        }
    }

    /**
     * Starts {@code workers} workers of {@code scheduler} ({@code roundRobin}, {@code toggle} or
     * {@code togglePlacement}).
     *
     * @throws IllegalArgumentException for an unknown scheduler, or {@code workers < 1}
     */
    public static TransactionalTrial start(HierarchyWorkload workload, String scheduler, int workers) {
        Scheduler kind = Labels.find(Scheduler.values(), Scheduler::label, scheduler, "scheduler");
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be > 0, was " + workers);
        }
        return new TransactionalTrial(workload, kind, workers);
    }

    /**
     * Submits the workload's next task as a transaction, placed by its lock set (round-robin: under
     * its lowest leaf as the key, which round-robin ignores); the future completes at its commit.
     */
    @Override
    public Future<?> submitNext() {
        WorkloadTask work = workload.task(next++);
        if (byLockSet) {
            return stm.submitVoid(work.locks(), txn -> work.run(counters));
        }
        return stm.submitVoid(work.locks().lo(), txn -> work.run(counters));
    }

    /** The commits and aborts of this trial's transactions so far. */
    public ContentionStats.Counts counts() {
        return stm.stats().total();
    }

    /** The committed increments of all leaf counters; call it when no transaction runs. */
    long committedIncrements() {
        return counters.total();
    }

    /** Stops the workers and waits for them; call it when no transaction is pending. */
    @Override
    public void stop() throws InterruptedException {
        Shutdown.awaitOrFail(executor, "transactions");
    }
}
