package dev.locus.jmh.hierarchy;

import java.util.concurrent.Future;

/**
 * One trial of the Toggle suite: a scheduler with its workers running over a workload, fed the
 * workload's tasks in their fixed order from the start. Not thread-safe: one producer submits.
 *
 * <pre>{@code
 * SchedulerTrial trial = SchedulerTrial.start(HierarchyWorkload.stmBench7("readWrite"), "toggle", "domLock", 4);
 * trial.submitNext().get();
 * trial.stop();
 * }</pre>
 */
public final class SchedulerTrial implements HierarchyTrial {

    private final HierarchyWorkload workload;
    private final TaskScheduler scheduler;
    private int next;

    private SchedulerTrial(HierarchyWorkload workload, TaskScheduler scheduler) {
        this.workload = workload;
        this.scheduler = scheduler;
    }

    /**
     * Starts {@code workers} workers of {@code scheduler} ({@code roundRobin}, {@code toggle},
     * {@code toggleNoSteal} or {@code toggleExclusive}) whose tasks lock through a new
     * {@code lockManager} ({@code coarse}, {@code mediumGrained}, {@code intention},
     * {@code domLock} or {@code numLock}; {@code toggleExclusive} takes no locks).
     *
     * @throws IllegalArgumentException for an unknown scheduler or lock manager, or {@code workers < 1}
     */
    public static SchedulerTrial start(HierarchyWorkload workload, String scheduler, String lockManager, int workers) {
        SchedulerKind kind = SchedulerKind.of(scheduler);
        LockManagerKind locks = LockManagerKind.of(lockManager);
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be > 0, was " + workers);
        }
        return new SchedulerTrial(workload, kind.start(workload.hierarchy(), workers,
                kind.locks() ? locks.create(workload.hierarchy()) : null));
    }

    /** Submits the workload's next task; the future completes when it has run. */
    @Override
    public Future<?> submitNext() {
        return scheduler.submit(workload.task(next++), workload.counters());
    }

    /** Tasks each worker has run so far, by worker index. */
    public long[] executedPerWorker() {
        return scheduler.executedPerWorker();
    }

    /** Tasks a worker has run from another worker's bucket so far; 0 for round-robin. */
    public long steals() {
        return scheduler.steals();
    }

    /** Stops the workers and waits for them; call it when no task is pending. */
    @Override
    public void stop() throws InterruptedException {
        scheduler.stop();
    }
}
