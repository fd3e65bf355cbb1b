package dev.locus.executor.routing;

import java.util.function.LongSupplier;

/**
 * Drives a router the way the executor does (route by the current table, sample, rebalance when
 * asked), on one thread, so that routing quality can be measured deterministically.
 */
final class RouterDriver {

    private final Router router;
    private RoutingTable table;
    private int repartitions;

    RouterDriver(Router router) {
        this.router = router;
        this.table = router.initialTable();
    }

    /** Routes one key and returns its worker. */
    int route(long key) {
        int worker = table.route(key);
        if (router.repartitions() && router.sample(key)) {
            RoutingTable next = router.rebalance(table);
            if (next != null) {
                table = next;
                repartitions++;
            }
        }
        return worker;
    }

    /** Routes {@code n} keys and returns the tasks per worker. */
    long[] route(LongSupplier keys, int n) {
        long[] perWorker = new long[table.workers()];
        for (int i = 0; i < n; i++) {
            perWorker[route(keys.getAsLong())]++;
        }
        return perWorker;
    }

    /**
     * Routes {@code n} keys and, as the STM adapter does after each task, reports every task's cost
     * to the router. Returns the nanoseconds per worker.
     */
    long[] route(LongSupplier keys, int n, Costs costs) {
        long[] nanosPerWorker = new long[table.workers()];
        for (int i = 0; i < n; i++) {
            long key = keys.getAsLong();
            RoutingTable ranBy = table;
            int worker = route(key);
            int aborts = costs.aborts(key, ranBy);
            long nanos = costs.nanos(key, aborts);
            router.recordCost(key, nanos, aborts);
            nanosPerWorker[worker] += nanos;
        }
        return nanosPerWorker;
    }

    RoutingTable table() {
        return table;
    }

    int repartitions() {
        return repartitions;
    }

    /** What running a task costs. */
    interface Costs {

        /** Attempts that aborted, when tasks are placed by {@code table}. */
        int aborts(long key, RoutingTable table);

        /** Wall time of all the task's attempts. */
        long nanos(long key, int aborts);
    }

    /** Busiest worker's count over the mean. */
    static double imbalance(long[] perWorker) {
        long total = 0;
        long max = 0;
        for (long n : perWorker) {
            total += n;
            max = Math.max(max, n);
        }
        return (double) max * perWorker.length / total;
    }
}
