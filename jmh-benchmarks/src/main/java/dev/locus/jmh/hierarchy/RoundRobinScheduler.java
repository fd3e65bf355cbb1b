package dev.locus.jmh.hierarchy;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.lock.HierarchicalLockManager;
import java.util.concurrent.Future;

/**
 * [Kalikar19]'s baseline: a fair round-robin scheduler, each task taking its locks from a lock
 * manager on the worker that runs it. It is locus's round-robin executor — a queue per worker,
 * tasks dealt to the workers in turn — rather than a pool with one shared queue: STMBench7's
 * threads pick operations from a common pool, which is as fair by task count, but the round-robin
 * executor waits and wakes its workers the way ToggleExecutor does, so the two differ only in where
 * they place a task.
 */
final class RoundRobinScheduler implements TaskScheduler {

    private final KeyedExecutorService executor;
    private final HierarchicalLockManager locks;

    RoundRobinScheduler(int workers, HierarchicalLockManager locks) {
        this.executor = LocusExecutors.builder(workers).roundRobin().name("roundRobin-" + locks.name()).build();
        this.locks = locks;
    }

    @Override
    public Future<?> submit(WorkloadTask work, LeafCounters counters) {
        HierarchicalTask task = new HierarchicalTask(work.locks(), () -> work.run(counters));
        return executor.submit(() -> {
            locks.run(task);
            return null;
        });
    }

    @Override
    public long[] executedPerWorker() {
        return executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::executed).toArray();
    }

    @Override
    public long steals() {
        return executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::steals).sum();
    }

    @Override
    public void stop() {
        executor.close();
    }
}
