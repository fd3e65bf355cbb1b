package dev.locus.metrics;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.NANOSECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.OpenedExecutors;
import dev.locus.executor.Ordering;
import dev.locus.executor.TaskDecorator;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link KeyedExecutorMetrics#monitor}: the {@code executor} and {@code executor.idle} timers count
 * every task run and measure its run and its wait, throwing or not; the per-worker shares add up
 * to them; the timing wraps the user's task decorator; tasks not run are neither timed nor
 * changed; an executor built without it runs its tasks undecorated.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeyedExecutorTimingTest {

    private static final long WAIT_S = 10;
    /** How long the slow tasks and wrappers take: what the timers must show at least. */
    private static final long SLEEP_MS = 200;

    private final MeterRegistry registry = new SimpleMeterRegistry();
    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    private KeyedExecutorService monitor(LocusExecutors.Builder builder) {
        return opened.open(KeyedExecutorMetrics.monitor(registry, builder, "orders", Tags.of("region", "eu")));
    }

    @Test
    void registersTheTimersTheirPerWorkerSharesAndTheBindersMetersTaggedWithTheName() {
        monitor(LocusExecutors.builder(3).fixedRange(0, 99));
        Set<String> names = new TreeSet<>();
        for (Meter meter : registry.getMeters()) {
            names.add(meter.getId().getName());
            assertEquals("orders", meter.getId().getTag("name"), meter.getId().toString());
            assertEquals("eu", meter.getId().getTag("region"), meter.getId().toString());
        }
        assertEquals(new TreeSet<>(List.of("executor", "executor.idle", "executor.completed", "executor.queued",
                "executor.active", "executor.pool.size", "executor.steals", "locus.executor.worker.completed",
                "locus.executor.worker.queued", "locus.executor.worker.execution", "locus.executor.worker.idle",
                "locus.executor.repartitions", "locus.executor.rejected", "locus.executor.hot.range.share")), names);
        assertEquals(1, registry.find("executor").timers().size());
        assertEquals(1, registry.find("executor.idle").timers().size());
        assertEquals(3, registry.find("locus.executor.worker.execution").functionTimers().size(), "one per worker");
        assertEquals(3, registry.find("locus.executor.worker.idle").functionTimers().size(), "one per worker");
    }

    @Test
    void bothTimersCountEveryTaskRunHoweverItWasSubmitted() throws Exception {
        KeyedExecutorService executor = monitor(LocusExecutors.builder(2).fixedRange(0, 99));
        int rounds = 50;
        for (int i = 0; i < rounds; i++) {
            int key = i;
            executor.execute(key, () -> { });
            executor.execute(() -> { });
            executor.submit(key, () -> { });
            executor.submit(key, () -> key);
            executor.runAsync(key, () -> { });
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        long tasks = 5L * rounds;
        assertEquals(tasks, timer("executor").count());
        assertEquals(tasks, timer("executor.idle").count());
        assertEquals(tasks, registry.get("executor.completed").tags("name", "orders").functionCounter().count());
    }

    @Test
    void idleTimeIsTheWaitBehindABlockedTaskOfTheSameKeyOnItsWorker() throws Exception {
        KeyedExecutorService executor = monitor(LocusExecutors.builder(2).fixedRange(0, 99));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch waiterQueued = new CountDownLatch(1);
        executor.execute(0, () -> {
            started.countDown();
            awaitQuietly(waiterQueued);
            sleepQuietly(SLEEP_MS); // begins after the waiter's submission
        });
        assertTrue(started.await(WAIT_S, SECONDS), "the blocking task did not start");
        executor.execute(0, () -> { }); // worker 0, behind the blocker
        waiterQueued.countDown();
        executor.execute(99, () -> { }); // worker 1, idle
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        Timer idle = timer("executor.idle");
        assertEquals(3, idle.count());
        assertTrue(idle.max(MILLISECONDS) >= SLEEP_MS, "the waiter waited " + idle.max(MILLISECONDS) + " ms");
        assertTrue(workerShare("locus.executor.worker.idle", 0).totalTime(MILLISECONDS) >= SLEEP_MS,
                "worker 0's share holds the wait");
        assertTrue(workerShare("locus.executor.worker.idle", 1).totalTime(MILLISECONDS) < SLEEP_MS,
                "a task of another worker's key does not wait behind the blocker");
    }

    @Test
    void runTimeIsTheTasksDurationAndNotItsWait() throws Exception {
        KeyedExecutorService executor = monitor(LocusExecutors.builder(1).fixedRange(0, 9));
        executor.execute(0, () -> sleepQuietly(SLEEP_MS));
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        Timer execution = timer("executor");
        assertEquals(1, execution.count());
        assertTrue(execution.totalTime(MILLISECONDS) >= SLEEP_MS, "ran " + execution.totalTime(MILLISECONDS) + " ms");
        assertTrue(timer("executor.idle").totalTime(MILLISECONDS) < SLEEP_MS, "a task on an idle worker hardly waits");
    }

    @Test
    void aTaskThatThrowsIsTimedAndItsFailureStillReachesTheWorkersHandler() throws Exception {
        List<Throwable> uncaught = Collections.synchronizedList(new ArrayList<>());
        KeyedExecutorService executor = monitor(LocusExecutors.builder(1).fixedRange(0, 9).threadFactory(r -> {
            Thread t = new Thread(r, "throwing-worker");
            t.setUncaughtExceptionHandler((thread, failure) -> uncaught.add(failure));
            return t;
        }));
        IllegalStateException failure = new IllegalStateException("task failed");
        executor.execute(0, () -> {
            sleepQuietly(SLEEP_MS);
            throw failure;
        });
        executor.execute(0, () -> { }); // the worker goes on
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        assertEquals(List.of(failure), uncaught, "the task's own exception, once");
        Timer execution = timer("executor");
        assertEquals(2, execution.count());
        assertTrue(execution.max(MILLISECONDS) >= SLEEP_MS, "the throwing task ran " + execution.max(MILLISECONDS) + " ms");
        assertEquals(2, workerShare("locus.executor.worker.execution", 0).count());
    }

    @ParameterizedTest
    @EnumSource(Ordering.class)
    void theWorkersSharesAddUpToTheTotalsAndCountTheTasksEachRan(Ordering ordering) throws Exception {
        int workers = 3;
        KeyedExecutorService executor = monitor(LocusExecutors.builder(workers).fixedRange(0, 299).ordering(ordering));
        int tasks = 3_000;
        for (int i = 0; i < tasks; i++) {
            int spins = 50 * (i % 7); // durations that differ
            executor.execute(i % 300, () -> {
                for (int s = 0; s < spins; s++) {
                    Thread.onSpinWait();
                }
            });
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        for (String[] pair : new String[][] {{"executor", "locus.executor.worker.execution"},
                                             {"executor.idle", "locus.executor.worker.idle"}}) {
            long count = 0;
            double nanos = 0;
            for (int w = 0; w < workers; w++) {
                FunctionTimer share = workerShare(pair[1], w);
                assertTrue(share.count() > 0, pair[1] + " of worker " + w + " counted nothing");
                assertEquals(registry.get("locus.executor.worker.completed").tags("name", "orders", "worker",
                        Integer.toString(w)).functionCounter().count(), share.count(), pair[1] + " of worker " + w);
                count += (long) share.count();
                nanos += share.totalTime(NANOSECONDS);
            }
            Timer total = timer(pair[0]);
            assertEquals(tasks, total.count(), pair[0]);
            assertEquals(tasks, count, pair[1]);
            assertEquals(total.totalTime(NANOSECONDS), nanos, 0.5, pair[1] + " against " + pair[0]);
        }
    }

    @Test
    void theTimingRunsOutsideTheUsersDecoratorWhoseContextStillReachesTheTask() throws Exception {
        ThreadLocal<String> context = new ThreadLocal<>();
        TaskDecorator slowContext = task -> {
            String captured = context.get();
            return () -> {
                String previous = context.get();
                context.set(captured);
                try {
                    sleepQuietly(SLEEP_MS); // the wrapper's own work, outside the task
                    task.run();
                } finally {
                    context.set(previous);
                }
            };
        };
        KeyedExecutorService executor = monitor(LocusExecutors.builder(1).fixedRange(0, 9).taskDecorator(slowContext));
        context.set("request-42");
        Future<String> seen;
        try {
            seen = executor.submit(0, context::get);
        } finally {
            context.remove();
        }
        assertEquals("request-42", seen.get(WAIT_S, SECONDS), "the user's decorator carried the context");
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        Timer execution = timer("executor");
        assertEquals(1, execution.count());
        assertTrue(execution.totalTime(MILLISECONDS) >= SLEEP_MS,
                "the executor timer must include the user's wrapper, which runs inside it; it showed "
                        + execution.totalTime(MILLISECONDS) + " ms");
    }

    @Test
    void tasksNotRunAreTheTasksAsSubmittedAndAreNotTimed() throws Exception {
        List<Runnable> rejected = Collections.synchronizedList(new ArrayList<>());
        KeyedExecutorService executor = monitor(LocusExecutors.builder(1).fixedRange(0, 9).queueCapacity(2)
                .rejectionHandler((task, by, shutdown) -> rejected.add(task)));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(0, () -> {
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS), "the blocking task did not start");
        List<Runnable> submitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Runnable task = () -> { };
            submitted.add(task);
            executor.execute(0, task);
        }

        List<Runnable> neverStarted = executor.shutdownNow();
        release.countDown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));

        assertEquals(1, rejected.size(), "a queue of 2 refuses the third");
        assertSame(submitted.get(2), rejected.get(0));
        assertEquals(2, neverStarted.size());
        assertSame(submitted.get(0), neverStarted.get(0));
        assertSame(submitted.get(1), neverStarted.get(1));
        assertEquals(1, timer("executor").count(), "only the blocking task ran");
        assertEquals(1, timer("executor.idle").count(), "only the blocking task started");
    }

    @Test
    void anExecutorBuiltWithoutMonitorRunsItsTasksUndecoratedAndHasNoTimers() throws Exception {
        KeyedExecutorService plain = opened.open(LocusExecutors.builder(1).fixedRange(0, 9).build());
        new KeyedExecutorMetrics(plain, "plain", Tags.empty()).bindTo(registry);
        KeyedExecutorService monitored = monitor(LocusExecutors.builder(1).fixedRange(0, 9));

        assertEquals(List.of(), framesBetweenTheWorkerAndItsTask(plain), "the worker runs the task itself");
        List<String> decorations = framesBetweenTheWorkerAndItsTask(monitored);
        assertTrue(decorations.contains("dev.locus.metrics.TaskTiming.run"), "the frames must show the timing: "
                + decorations);
        assertNull(registry.find("executor").tags("name", "plain").timer());
        assertNull(registry.find("executor.idle").tags("name", "plain").timer());
        assertNull(registry.find("locus.executor.worker.execution").tags("name", "plain").functionTimer());
    }

    @Test
    void nullArgumentsAreRejectedWithTheirNameAndRegisterNothing() {
        LocusExecutors.Builder builder = LocusExecutors.builder(1);
        assertEquals("registry", assertThrows(NullPointerException.class,
                () -> KeyedExecutorMetrics.monitor(null, builder, "x", Tags.empty())).getMessage());
        assertEquals("builder", assertThrows(NullPointerException.class,
                () -> KeyedExecutorMetrics.monitor(registry, null, "x", Tags.empty())).getMessage());
        assertEquals("name", assertThrows(NullPointerException.class,
                () -> KeyedExecutorMetrics.monitor(registry, builder, null, Tags.empty())).getMessage());
        assertEquals("tags", assertThrows(NullPointerException.class,
                () -> KeyedExecutorMetrics.monitor(registry, builder, "x", null)).getMessage());
        assertEquals(List.of(), registry.getMeters());
    }

    /**
     * The methods on the stack between the worker's {@code runTask} and a task it runs, as
     * {@code class.method}, innermost first.
     */
    private static List<String> framesBetweenTheWorkerAndItsTask(KeyedExecutorService executor) throws Exception {
        AtomicReference<List<String>> stack = new AtomicReference<>();
        executor.execute(0, () -> stack.set(StackWalker.getInstance().walk(frames -> frames.skip(1)
                .map(f -> f.getClassName() + "." + f.getMethodName()).toList())));
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        List<String> frames = stack.get();
        int worker = frames.indexOf("dev.locus.executor.pool.PoolWorker.runTask");
        assertTrue(worker >= 0, "no PoolWorker.runTask on " + frames);
        return frames.subList(0, worker);
    }

    private Timer timer(String name) {
        return registry.get(name).tags("name", "orders").timer();
    }

    private FunctionTimer workerShare(String name, int worker) {
        return registry.get(name).tags("name", "orders", "worker", Integer.toString(worker)).functionTimer();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(WAIT_S, SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
