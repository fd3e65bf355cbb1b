package dev.locus.executor.routing;

/**
 * Decides where tasks run: hands the executor a {@link RoutingTable} to start with, watches the
 * keys it routes, and may propose a replacement table, which the executor installs with an epoch
 * hand-off that keeps per-key order (see {@code dev.locus.executor.LocusExecutor}).
 *
 * <p>The three routers of [Bai06] §4.2 implement it: {@link RoundRobinRouter},
 * {@link FixedRangeRouter} and {@link AdaptiveRangeRouter}. A router instance serves one executor.
 */
public interface Router {

    /** The table used until the first re-partition. */
    RoutingTable initialTable();

    /**
     * Whether {@link #rebalance(RoutingTable)} may ever return a new table. The executor calls
     * {@link #sample(long)} and {@link #rebalance(RoutingTable)}, and pays for the epoch
     * hand-off's bookkeeping, only for routers that say so.
     */
    default boolean repartitions() {
        return false;
    }

    /**
     * Sees a key the executor just routed, in the submitting thread. Returns {@code true} when the
     * router would like {@link #rebalance(RoutingTable)} to be called soon. Must be cheap and
     * thread-safe; called concurrently by all producers.
     */
    default boolean sample(long key) {
        return false;
    }

    /**
     * Sees what a task with this key cost to run: its wall time over all attempts and the aborts it
     * suffered, as reported through {@code KeyedExecutorService.recordCost}, which has checked that
     * neither is negative. Called by any thread (typically a worker, after the task), concurrently
     * with {@link #sample(long)}, {@link #rebalance(RoutingTable)} and itself, also after the
     * executor has shut down; must be cheap and thread-safe. A router that wants a re-partition
     * because of what it saw asks at its next {@link #sample(long)}. This default ignores it.
     */
    default void recordCost(long key, long nanos, int aborts) {
    }

    /**
     * Proposes a new table, or returns {@code null} to keep {@code current}. The executor calls
     * it outside any submission, never concurrently with itself, and not while a previous
     * hand-off is still in progress; a router that was skipped will ask again through
     * {@link #sample(long)}.
     */
    default RoutingTable rebalance(RoutingTable current) {
        return null;
    }
}
