package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.MDC;

/**
 * {@link LocusExecutors.Builder#taskDecorator}: the SLF4J MDC of the submitting thread reaches
 * the task and leaves the worker with it; the decorator runs once per task on the submitter;
 * {@code shutdownNow} and the rejection handler see the tasks as submitted; a decorator that
 * fails or returns null fails the submission, not the executor.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskDecoratorTest {

    private static final long WAIT_S = 10;
    private static final long KEY = 3;

    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    /** Carries the submitter's MDC into the task and restores the worker's afterwards. */
    private static final TaskDecorator MDC_DECORATOR = task -> {
        Map<String, String> context = MDC.getCopyOfContextMap();
        return () -> {
            Map<String, String> previous = MDC.getCopyOfContextMap();
            setContext(context);
            try {
                task.run();
            } finally {
                setContext(previous);
            }
        };
    };

    @Test
    void theSubmittersMdcIsSeenInsideTheTaskAndGoneAfterIt() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).fixedRange(0, 9)
                .taskDecorator(MDC_DECORATOR).build());
        MDC.put("request", "r-42");
        Future<String> inside;
        try {
            inside = executor.submit(KEY, () -> MDC.get("request"));
        } finally {
            MDC.remove("request");
        }
        Future<String> after = executor.submit(KEY, () -> MDC.get("request"));

        assertEquals("r-42", inside.get(WAIT_S, SECONDS), "the submitter's MDC inside the task");
        assertNull(after.get(WAIT_S, SECONDS), "the next task on the same worker, submitted without it");
        assertNull(MDC.get("request"), "the submitter's own MDC is untouched by the worker");
    }

    @Test
    void eachTaskIsDecoratedOnceOnTheSubmittingThreadWhicheverWayItIsSubmitted() throws Exception {
        AtomicInteger decorations = new AtomicInteger();
        List<Thread> decoratingThreads = new ArrayList<>();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(2).fixedRange(0, 9)
                .taskDecorator(task -> {
                    decorations.incrementAndGet();
                    synchronized (decoratingThreads) {
                        decoratingThreads.add(Thread.currentThread());
                    }
                    return task;
                }).build());
        CountDownLatch ran = new CountDownLatch(4);

        executor.execute(KEY, ran::countDown);
        executor.submit(KEY, ran::countDown);
        executor.submit(KEY, () -> {
            ran.countDown();
            return null;
        });
        executor.runAsync(KEY, ran::countDown);

        assertTrue(ran.await(WAIT_S, SECONDS));
        assertEquals(4, decorations.get());
        assertTrue(decoratingThreads.stream().allMatch(t -> t == Thread.currentThread()), "" + decoratingThreads);
    }

    @Test
    void shutdownNowAndTheRejectionHandlerSeeTheTasksAsSubmitted() throws Exception {
        List<Runnable> rejected = new ArrayList<>();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).fixedRange(0, 9).queueCapacity(3)
                .rejectionHandler((task, by, shutdown) -> rejected.add(task))
                .taskDecorator(task -> () -> task.run()).build());
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        executor.execute(KEY, () -> {
            started.countDown();
            awaitQuietly(release);
        });
        assertTrue(started.await(WAIT_S, SECONDS));
        List<Runnable> queued = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Runnable task = () -> { };
            queued.add(task);
            executor.execute(KEY, task);
        }

        List<Runnable> neverStarted = executor.shutdownNow();
        release.countDown();

        assertEquals(1, rejected.size(), "a queue of 3 refuses the fourth");
        assertSame(queued.get(3), rejected.get(0));
        assertEquals(3, neverStarted.size());
        for (int i = 0; i < 3; i++) {
            assertSame(queued.get(i), neverStarted.get(i), "task " + i);
        }
    }

    @Test
    void aDecoratorThatThrowsOrReturnsNullFailsTheSubmissionAndQueuesNothing() throws Exception {
        AtomicBoolean fail = new AtomicBoolean(true);
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).fixedRange(0, 9)
                .taskDecorator(task -> {
                    if (fail.get()) {
                        throw new IllegalStateException("no context");
                    }
                    return null;
                }).build());
        AtomicBoolean ran = new AtomicBoolean();

        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> executor.execute(KEY, () -> ran.set(true)));
        assertEquals("no context", thrown.getMessage());
        fail.set(false);
        NullPointerException nothing = assertThrows(NullPointerException.class,
                () -> executor.execute(KEY, () -> ran.set(true)));
        assertTrue(nothing.getMessage().startsWith("task decorator "), nothing.getMessage());

        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertFalse(ran.get(), "neither task was queued");
    }

    @Test
    void andThenDecoratesWithTheFirstFirstAndRunsTheSecondOutside() throws Exception {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).fixedRange(0, 9)
                .taskDecorator(recording("inner", events).andThen(recording("outer", events))).build());

        runOneTask(executor, events);

        assertEquals(List.of("decorate inner", "decorate outer", "outer before", "inner before", "task",
                "inner after", "outer after"), events);
    }

    @Test
    void andThenFailsTheSubmissionIfTheFirstReturnsNullAndRefusesANullSecond() throws Exception {
        AtomicBoolean secondCalled = new AtomicBoolean();
        TaskDecorator nothing = task -> null;
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).fixedRange(0, 9)
                .taskDecorator(nothing.andThen(task -> {
                    secondCalled.set(true);
                    return task;
                })).build());

        NullPointerException thrown = assertThrows(NullPointerException.class, () -> executor.execute(KEY, () -> { }));
        assertTrue(thrown.getMessage().startsWith("task decorator " + nothing), thrown.getMessage());
        assertFalse(secondCalled.get(), "the second decorator must not get null");
        assertEquals("after", assertThrows(NullPointerException.class, () -> nothing.andThen(null)).getMessage());
    }

    @Test
    void buildWithAnOuterDecoratorWrapsTheBuildersOwnAndLeavesTheBuilderAsItWas() throws Exception {
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        TaskDecorator outer = recording("outer", events);
        LocusExecutors.Builder builder = LocusExecutors.builder(1).fixedRange(0, 9);

        runOneTask(opened.open(builder.build(outer)), events);
        assertEquals(List.of("decorate outer", "outer before", "task", "outer after"), events, "no decorator of its own");
        events.clear();

        builder.taskDecorator(recording("inner", events));
        runOneTask(opened.open(builder.build(outer)), events);
        assertEquals(List.of("decorate inner", "decorate outer", "outer before", "inner before", "task",
                "inner after", "outer after"), events, "around the builder's decorator");
        events.clear();

        runOneTask(opened.open(builder.build()), events);
        assertEquals(List.of("decorate inner", "inner before", "task", "inner after"), events,
                "the builder keeps its own decorator only");
        assertEquals("outer", assertThrows(NullPointerException.class, () -> builder.build(null)).getMessage());
    }

    @Test
    void theBuilderRefusesANullDecorator() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> LocusExecutors.builder(1).taskDecorator(null));
        assertEquals("decorator", e.getMessage());
    }

    /** Runs a task that records "task", and waits until the executor (its wrappers too) is done. */
    private static void runOneTask(KeyedExecutorService executor, List<String> events) throws InterruptedException {
        executor.execute(KEY, () -> events.add("task"));
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    /** A decorator that records, as {@code events}, its decorating and its wrapper's start and end. */
    private static TaskDecorator recording(String name, List<String> events) {
        return task -> {
            events.add("decorate " + name);
            return () -> {
                events.add(name + " before");
                try {
                    task.run();
                } finally {
                    events.add(name + " after");
                }
            };
        };
    }

    private static void setContext(Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
