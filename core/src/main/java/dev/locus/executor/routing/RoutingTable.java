package dev.locus.executor.routing;

/**
 * An immutable map from task key to worker index, as used between two re-partitions.
 * {@link #route(long)} runs on every submission, in the submitting thread: it must be cheap,
 * non-blocking and thread-safe.
 */
public interface RoutingTable {

    /** Number of workers this table routes to. */
    int workers();

    /** The worker, in {@code [0, workers())}, that runs a task with this key. */
    int route(long key);

    /**
     * Whether {@link #route(long)} is a function of the key alone. Only then can an executor keep
     * per-key order; the round-robin table is the one that is not.
     */
    boolean keyAffine();

    /**
     * The {@code workers() - 1} ascending boundaries of a range table: worker {@code i} owns
     * {@code [b[i-1], b[i])}, with {@code b[-1] = Long.MIN_VALUE} and {@code b[workers-1]} past
     * {@code Long.MAX_VALUE}. Empty for tables that are not ranges.
     */
    long[] boundaries();
}
