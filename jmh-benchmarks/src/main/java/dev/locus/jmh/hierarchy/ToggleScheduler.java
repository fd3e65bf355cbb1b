package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.lock.HierarchicalLockManager;
import dev.locus.toggle.ToggleExecutor;
import dev.locus.toggle.ToggleStats;
import java.util.concurrent.Future;

/**
 * Toggle ([Kalikar19] §3) with its default thresholds and equal bucket ranges: in lock-manager mode
 * its tasks take their locks from a lock manager, as the paper's Toggle + DomLock; in
 * scheduler-exclusive mode they take none.
 */
final class ToggleScheduler implements TaskScheduler {

    /** How long {@link #stop()} waits for the workers to finish. */

    private final ToggleExecutor executor;

    /** @param locks the manager the tasks lock through, or null for scheduler-exclusive mode */
    ToggleScheduler(Hierarchy hierarchy, int workers, boolean stealing, HierarchicalLockManager locks) {
        ToggleExecutor.Builder builder = ToggleExecutor.builder(hierarchy, workers).stealing(stealing)
                .name("toggle" + (stealing ? "" : "NoSteal") + "-" + (locks == null ? "exclusive" : locks.name()));
        if (locks != null) {
            builder.lockManager(locks::lock);
        }
        this.executor = builder.build();
    }

    @Override
    public Future<?> submit(WorkloadTask work, LeafCounters counters) {
        return executor.submit(work.locks(), () -> work.run(counters));
    }

    @Override
    public long[] executedPerWorker() {
        return executor.stats().workers().stream().mapToLong(ToggleStats.WorkerStats::executed).toArray();
    }

    @Override
    public long steals() {
        return executor.stats().stolen();
    }

    /** @throws IllegalStateException if the workers have not finished after {@value Shutdown#SECONDS} s */
    @Override
    public void stop() throws InterruptedException {
        Shutdown.awaitOrFail(executor, "tasks");
    }
}
