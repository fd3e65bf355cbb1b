package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.routing.RangeTable;
import dev.locus.executor.routing.Router;
import dev.locus.executor.routing.RoutingTable;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link KeyedExecutorService#recordCost} hands each valid report to the executor's router. */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CostReportTest {

    @Test
    void reportsReachTheRouterFromAnyThread() throws Exception {
        RecordingRouter router = new RecordingRouter();
        KeyedExecutorService executor = LocusExecutors.builder(2).router(w -> router).build();
        executor.recordCost(3, 1_500, 0);
        executor.submit(40, () -> executor.recordCost(40, 9_000, 2)).get(10, SECONDS);
        executor.close();
        assertEquals(List.of(new Report(3, 1_500, 0), new Report(40, 9_000, 2)), router.reports);
    }

    @Test
    void rejectedReportsNeverReachTheRouter() {
        RecordingRouter router = new RecordingRouter();
        KeyedExecutorService executor = LocusExecutors.builder(2).router(w -> router).build();
        assertThrows(IllegalArgumentException.class, () -> executor.recordCost(3, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> executor.recordCost(3, 1, -1));
        executor.close();
        assertEquals(List.of(), router.reports);
    }

    @Test
    void reportsAfterShutdownAreHarmless() throws Exception {
        RecordingRouter router = new RecordingRouter();
        KeyedExecutorService executor = LocusExecutors.builder(2).router(w -> router).build();
        executor.shutdown();
        executor.recordCost(5, 100, 1); // a task that was still running at shutdown reports late
        assertTrue(executor.awaitTermination(10, SECONDS));
        executor.recordCost(5, 100, 1);
        assertTrue(executor.isTerminated());
        assertThrows(IllegalArgumentException.class, () -> executor.recordCost(5, -1, 0),
                "arguments are still checked after termination");
        assertEquals(2, router.reports.size());
    }

    private record Report(long key, long nanos, int aborts) {
    }

    /** A fixed two-range router that keeps every cost report. */
    private static final class RecordingRouter implements Router {

        final List<Report> reports = new CopyOnWriteArrayList<>();

        @Override
        public RoutingTable initialTable() {
            return RangeTable.of(32);
        }

        @Override
        public void recordCost(long key, long nanos, int aborts) {
            reports.add(new Report(key, nanos, aborts));
        }
    }
}
