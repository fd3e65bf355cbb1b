package dev.locus.executor.routing;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The baseline of [Bai06] §4.2: each task goes to the next worker in cyclic order, whatever its
 * key. Each producer thread advances a cursor of its own stripe (threads with consecutive ids get
 * different stripes; starting at a random worker), so producers share no counter on the hot path.
 * Perfect balance for tasks of equal cost; no locality and no per-key order.
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

    /*
     * Implementation notes
     *
     * Overview. cursors holds one cursor per stripe of producer threads, chosen by thread id, each
     * padded onto cache lines of its own. A ThreadLocal cursor, the design before, cost a hash
     * look-up in the thread's map for every task.
     *
     * Concurrency. Threads whose ids share a stripe share its cursor with plain, racy reads and
     * writes: an int is never torn, and a lost advance only sends two tasks to the same worker,
     * which round-robin's balance tolerates (it promises no order and no exact cycle).
     */
    private static final class Table implements RoutingTable {

        /** Ints per cursor: 128 bytes, two cache lines, against adjacent-line prefetch. */
        private static final int STRIDE = 32;
        private static final int STRIPES = 64;

        private final int workers;
        private final int[] cursors = new int[STRIPES * STRIDE];

        Table(int workers) {
            this.workers = workers;
            ThreadLocalRandom random = ThreadLocalRandom.current();
            for (int i = 0; i < STRIPES; i++) {
                cursors[i * STRIDE] = random.nextInt(workers);
            }
        }

        @Override
        public int workers() {
            return workers;
        }

        @Override
        @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number
        public int route(long key) {
            int slot = ((int) Thread.currentThread().getId() & (STRIPES - 1)) * STRIDE;
            int next = cursors[slot];
            cursors[slot] = next + 1 >= workers ? 0 : next + 1;
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
