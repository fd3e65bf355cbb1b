package dev.locus.executor.routing;

/**
 * The key-based fixed scheduler of [Bai06] §4.2: the key space {@code [minKey, maxKey]} is cut
 * into {@code workers} equal-width ranges, one per worker, for good only when keys are uniform.
 * Keys outside the space go to the first or last worker.
 */
public final class FixedRangeRouter implements Router {

    private final RangeTable table;

    /** @throws IllegalArgumentException if {@code workers < 1} or {@code minKey > maxKey} */
    public FixedRangeRouter(int workers, long minKey, long maxKey) {
        this.table = RangeTable.equalWidth(workers, minKey, maxKey);
    }

    @Override
    public RoutingTable initialTable() {
        return table;
    }

    @Override
    public String toString() {
        return "FixedRangeRouter" + table;
    }
}
