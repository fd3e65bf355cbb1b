package dev.locus.executor;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a keyed executor: per-worker counts, the current key partition, and where the
 * keys go. Counters are read one after another without stopping the executor, so totals may be
 * off by the tasks that ran while the snapshot was taken.
 *
 * @param workers per-worker counts, by worker index
 * @param boundaries the current partition: worker {@code i} owns keys in
 *     {@code [boundaries[i-1], boundaries[i])}; empty when the table is not one of key ranges (the
 *     round-robin router's, and the adaptive router's hash, in its warm-up and while it spreads
 *     keys that no cut can follow)
 * @param repartitions how many times the router installed a new partition
 * @param hottestRanges the most loaded key ranges among recently sampled keys, busiest first, at
 *     most {@link #MAX_HOTTEST_RANGES}
 * @param rejected how many tasks went to the {@link RejectionHandler} (queue full or shut down),
 *     whatever it then did with them
 */
public record ExecutorStats(List<WorkerStats> workers, long[] boundaries, long repartitions,
                            List<KeyRangeLoad> hottestRanges, long rejected) {

    /** The most key ranges {@link #hottestRanges()} lists. */
    public static final int MAX_HOTTEST_RANGES = 5;

    public ExecutorStats {
        workers = List.copyOf(workers);
        boundaries = boundaries.clone();
        hottestRanges = List.copyOf(hottestRanges);
    }

    @Override
    public long[] boundaries() {
        return boundaries.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutorStats other && workers.equals(other.workers)
                && Arrays.equals(boundaries, other.boundaries) && repartitions == other.repartitions
                && hottestRanges.equals(other.hottestRanges) && rejected == other.rejected;
    }

    @Override
    public int hashCode() {
        return Objects.hash(workers, Arrays.hashCode(boundaries), repartitions, hottestRanges, rejected);
    }

    @Override
    public String toString() {
        return "ExecutorStats[workers=" + workers + ", boundaries=" + Arrays.toString(boundaries)
                + ", repartitions=" + repartitions + ", hottestRanges=" + hottestRanges + ", rejected=" + rejected + "]";
    }

    /** Tasks run by all workers. */
    public long executed() {
        return workers.stream().mapToLong(WorkerStats::executed).sum();
    }

    /** Tasks waiting in all workers' queues (an estimate while producers are active). */
    public long queued() {
        return workers.stream().mapToLong(WorkerStats::queued).sum();
    }

    /** Workers running a task (an estimate, as {@code ThreadPoolExecutor.getActiveCount()}). */
    public int active() {
        return (int) workers.stream().filter(WorkerStats::running).count();
    }

    /** Tasks taken from other workers' queues by all workers ({@link Ordering#RELAXED} only). */
    public long steals() {
        return workers.stream().mapToLong(WorkerStats::steals).sum();
    }

    /**
     * Busiest worker's executed count over the mean: 1.0 is perfect balance, {@code workers} is
     * one worker doing everything. {@code NaN} before any task ran.
     */
    public double imbalance() {
        long total = executed();
        long max = workers.stream().mapToLong(WorkerStats::executed).max().orElse(0);
        return total == 0 ? Double.NaN : (double) max * workers.size() / total;
    }

    /**
     * One worker's counters.
     *
     * @param index the worker's index
     * @param executed tasks it ran (completed normally or not)
     * @param queued tasks waiting in its queue (an estimate while producers are active)
     * @param steals tasks it took from other workers' queues ({@link Ordering#RELAXED} only)
     * @param running whether it was running a task (an estimate)
     */
    public record WorkerStats(int index, long executed, long queued, long steals, boolean running) {
    }

    /**
     * The share of sampled keys that fell in {@code [from, to)}.
     *
     * @param from first key of the range
     * @param to first key after the range
     * @param share fraction of the sampled keys, in {@code [0, 1]}
     */
    public record KeyRangeLoad(long from, long to, double share) {
    }
}
