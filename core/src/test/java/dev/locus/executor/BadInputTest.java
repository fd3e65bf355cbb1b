package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.executor.routing.RoundRobinRouter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arguments a user can get wrong fail fast with an exception that names the argument, and a
 * bounded queue that is full goes to the configured {@link RejectionHandler}.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class BadInputTest {

    private static final long WAIT_S = 10;

    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    // ---------------------------------------------------------------- arguments

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE, LocusExecutors.MAX_WORKERS + 1, Integer.MAX_VALUE})
    void workersOutsideOneToTheLimitAreRejected(int workers) {
        AdaptiveRangeRouter.Settings settings = AdaptiveRangeRouter.Settings.defaults();
        assertRejects(IllegalArgumentException.class, "workers", () -> LocusExecutors.roundRobin(workers));
        assertRejects(IllegalArgumentException.class, "workers", () -> LocusExecutors.fixedRange(workers, 0, 1023));
        assertRejects(IllegalArgumentException.class, "workers", () -> LocusExecutors.adaptive(workers));
        assertRejects(IllegalArgumentException.class, "workers", () -> LocusExecutors.adaptive(workers, settings));
        assertRejects(IllegalArgumentException.class, "workers", () -> LocusExecutors.builder(workers));
    }

    @Test
    void minKeyAboveMaxKeyIsRejected() {
        assertRejects(IllegalArgumentException.class, "minKey", () -> LocusExecutors.fixedRange(2, 10, 9));
        assertRejects(IllegalArgumentException.class, "minKey", () -> LocusExecutors.builder(2).fixedRange(10, 9));
        assertRejects(IllegalArgumentException.class, "minKey",
                () -> LocusExecutors.fixedRange(2, Long.MAX_VALUE, Long.MIN_VALUE));
    }

    @Test
    void extremeKeyRangesWork() throws Exception {
        KeyedExecutorService single = opened.open(LocusExecutors.fixedRange(2, 5, 5));
        assertEquals("ok", single.submit(5, () -> "ok").get(WAIT_S, SECONDS));
        assertEquals("ok", single.submit(6, () -> "ok").get(WAIT_S, SECONDS));

        KeyedExecutorService full = opened.open(LocusExecutors.fixedRange(2, Long.MIN_VALUE, Long.MAX_VALUE));
        Thread low = full.submit(Long.MIN_VALUE, Thread::currentThread).get(WAIT_S, SECONDS);
        Thread high = full.submit(Long.MAX_VALUE, Thread::currentThread).get(WAIT_S, SECONDS);
        assertFalse(low == high, "the two halves of the full long range should go to different workers");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void queueCapacityBelowOneIsRejected(int capacity) {
        assertRejects(IllegalArgumentException.class, "capacity", () -> LocusExecutors.builder(1).queueCapacity(capacity));
    }

    @Test
    void nullSettingsAreRejectedWithTheirName() {
        LocusExecutors.Builder builder = LocusExecutors.builder(1);
        assertRejects(NullPointerException.class, "router", "factory", () -> builder.router(null));
        assertRejects(NullPointerException.class, "threadFactory", () -> builder.threadFactory(null));
        assertRejects(NullPointerException.class, "handler", () -> builder.rejectionHandler(null));
        assertRejects(NullPointerException.class, "idleStrategy", () -> builder.idleStrategy(null));
        assertRejects(NullPointerException.class, "ordering", () -> builder.ordering(null));
        assertRejects(NullPointerException.class, "name", () -> builder.name(null));
        assertRejects(NullPointerException.class, "settings", () -> builder.adaptive(null));
        assertRejects(NullPointerException.class, "settings", () -> LocusExecutors.adaptive(1, null));
    }

    @Test
    void brokenRouterFactoriesAreRejectedAtBuild() {
        assertRejects(NullPointerException.class, "router",
                () -> LocusExecutors.builder(2).router(workers -> null).build());
        assertRejects(IllegalArgumentException.class, "workers",
                () -> LocusExecutors.builder(2).router(workers -> new RoundRobinRouter(workers + 1)).build());
    }

    @Test
    void threadFactoryReturningNullFailsBuildAndLeaksNoThread() throws InterruptedException {
        List<Thread> created = new CopyOnWriteArrayList<>();
        ThreadFactory factory = r -> {
            if (!created.isEmpty()) {
                return null;
            }
            Thread t = new Thread(r, "bad-factory-worker-0");
            created.add(t);
            return t;
        };
        assertRejects(RuntimeException.class, "factory", () -> LocusExecutors.builder(2).threadFactory(factory).build());
        assertThreadsEnd(created);
    }

    @Test
    void threadFactoryFailureSurfacesFromBuildAndLeaksNoThread() throws InterruptedException {
        List<Thread> created = new CopyOnWriteArrayList<>();
        IllegalStateException failure = new IllegalStateException("expected by the test: no more threads");
        ThreadFactory factory = r -> {
            if (created.size() == 2) {
                throw failure;
            }
            Thread t = new Thread(r, "failing-factory-worker-" + created.size());
            created.add(t);
            return t;
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LocusExecutors.builder(3).threadFactory(factory).build());
        assertSame(failure, e);
        assertThreadsEnd(created);
    }

    private static void assertThreadsEnd(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join(SECONDS.toMillis(WAIT_S));
            assertFalse(t.isAlive(), t.getName() + ", started by a build() that failed, is still running");
        }
    }

    @Test
    void negativeIdleStrategyCountsAreRejected() {
        assertRejects(IllegalArgumentException.class, "spins", () -> IdleStrategy.spinYieldPark(-1, 0));
        assertRejects(IllegalArgumentException.class, "yields", () -> IdleStrategy.spinYieldPark(0, -1));
        IdleStrategy none = IdleStrategy.spinYieldPark(0, 0);
        assertEquals(0, none.spins());
        assertEquals(0, none.yields());
    }

    @Test
    void negativeCostReportsAreRejected() {
        for (KeyedExecutorService executor : List.of(opened.open(LocusExecutors.roundRobin(1)),
                opened.open(LocusExecutors.fixedRange(2, 0, 99)), opened.open(LocusExecutors.adaptive(2)))) {
            assertRejects(IllegalArgumentException.class, "nanos", () -> executor.recordCost(7, -1, 0));
            assertRejects(IllegalArgumentException.class, "nanos", () -> executor.recordCost(7, Long.MIN_VALUE, 1));
            assertRejects(IllegalArgumentException.class, "aborts", () -> executor.recordCost(7, 10, -1));
            executor.recordCost(7, 0, 0); // zero is a cost, not an error
        }
    }

    // ---------------------------------------------------------------- rejection handler

    @ParameterizedTest(name = "queueCapacity({0})")
    @ValueSource(ints = {1, 2, 3, 5})
    void fullQueueGoesToTheConfiguredHandler(int capacity) throws Exception {
        RecordingHandler handler = new RecordingHandler();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1)
                .queueCapacity(capacity).rejectionHandler(handler).build());
        CountDownLatch release = block(executor);
        AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < capacity; i++) {
            executor.execute(ran::incrementAndGet);
        }
        assertEquals(List.of(), handler.rejections, "rejected before " + capacity + " tasks were queued");

        Runnable overflow = ran::incrementAndGet;
        executor.execute(overflow);
        assertEquals(List.of(new Rejection(overflow, executor, false)), handler.rejections,
                "a task beyond queueCapacity(" + capacity + ") goes to the handler, once, with shutdown=false");

        release.countDown();
        executor.shutdown();
        Runnable late = ran::incrementAndGet;
        executor.execute(late);
        assertEquals(2, handler.rejections.size());
        assertEquals(new Rejection(late, executor, true), handler.rejections.get(1),
                "a task after shutdown goes to the handler with shutdown=true");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(capacity, ran.get(), "exactly the queued tasks run; the handler dropped the others");
    }

    @Test
    void fullQueueHandsTheSubmittedFutureToTheHandler() throws Exception {
        RecordingHandler handler = new RecordingHandler();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1)
                .queueCapacity(2).rejectionHandler(handler).build());
        CountDownLatch release = block(executor);
        executor.submit(() -> 1);
        executor.submit(7, () -> 2);
        Future<Integer> overflow = executor.submit(7, () -> 3);
        assertEquals(1, handler.rejections.size());
        assertSame(overflow, handler.rejections.get(0).task(), "the handler gets the Future that submit returned");
        assertFalse(handler.rejections.get(0).shutdown());
        release.countDown();
    }

    @Test
    void keyedTasksBeyondCapacityGoToTheHandler() throws Exception {
        RecordingHandler handler = new RecordingHandler();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(2).fixedRange(0, 1023)
                .queueCapacity(2).rejectionHandler(handler).build());
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(0, () -> {
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS));
        executor.execute(0, () -> { });
        executor.execute(0, () -> { });
        Runnable overflow = () -> { };
        executor.execute(0, overflow);
        assertEquals(List.of(new Rejection(overflow, executor, false)), handler.rejections);
        // the other worker's queue is not full
        assertEquals("free", executor.submit(1023, () -> "free").get(WAIT_S, SECONDS));
        release.countDown();
    }

    @Test
    void defaultHandlerThrowsWhenTheQueueIsFull() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).queueCapacity(1).build());
        CountDownLatch release = block(executor);
        executor.execute(() -> { });
        RejectedExecutionException e = assertThrows(RejectedExecutionException.class, () -> executor.execute(() -> { }));
        assertNotNull(e.getMessage());
        release.countDown();
    }

    @Test
    void callerRunsRunsInTheSubmitterWhenFullAndThrowsAfterShutdown() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).queueCapacity(1)
                .rejectionHandler(RejectionHandler.callerRuns()).build());
        CountDownLatch release = block(executor);
        executor.execute(() -> { });
        AtomicReference<Thread> runner = new AtomicReference<>();
        executor.execute(() -> runner.set(Thread.currentThread()));
        assertSame(Thread.currentThread(), runner.get(), "callerRuns runs a task that finds the queue full in the caller");

        release.countDown();
        executor.shutdown();
        AtomicInteger lateRan = new AtomicInteger();
        assertThrows(RejectedExecutionException.class, () -> executor.execute(lateRan::incrementAndGet));
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(0, lateRan.get(), "callerRuns must not run a task after shutdown");
    }

    // ---------------------------------------------------------------- helpers

    /** Occupies the executor's single worker until the returned latch is released. */
    private static CountDownLatch block(KeyedExecutorService executor) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(() -> {
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS), "the blocking task did not start");
        return release;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(WAIT_S, SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void assertRejects(Class<? extends RuntimeException> type, String name, Executable call) {
        assertRejects(type, name, name, call);
    }

    /** {@code call} throws {@code type} with a message that names the argument (either spelling). */
    private static void assertRejects(Class<? extends RuntimeException> type, String name, String alias,
                                      Executable call) {
        RuntimeException e = assertThrows(type, call);
        String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        assertTrue(message.contains(name.toLowerCase(Locale.ROOT)) || message.contains(alias.toLowerCase(Locale.ROOT)),
                "message should name '" + name + "': " + e);
    }

    private record Rejection(Runnable task, KeyedExecutorService executor, boolean shutdown) {
    }

    private static final class RecordingHandler implements RejectionHandler {

        final List<Rejection> rejections = new CopyOnWriteArrayList<>();

        @Override
        public void rejected(Runnable task, KeyedExecutorService executor, boolean shutdown) {
            rejections.add(new Rejection(task, executor, shutdown));
        }
    }
}
