package dev.locus.toggle;

import java.util.List;

/**
 * A snapshot of a {@link ToggleExecutor}: what each worker did and where the buckets lie. Counters
 * are read one after another without stopping the executor, so totals may be off by the tasks
 * that ran while the snapshot was taken.
 *
 * @param workers per-worker counts, by worker index (worker {@code i} hosts bucket {@code i})
 * @param bucketStarts the first leaf number of each bucket: bucket {@code i} holds the leaves
 *     {@code [bucketStarts[i], bucketStarts[i+1])}, the last one up to the hierarchy's leaf count
 */
public record ToggleStats(List<WorkerStats> workers, List<Integer> bucketStarts) {

    public ToggleStats {
        workers = List.copyOf(workers);
        bucketStarts = List.copyOf(bucketStarts);
    }

    /** Tasks run by all workers. */
    public long executed() {
        return workers.stream().mapToLong(WorkerStats::executed).sum();
    }

    /** Tasks run by a worker from another worker's bucket. */
    public long stolen() {
        return workers.stream().mapToLong(WorkerStats::stolen).sum();
    }

    /** Inner phases opened by all hosts. */
    public long toggles() {
        return workers.stream().mapToLong(WorkerStats::toggles).sum();
    }

    /**
     * One worker's counters.
     *
     * @param index the worker's index, which is also its bucket's
     * @param executed tasks it ran, from any bucket, completed normally or not
     * @param stolen of those, tasks it ran from the inner sub-buckets of other workers' buckets
     * @param toggles inner phases it opened as the host of its bucket (switches from outer to inner)
     */
    public record WorkerStats(int index, long executed, long stolen, long toggles) {
    }
}
