package dev.locus.executor.routing;

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
    long[] route(java.util.function.LongSupplier keys, int n) {
        long[] perWorker = new long[table.workers()];
        for (int i = 0; i < n; i++) {
            perWorker[route(keys.getAsLong())]++;
        }
        return perWorker;
    }

    RoutingTable table() {
        return table;
    }

    int repartitions() {
        return repartitions;
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
