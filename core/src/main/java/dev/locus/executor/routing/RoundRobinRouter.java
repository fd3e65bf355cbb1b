package dev.locus.executor.routing;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The baseline of paper 002 §4.2: each task goes to the next worker in cyclic order, whatever its
 * key. Each producer thread keeps its own cursor (starting at a random worker), so producers share
 * no counter on the hot path. Perfect balance for tasks of equal cost; no locality and no per-key
 * order.
 */
public final class RoundRobinRouter implements Router {

    private final Table table;

    /** @throws IllegalArgumentException if {@code workers < 1} */
    public RoundRobinRouter(int workers) {
        this.table = new Table(Routers.checkWorkers(workers));
    }

    @Override
    public RoutingTable initialTable() {
        return table;
    }

    @Override
    public String toString() {
        return "RoundRobinRouter[workers=" + table.workers + "]";
    }

    private static final class Table implements RoutingTable {

        private final int workers;
        private final ThreadLocal<int[]> cursor;

        Table(int workers) {
            this.workers = workers;
            this.cursor = ThreadLocal.withInitial(() -> new int[] {ThreadLocalRandom.current().nextInt(workers)});
        }

        @Override
        public int workers() {
            return workers;
        }

        @Override
        public int route(long key) {
            int[] c = cursor.get();
            int next = c[0];
            c[0] = next + 1 == workers ? 0 : next + 1;
            return next;
        }

        @Override
        public boolean keyAffine() {
            return false;
        }

        @Override
        public long[] boundaries() {
            return new long[0];
        }
    }
}
