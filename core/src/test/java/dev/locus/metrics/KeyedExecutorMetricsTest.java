package dev.locus.metrics;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.OpenedExecutors;
import dev.locus.executor.Ordering;
import dev.locus.executor.RejectionHandler;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * {@link KeyedExecutorMetrics} on a {@link SimpleMeterRegistry}: Micrometer's executor meters and
 * locus's own, with the values an executor in a known state must show.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeyedExecutorMetricsTest {

    private static final long WAIT_S = 10;

    private final MeterRegistry registry = new SimpleMeterRegistry();
    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    private KeyedExecutorService bind(KeyedExecutorService executor, String name) {
        opened.open(executor);
        new KeyedExecutorMetrics(executor, name, Tags.of("region", "eu")).bindTo(registry);
        return executor;
    }

    @Test
    void registersMicrometersExecutorMetersAndLocusOwnTaggedWithTheName() {
        bind(LocusExecutors.fixedRange(3, 0, 99), "orders");
        Set<String> names = new TreeSet<>();
        for (Meter meter : registry.getMeters()) {
            names.add(meter.getId().getName());
            assertEquals("orders", meter.getId().getTag("name"), meter.getId().toString());
            assertEquals("eu", meter.getId().getTag("region"), meter.getId().toString());
        }
        assertEquals(new TreeSet<>(List.of("executor.completed", "executor.queued", "executor.active",
                "executor.pool.size", "executor.steals", "locus.executor.worker.completed",
                "locus.executor.worker.queued", "locus.executor.repartitions", "locus.executor.rejected",
                "locus.executor.hot.range.share")), names);
        assertEquals(3, registry.find("locus.executor.worker.queued").gauges().size(), "one per worker");
        assertEquals(ExecutorStats.MAX_HOTTEST_RANGES, registry.find("locus.executor.hot.range.share").gauges().size());
        assertEquals(3.0, gauge("executor.pool.size", "orders"));
    }

    @Test
    void countsQueuedActiveRejectedAndCompletedTasks() throws Exception {
        KeyedExecutorService executor = bind(LocusExecutors.builder(2).fixedRange(0, 99)
                .queueCapacity(3).rejectionHandler(RejectionHandler.discard()).build(), "ledger");
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(0, () -> {
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS), "the blocking task did not start");
        for (int i = 0; i < 5; i++) {
            executor.execute(1, () -> { }); // worker 0: three queue, two are rejected
        }
        assertEquals(1.0, gauge("executor.active", "ledger"));
        assertEquals(3.0, gauge("executor.queued", "ledger"));
        assertEquals(3.0, registry.get("locus.executor.worker.queued").tags("name", "ledger", "worker", "0").gauge().value());
        assertEquals(0.0, registry.get("locus.executor.worker.queued").tags("name", "ledger", "worker", "1").gauge().value());
        assertEquals(2.0, counter("locus.executor.rejected", "ledger"));

        release.countDown();
        executor.execute(99, () -> { }); // worker 1
        executor.shutdown();
        executor.execute(99, () -> { }); // rejected: shut down
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(5.0, counter("executor.completed", "ledger"));
        assertEquals(4.0, registry.get("locus.executor.worker.completed").tags("name", "ledger", "worker", "0").functionCounter().count());
        assertEquals(1.0, registry.get("locus.executor.worker.completed").tags("name", "ledger", "worker", "1").functionCounter().count());
        assertEquals(3.0, counter("locus.executor.rejected", "ledger"));
        assertEquals(0.0, gauge("executor.active", "ledger"));
        assertEquals(0.0, gauge("executor.queued", "ledger"));
    }

    @Test
    void countsStolenTasks() throws Exception {
        KeyedExecutorService executor = bind(LocusExecutors.builder(2).fixedRange(0, 99)
                .ordering(Ordering.RELAXED).name("relaxed").build(), "relaxed");
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<String> blocked = new AtomicReference<>();
        executor.execute(0, () -> {
            blocked.set(Thread.currentThread().getName());
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS), "the blocking task did not start");
        // worker 0 owns key 0, worker 1 key 99; the blocker may itself have been stolen by worker 1
        boolean onWorker0 = blocked.get().equals("relaxed-worker-0");
        assertTrue(onWorker0 || blocked.get().equals("relaxed-worker-1"), blocked.get());
        int tasks = 10;
        CountDownLatch ran = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            executor.execute(onWorker0 ? 0 : 99, ran::countDown); // only the other worker, stealing, can run them
        }
        assertTrue(ran.await(WAIT_S, SECONDS), "the idle worker did not steal the queued tasks");
        release.countDown();
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(tasks + (onWorker0 ? 0 : 1), counter("executor.steals", "relaxed"));
    }

    @Test
    void countsRepartitionsAndShowsTheHottestRangesShares() throws Exception {
        AdaptiveRangeRouter.Settings eager = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, 1023).confidenceThreshold(500).sampleEvery(1);
        KeyedExecutorService executor = bind(LocusExecutors.adaptive(2, eager), "adaptive");
        for (int i = 0; i < 40_000; i++) {
            executor.execute(i % 4 == 0 ? 900 : 5, () -> { }); // three in four tasks on key 5
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        ExecutorStats stats = executor.stats(); // final: nothing samples keys any more
        assertTrue(stats.repartitions() >= 1, "the adaptive router never installed its partition");
        assertEquals(stats.repartitions(), counter("locus.executor.repartitions", "adaptive"));
        assertEquals(40_000.0, counter("executor.completed", "adaptive"));
        List<ExecutorStats.KeyRangeLoad> hottest = stats.hottestRanges();
        assertEquals(2, hottest.size(), "two keys, two ranges: " + hottest);
        double first = hotShare("1");
        assertEquals(hottest.get(0).share(), first);
        assertEquals(hottest.get(1).share(), hotShare("2"));
        assertTrue(first > 0.6 && first < 0.9, "key 5 takes three quarters of the tasks, its range's share was " + first);
        assertEquals(1.0, first + hotShare("2"), 1e-9);
        for (int rank = 3; rank <= ExecutorStats.MAX_HOTTEST_RANGES; rank++) {
            assertEquals(0.0, hotShare(Integer.toString(rank)), "rank " + rank + " has no range");
        }
    }

    @Test
    void nullArgumentsAreRejectedWithTheirName() {
        KeyedExecutorService executor = bind(LocusExecutors.roundRobin(1), "x");
        assertEquals("executor", assertThrows(NullPointerException.class,
                () -> new KeyedExecutorMetrics(null, "x", Tags.empty())).getMessage());
        assertEquals("name", assertThrows(NullPointerException.class,
                () -> new KeyedExecutorMetrics(executor, null, Tags.empty())).getMessage());
        assertEquals("tags", assertThrows(NullPointerException.class,
                () -> new KeyedExecutorMetrics(executor, "x", null)).getMessage());
        assertEquals("registry", assertThrows(NullPointerException.class,
                () -> new KeyedExecutorMetrics(executor, "x", Tags.empty()).bindTo(null)).getMessage());
    }

    private double gauge(String meter, String name) {
        return registry.get(meter).tags("name", name).gauge().value();
    }

    private double counter(String meter, String name) {
        return registry.get(meter).tags("name", name).functionCounter().count();
    }

    private double hotShare(String rank) {
        return registry.get("locus.executor.hot.range.share").tags("name", "adaptive", "rank", rank).gauge().value();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(WAIT_S, SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
