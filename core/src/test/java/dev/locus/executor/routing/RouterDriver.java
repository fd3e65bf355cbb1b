package dev.locus.executor.routing;

import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Drives a router the way the executor does (route by the current table, sample, rebalance when
 * asked), on one thread, so that routing quality can be measured deterministically.
 *
 * <p>An adaptive router made by {@link #adaptive} reads the driver's virtual clock, which advances
 * {@link #NANOS_PER_TASK} per routed key, instead of the machine's: the backoff's time holds then
 * cover the same number of tasks however fast the driver runs, and however long the machine
 * leaves it descheduled.
 */
final class RouterDriver {

    /** Virtual time per routed key: about this driver's own rate on an idle 2-core host (17-20 M keys/s). */
    static final long NANOS_PER_TASK = 50;

    private final long nanosPerTask;

    private final Router router;
    private RoutingTable table;
    private int repartitions;
    private long nanos;

    RouterDriver(Router router) {
        this(clock -> router, NANOS_PER_TASK);
    }

    private RouterDriver(Function<LongSupplier, Router> routerOnClock, long nanosPerTask) {
        this.nanosPerTask = nanosPerTask;
        this.router = routerOnClock.apply(() -> nanos);
        this.table = router.initialTable();
    }

    /** A driver of a new adaptive router on the driver's virtual clock. */
    static RouterDriver adaptive(int workers, AdaptiveRangeRouter.Settings settings) {
        return adaptive(workers, settings, NANOS_PER_TASK);
    }

    /** A driver of a new adaptive router on a virtual clock that advances {@code nanosPerTask} per key. */
    static RouterDriver adaptive(int workers, AdaptiveRangeRouter.Settings settings, long nanosPerTask) {
        return new RouterDriver(clock -> new AdaptiveRangeRouter(workers, settings, clock), nanosPerTask);
    }

    /** The router driven. */
    Router router() {
        return router;
    }

    /** Routes one key and returns its worker. */
    int route(long key) {
        nanos += nanosPerTask;
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
