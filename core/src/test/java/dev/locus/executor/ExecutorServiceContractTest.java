package dev.locus.executor;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.toggle.ToggleExecutor;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link ExecutorService} contract, written from its javadoc, run against every locus executor
 * and against a {@link ThreadPoolExecutor} as the control: a test that the JDK fails is a wrong
 * test. Executors are created fresh for each test; every blocking wait is bounded, so a broken
 * executor fails a test instead of hanging the build.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExecutorServiceContractTest {

    /** Upper bound for any wait on something that should happen promptly. */
    private static final long WAIT_S = 10;

    private final List<ExecutorService> opened = new ArrayList<>();

    /** Every locus executor configuration under test; a new one inherits the whole suite. */
    private static final List<Named<Supplier<KeyedExecutorService>>> LOCUS = List.of(
            locus("roundRobin(2)", () -> LocusExecutors.roundRobin(2)),
            locus("fixedRange(2, 0, 1023)", () -> LocusExecutors.fixedRange(2, 0, 1023)),
            locus("adaptive(2)", () -> LocusExecutors.adaptive(2)),
            locus("adaptive(2), RELAXED", () -> LocusExecutors.builder(2).ordering(Ordering.RELAXED).build()),
            locus("fixedRange(2, 0, 1023), parkImmediately", () -> LocusExecutors.builder(2).fixedRange(0, 1023)
                    .idleStrategy(IdleStrategy.parkImmediately()).build()));

    /**
     * Locus executors without keys, which run the general contract only. Toggle's plain tasks are
     * declared independent: by default each would lock the whole hierarchy and run alone, and the
     * contract's tests occupy both workers with plain tasks.
     */
    private static final List<Named<Supplier<ExecutorService>>> UNKEYED = List.of(
            Named.of("ToggleExecutor(2), independent plain tasks", () -> ToggleExecutor.builder(star(4), 2)
                    .plainTasks(ToggleExecutor.PlainTasks.INDEPENDENT).build()));

    static Stream<Named<Supplier<KeyedExecutorService>>> keyedExecutors() {
        return LOCUS.stream();
    }

    /** The locus executors and the JDK control. */
    static Stream<Named<Supplier<ExecutorService>>> executors() {
        Supplier<ExecutorService> control = () -> new ThreadPoolExecutor(2, 2, 0, MILLISECONDS, new LinkedBlockingQueue<>());
        return Stream.of(
                        LOCUS.stream().map(n -> Named.<Supplier<ExecutorService>>of(n.getName(), n.getPayload()::get)),
                        UNKEYED.stream(),
                        Stream.of(Named.of("ThreadPoolExecutor(2, 2) [JDK control]", control)))
                .flatMap(s -> s);
    }

    /** A root with {@code leaves} leaves. */
    private static Hierarchy star(int leaves) {
        Hierarchy.Builder b = Hierarchy.builder();
        int root = b.node();
        for (int i = 0; i < leaves; i++) {
            b.edge(root, b.node());
        }
        return b.build();
    }

    private static Named<Supplier<KeyedExecutorService>> locus(String name, Supplier<KeyedExecutorService> factory) {
        return Named.of(name, factory);
    }

    private <E extends ExecutorService> E open(Supplier<E> factory) {
        E executor = factory.get();
        opened.add(executor);
        return executor;
    }

    @AfterEach
    @Timeout(value = 30, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void shutDownEverything() throws InterruptedException {
        for (ExecutorService executor : opened) {
            executor.shutdownNow();
        }
        for (ExecutorService executor : opened) {
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS),
                    "cleanup: " + executor + " did not terminate after shutdownNow()");
        }
    }

    // ---------------------------------------------------------------- results

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void submitCallableYieldsItsResult(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        Future<String> future = executor.submit(() -> "result");
        assertEquals("result", future.get(WAIT_S, SECONDS));
        assertTrue(future.isDone());
        assertFalse(future.isCancelled());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void submitRunnableRunsItAndYieldsNull(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        AtomicBoolean ran = new AtomicBoolean();
        Runnable task = () -> ran.set(true);
        Future<?> future = executor.submit(task);
        assertNull(future.get(WAIT_S, SECONDS));
        assertTrue(ran.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void submitRunnableWithResultYieldsThatResult(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        AtomicBoolean ran = new AtomicBoolean();
        Object result = new Object();
        Future<Object> future = executor.submit(() -> ran.set(true), result);
        assertSame(result, future.get(WAIT_S, SECONDS));
        assertTrue(ran.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void executeRunsTheTaskOnAnotherThread(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Thread> runner = new AtomicReference<>();
        executor.execute(() -> {
            runner.set(Thread.currentThread());
            done.countDown();
        });
        await(done, "the executed task to run");
        assertNotSame(Thread.currentThread(), runner.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void manyTasksOneAfterAnotherAllComplete(Supplier<ExecutorService> factory) throws Exception {
        // each task finds its worker idle (spinning, yielding or parked): a lost wake-up fails here
        ExecutorService executor = open(factory);
        for (int i = 0; i < 2_000; i++) {
            int value = i;
            assertEquals(value, executor.submit(() -> value).get(WAIT_S, SECONDS));
            if (i % 500 == 0) {
                Thread.sleep(5); // let the workers reach the park phase
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void taskExceptionIsWrappedInExecutionException(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        IOException checked = new IOException("expected by the test");
        Future<String> callable = executor.submit(() -> {
            throw checked;
        });
        assertFailsWith(checked, callable);
        assertTrue(callable.isDone());

        IllegalStateException unchecked = new IllegalStateException("expected by the test");
        Runnable throwing = () -> {
            throw unchecked;
        };
        Future<?> runnable = executor.submit(throwing);
        assertFailsWith(unchecked, runnable);
    }

    /** The future completes exceptionally, wrapping exactly {@code cause}. */
    private static void assertFailsWith(Throwable cause, Future<?> future) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_S, SECONDS));
        assertSame(cause, e.getCause());
    }

    // ---------------------------------------------------------------- invokeAll / invokeAny

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void invokeAllReturnsDoneFuturesInTaskOrder(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            int value = i;
            int delayMs = (10 - i) * 3; // early tasks finish last
            tasks.add(() -> {
                Thread.sleep(delayMs);
                return value;
            });
        }
        List<Future<Integer>> futures = executor.invokeAll(tasks);
        assertEquals(tasks.size(), futures.size());
        for (int i = 0; i < futures.size(); i++) {
            assertTrue(futures.get(i).isDone(), "future " + i + " not done when invokeAll returned");
            assertEquals(i, futures.get(i).get());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void timedInvokeAllCancelsUnfinishedTasksAtTheDeadline(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        Callable<String> quick = () -> "quick";
        Callable<String> stuck = () -> {
            try {
                never.await(WAIT_S, SECONDS);
                return "stuck task was not cancelled";
            } catch (InterruptedException e) {
                interrupted.countDown();
                throw e;
            }
        };
        long timeoutMs = 300;
        long start = System.nanoTime();
        List<Future<String>> futures = executor.invokeAll(List.of(quick, stuck), timeoutMs, MILLISECONDS);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;

        assertEquals(2, futures.size());
        assertTrue(futures.get(0).isDone() && futures.get(1).isDone(), "all futures must be done");
        assertEquals("quick", futures.get(0).get());
        assertTrue(futures.get(1).isCancelled(), "the unfinished task must be cancelled at the deadline");
        assertTrue(elapsedMs >= timeoutMs - 1 && elapsedMs < timeoutMs + 5_000,
                "invokeAll(" + timeoutMs + " ms) returned after " + elapsedMs + " ms");
        await(interrupted, "the cancelled running task to be interrupted");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void invokeAnyReturnsTheSuccessfulResultWhenOthersFail(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        Callable<String> failing = () -> {
            throw new IllegalStateException("expected by the test");
        };
        Callable<String> slowFailing = () -> {
            Thread.sleep(20);
            throw new IllegalStateException("expected by the test");
        };
        assertEquals("ok", executor.invokeAny(List.of(failing, slowFailing, () -> "ok", failing)));
        assertEquals("ok", executor.invokeAny(List.of(failing, () -> "ok"), WAIT_S, SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void invokeAnyReturnsOneOfTheResults(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            int value = i;
            tasks.add(() -> value);
        }
        int result = executor.invokeAny(tasks);
        assertTrue(result >= 0 && result < 5, "invokeAny returned " + result);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void invokeAnyThrowsExecutionExceptionWhenAllFail(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        Set<Throwable> thrown = identitySet();
        List<Callable<String>> tasks = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            IllegalStateException failure = new IllegalStateException("expected by the test " + i);
            thrown.add(failure);
            tasks.add(() -> {
                throw failure;
            });
        }
        ExecutionException e = assertThrows(ExecutionException.class, () -> executor.invokeAny(tasks));
        assertTrue(thrown.contains(e.getCause()), "cause should be one of the task failures, was " + e.getCause());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void timedInvokeAnyTimesOutWhenNoTaskFinishes(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        CountDownLatch never = new CountDownLatch(1);
        Callable<String> stuck = () -> {
            never.await(WAIT_S, SECONDS);
            return "stuck";
        };
        assertThrows(TimeoutException.class, () -> executor.invokeAny(List.of(stuck, stuck), 200, MILLISECONDS));
    }

    // ---------------------------------------------------------------- shutdown

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void shutdownRejectsNewTasksButRunsQueuedOnes(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        WorkerBlocker blocker = new WorkerBlocker(2);
        blocker.occupy(executor);
        int queued = 6;
        CountDownLatch queuedRan = new CountDownLatch(queued);
        for (int i = 0; i < queued; i++) {
            executor.execute(queuedRan::countDown);
        }

        executor.shutdown();
        assertThrows(RejectedExecutionException.class, () -> executor.execute(() -> { }));
        assertThrows(RejectedExecutionException.class, () -> executor.submit(() -> "late"));
        assertThrows(RejectedExecutionException.class, () -> executor.submit(() -> { }, "late"));
        assertTrue(executor.isShutdown());
        assertFalse(executor.isTerminated());
        assertEquals(queued, queuedRan.getCount(), "queued tasks ran while the workers were blocked");

        blocker.release();
        await(queuedRan, "tasks queued before shutdown() to run");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(0, blocker.interrupts(), "shutdown() must not interrupt running tasks");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void shutdownNowReturnsExactlyTheNeverStartedTasks(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        WorkerBlocker blocker = new WorkerBlocker(2);
        blocker.occupy(executor);
        AtomicInteger ran = new AtomicInteger();
        Set<Object> queued = identitySet();
        for (int i = 0; i < 6; i++) {
            Runnable task = new NamedTask("queued-" + i, ran::incrementAndGet);
            executor.execute(task);
            queued.add(task);
        }
        for (int i = 0; i < 3; i++) {
            Callable<Integer> task = ran::incrementAndGet;
            queued.add(executor.submit(task));
        }

        List<Runnable> returned = executor.shutdownNow();

        Set<Object> returnedSet = identitySet();
        returnedSet.addAll(returned);
        assertEquals(returned.size(), returnedSet.size(), "shutdownNow() returned a task twice: " + returned);
        Set<Object> missing = identitySet();
        missing.addAll(queued);
        missing.removeAll(returnedSet);
        Set<Object> extra = identitySet();
        extra.addAll(returnedSet);
        extra.removeAll(queued);
        assertTrue(missing.isEmpty() && extra.isEmpty(),
                "shutdownNow() must return exactly the queued tasks; missing " + missing + ", unexpected " + extra);
        blocker.awaitInterrupts("running tasks to be interrupted by shutdownNow()");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(0, ran.get(), "tasks returned by shutdownNow() must not run");
        assertTrue(executor.shutdownNow().isEmpty(), "a second shutdownNow() has nothing left to return");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void awaitTerminationHonoursOneOverallDeadline(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        WorkerBlocker blocker = new WorkerBlocker(2); // both workers busy: a per-worker wait would take 2x
        blocker.occupy(executor);
        executor.shutdown();

        long timeoutMs = 1_000;
        long slackMs = 800; // generous, yet below a second full timeout
        long start = System.nanoTime();
        boolean terminated = executor.awaitTermination(timeoutMs, MILLISECONDS);
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;

        assertFalse(terminated, "terminated while tasks were still running");
        assertTrue(elapsedMs >= timeoutMs && elapsedMs <= timeoutMs + slackMs,
                "awaitTermination(" + timeoutMs + " ms) returned after " + elapsedMs + " ms");
        blocker.release();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void awaitTerminationWithoutShutdownTimesOut(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        long start = System.nanoTime();
        assertFalse(executor.awaitTermination(100, MILLISECONDS));
        assertTrue(System.nanoTime() - start >= MILLISECONDS.toNanos(100));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void lifecycleGoesFromRunningToShutdownToTerminated(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        assertFalse(executor.isShutdown());
        assertFalse(executor.isTerminated());

        WorkerBlocker blocker = new WorkerBlocker(1);
        blocker.occupy(executor);
        executor.shutdown();
        assertTrue(executor.isShutdown());
        assertFalse(executor.isTerminated(), "terminated while a task is running");

        blocker.release();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertTrue(executor.isShutdown());
        assertTrue(executor.isTerminated());

        executor.shutdown(); // idempotent
        assertTrue(executor.isTerminated());
        assertTrue(executor.awaitTermination(0, MILLISECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void idleExecutorTerminatesPromptlyAfterShutdown(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        executor.submit(() -> "warm up").get(WAIT_S, SECONDS);
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertTrue(executor.isTerminated());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void interruptOfACancelledTaskDoesNotLeakIntoLaterTasks(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        Future<?> cancelled = executor.submit(() -> {
            started.countDown();
            try {
                never.await(WAIT_S, SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // well-behaved tasks restore the status
            }
        });
        await(started, "the task to start");
        assertTrue(cancelled.cancel(true));

        List<Future<Boolean>> probes = new ArrayList<>();
        for (int i = 0; i < 6; i++) { // reaches every worker, the interrupted one included
            probes.add(executor.submit(() -> Thread.currentThread().isInterrupted()));
        }
        for (Future<Boolean> probe : probes) {
            assertFalse(probe.get(WAIT_S, SECONDS), "a later task started with its interrupt status set");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void aTaskThatLeavesItsInterruptSetDoesNotMakeItsIdleWorkerSpin(Supplier<ExecutorService> factory)
            throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled(), "no thread CPU time");
        ExecutorService executor = open(factory);
        Thread worker = executor.submit(() -> {
            Thread.currentThread().interrupt(); // e.g. a task that restored an interrupt it caught
            return Thread.currentThread();
        }).get(WAIT_S, SECONDS);
        Thread.sleep(100); // past any spin/yield phase of the idle strategy
        long before = threads.getThreadCpuTime(worker.getId());
        Thread.sleep(500);
        long burnedMs = (threads.getThreadCpuTime(worker.getId()) - before) / 1_000_000;
        assertTrue(burnedMs < 150, "an idle worker used " + burnedMs + " ms of CPU in 500 ms");
        assertFalse(executor.submit(() -> Thread.currentThread().isInterrupted()).get(WAIT_S, SECONDS));
    }

    // ---------------------------------------------------------------- close

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void closeRunsQueuedTasksThenTerminates(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        assumeTrue(executor instanceof AutoCloseable, "ExecutorService is AutoCloseable from JDK 19");
        AtomicInteger ran = new AtomicInteger();
        for (int i = 0; i < 8; i++) {
            executor.execute(() -> {
                sleepQuietly(20);
                ran.incrementAndGet();
            });
        }
        ((AutoCloseable) executor).close();
        assertTrue(executor.isTerminated(), "close() returned before termination");
        assertEquals(8, ran.get(), "close() must let queued tasks run");
        ((AutoCloseable) executor).close(); // idempotent
        assertThrows(RejectedExecutionException.class, () -> executor.execute(() -> { }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void closeWhenInterruptedStopsTheTasksAndKeepsTheInterrupt(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        assumeTrue(executor instanceof AutoCloseable, "ExecutorService is AutoCloseable from JDK 19");
        WorkerBlocker blocker = new WorkerBlocker(2);
        blocker.occupy(executor);
        AtomicInteger queuedRan = new AtomicInteger();
        for (int i = 0; i < 4; i++) {
            executor.execute(queuedRan::incrementAndGet);
        }

        Thread.currentThread().interrupt();
        boolean interruptKept;
        try {
            ((AutoCloseable) executor).close();
        } finally {
            interruptKept = Thread.interrupted();
        }
        assertTrue(interruptKept, "close() must re-assert the caller's interrupt");
        assertTrue(executor.isTerminated(), "close() returned before termination");
        assertEquals(2, blocker.interrupts(), "an interrupted close() must interrupt running tasks (shutdownNow)");
        assertEquals(0, queuedRan.get(), "an interrupted close() must drop queued tasks (shutdownNow)");
    }

    // ---------------------------------------------------------------- bad arguments, failing tasks

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void nullArgumentsThrowNullPointerException(Supplier<ExecutorService> factory) throws Exception {
        ExecutorService executor = open(factory);
        Callable<String> ok = () -> "ok";
        assertThrows(NullPointerException.class, () -> executor.execute(null));
        assertThrows(NullPointerException.class, () -> executor.submit((Callable<?>) null));
        assertThrows(NullPointerException.class, () -> executor.submit((Runnable) null));
        assertThrows(NullPointerException.class, () -> executor.submit(null, "result"));
        assertThrows(NullPointerException.class, () -> executor.invokeAll(null));
        assertThrows(NullPointerException.class, () -> executor.invokeAll(Arrays.asList(ok, null)));
        assertThrows(NullPointerException.class, () -> executor.invokeAny(null));
        // only an element "subject to execution" must be checked: put the null where it is
        assertThrows(NullPointerException.class, () -> executor.invokeAny(Arrays.asList(null, ok)));
        assertEquals("ok", executor.submit(ok).get(WAIT_S, SECONDS), "still usable after the NPEs");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void runtimeExceptionsInTasksDoNotReduceCapacity(Supplier<ExecutorService> factory) throws Exception {
        throwingTasksDoNotReduceCapacity(factory, i -> new TaskFailure("expected by the test " + i));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void errorsInTasksDoNotReduceCapacity(Supplier<ExecutorService> factory) throws Exception {
        throwingTasksDoNotReduceCapacity(factory, i -> new TaskError("expected by the test " + i));
    }

    private void throwingTasksDoNotReduceCapacity(Supplier<ExecutorService> factory, IntFunction<Throwable> failure)
            throws Exception {
        try (RecordingDefaultHandler handler = new RecordingDefaultHandler()) {
            ExecutorService executor = open(factory);
            int failing = 10;
            Set<Throwable> thrown = identitySet();
            CountDownLatch attempted = new CountDownLatch(failing);
            for (int i = 0; i < failing; i++) {
                Throwable t = failure.apply(i);
                thrown.add(t);
                executor.execute(() -> {
                    attempted.countDown();
                    throwUnchecked(t);
                });
            }
            await(attempted, "the throwing tasks to run");

            CyclicBarrier both = new CyclicBarrier(2);
            CountDownLatch met = new CountDownLatch(2);
            for (int i = 0; i < 2; i++) {
                executor.execute(() -> {
                    try {
                        both.await(WAIT_S / 2, SECONDS);
                        met.countDown();
                    } catch (Exception e) {
                        // met stays short: reported below
                    }
                });
            }
            assertTrue(met.await(WAIT_S, SECONDS),
                    "after " + failing + " throwing tasks, two tasks no longer run at the same time: a worker was lost");

            handler.awaitCount(failing);
            Set<Throwable> seen = identitySet();
            seen.addAll(handler.seen);
            assertEquals(failing, handler.seen.size(), "each throwable reported once: " + handler.seen);
            assertEquals(thrown, seen, "the throwables should reach the uncaught-exception handler");
        }
    }

    // ---------------------------------------------------------------- keyed (locus only)

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyedExecutors")
    void keyedExecuteAndSubmitRunTheTask(Supplier<KeyedExecutorService> factory) throws Exception {
        KeyedExecutorService executor = open(factory);
        assertEquals(2, executor.workers());
        CountDownLatch executed = new CountDownLatch(1);
        executor.execute(42, executed::countDown);
        await(executed, "execute(key, task) to run the task");

        assertEquals("value", executor.submit(42, () -> "value").get(WAIT_S, SECONDS));
        AtomicBoolean ran = new AtomicBoolean();
        Runnable runnable = () -> ran.set(true);
        assertNull(executor.submit(42, runnable).get(WAIT_S, SECONDS));
        assertTrue(ran.get());

        IOException failure = new IOException("expected by the test");
        Future<String> failing = executor.submit(7, () -> {
            throw failure;
        });
        assertFailsWith(failure, failing);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyedExecutors")
    void keyedTasksAreRejectedAfterShutdown(Supplier<KeyedExecutorService> factory) throws Exception {
        KeyedExecutorService executor = open(factory);
        executor.shutdown();
        assertThrows(RejectedExecutionException.class, () -> executor.execute(1, () -> { }));
        assertThrows(RejectedExecutionException.class, () -> executor.submit(1, () -> "late"));
        Runnable late = () -> { };
        assertThrows(RejectedExecutionException.class, () -> executor.submit(1, late));
        assertThrows(RejectedExecutionException.class, () -> executor.execute(new KeyedTask(1, late)));
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyedExecutors")
    void keyedNullTasksThrowNullPointerException(Supplier<KeyedExecutorService> factory) {
        KeyedExecutorService executor = open(factory);
        assertThrows(NullPointerException.class, () -> executor.execute(1, null));
        assertThrows(NullPointerException.class, () -> executor.submit(1, (Callable<?>) null));
        assertThrows(NullPointerException.class, () -> executor.submit(1, (Runnable) null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyedExecutors")
    void closeFromAWorkerStartsShutdownAndReturns(Supplier<KeyedExecutorService> factory) throws Exception {
        KeyedExecutorService executor = open(factory);
        CountDownLatch closeReturned = new CountDownLatch(1);
        executor.execute(() -> {
            executor.close();
            closeReturned.countDown();
        });
        await(closeReturned, "close() called from a worker to return");
        assertTrue(executor.isShutdown());
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keyedExecutors")
    void keysOutsideTheRouterRangeAreAccepted(Supplier<KeyedExecutorService> factory) throws Exception {
        KeyedExecutorService executor = open(factory);
        for (long key : new long[] {Long.MIN_VALUE, -1, 1024, Integer.MAX_VALUE + 1L, Long.MAX_VALUE}) {
            assertEquals(key, executor.submit(key, () -> key).get(WAIT_S, SECONDS), "key " + key);
        }
    }

    @Test
    void keyedTaskGivenToExecuteIsRoutedByItsKey() throws Exception {
        KeyedExecutorService executor = open(() -> LocusExecutors.fixedRange(2, 0, 1023));
        Set<Thread> low = ConcurrentHashMap.newKeySet();
        Set<Thread> high = ConcurrentHashMap.newKeySet();
        int perRun = 5;
        CountDownLatch done = new CountDownLatch(4 * perRun);
        // runs of one key, so that round-robin placement would spread a key over both workers
        for (int run = 0; run < 2; run++) {
            for (int i = 0; i < perRun; i++) {
                executor.execute(new KeyedTask(0, () -> {
                    low.add(Thread.currentThread());
                    done.countDown();
                }));
            }
            for (int i = 0; i < perRun; i++) {
                executor.execute(new KeyedTask(1023, () -> {
                    high.add(Thread.currentThread());
                    done.countDown();
                }));
            }
        }
        await(done, "the keyed tasks to run");
        assertEquals(1, low.size(), "key 0 ran on several threads: " + low);
        assertEquals(1, high.size(), "key 1023 ran on several threads: " + high);
        assertFalse(low.equals(high), "keys 0 and 1023 should run on different workers");
        assertEquals(low, Set.of(threadOf(executor, 0)), "execute(Keyed) and execute(key, task) disagree");
        assertEquals(high, Set.of(threadOf(executor, 1023)), "execute(Keyed) and execute(key, task) disagree");
    }

    @Test
    void keyedTaskGivenToSubmitIsRoutedByItsKey() throws Exception {
        // Keyed's javadoc: "so that a plain execute(Runnable) or submit can place it"
        KeyedExecutorService executor = open(() -> LocusExecutors.fixedRange(2, 0, 1023));
        Thread low = threadOf(executor, 0);
        Thread high = threadOf(executor, 1023);
        assertNotSame(low, high);
        for (int i = 0; i < 4; i++) {
            assertSame(low, executor.submit(new KeyedCallable(0)).get(WAIT_S, SECONDS), "submit(Keyed Callable)");
        }
        for (int i = 0; i < 4; i++) {
            assertSame(high, executor.submit(new KeyedCallable(1023)).get(WAIT_S, SECONDS), "submit(Keyed Callable)");
        }
        for (int i = 0; i < 4; i++) {
            AtomicReference<Thread> runner = new AtomicReference<>();
            executor.submit(new KeyedTask(1023, () -> runner.set(Thread.currentThread()))).get(WAIT_S, SECONDS);
            assertSame(high, runner.get(), "submit(Keyed Runnable)");
        }
    }

    @Test
    void tasksWithOneKeyRunOnOneThread() throws Exception {
        KeyedExecutorService executor = open(() -> LocusExecutors.fixedRange(2, 0, 1023));
        Set<Thread> low = ConcurrentHashMap.newKeySet();
        Set<Thread> high = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(20);
        for (int i = 0; i < 10; i++) {
            executor.execute(0, () -> {
                low.add(Thread.currentThread());
                done.countDown();
            });
        }
        for (int i = 0; i < 10; i++) {
            executor.execute(1023, () -> {
                high.add(Thread.currentThread());
                done.countDown();
            });
        }
        await(done, "the keyed tasks to run");
        assertEquals(1, low.size(), "key 0 ran on several threads: " + low);
        assertEquals(1, high.size(), "key 1023 ran on several threads: " + high);
        assertFalse(low.equals(high), "keys 0 and 1023 should run on different workers of fixedRange(2, 0, 1023)");
    }

    // ---------------------------------------------------------------- helpers

    private static Thread threadOf(KeyedExecutorService executor, long key) throws Exception {
        return executor.submit(key, Thread::currentThread).get(WAIT_S, SECONDS);
    }

    private static void await(CountDownLatch latch, String what) throws InterruptedException {
        assertTrue(latch.await(WAIT_S, SECONDS), "timed out after " + WAIT_S + " s waiting for " + what);
    }

    private static <T> Set<T> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void throwUnchecked(Throwable t) {
        if (t instanceof RuntimeException e) {
            throw e;
        }
        throw (Error) t;
    }

    /**
     * Occupies {@code n} workers with tasks that wait for {@link #release()}; they count the
     * interrupts they see. Relies on consecutive plain {@code execute} calls going to different
     * workers (round-robin for tasks without a key).
     */
    static final class WorkerBlocker {

        private final int n;
        private final CountDownLatch started;
        private final CountDownLatch released = new CountDownLatch(1);
        private final CountDownLatch interrupted;
        private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

        WorkerBlocker(int n) {
            this.n = n;
            this.started = new CountDownLatch(n);
            this.interrupted = new CountDownLatch(n);
        }

        void occupy(ExecutorService executor) throws InterruptedException {
            for (int i = 0; i < n; i++) {
                executor.execute(new NamedTask("blocker-" + i, () -> {
                    threads.add(Thread.currentThread());
                    started.countDown();
                    try {
                        released.await(WAIT_S, SECONDS);
                    } catch (InterruptedException e) {
                        interrupted.countDown();
                    }
                }));
            }
            await(started, n + " blocking tasks to start on distinct workers");
            assertEquals(n, threads.size(), "blocking tasks share a thread");
        }

        void release() {
            released.countDown();
        }

        long interrupts() {
            return n - interrupted.getCount();
        }

        void awaitInterrupts(String what) throws InterruptedException {
            await(interrupted, what);
        }
    }

    /** A runnable with a name, so that assertion messages about task lists read well. */
    static final class NamedTask implements Runnable {

        private final String name;
        private final Runnable body;

        NamedTask(String name, Runnable body) {
            this.name = name;
            this.body = body;
        }

        @Override
        public void run() {
            body.run();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A runnable that names its key. */
    static final class KeyedTask implements Runnable, Keyed {

        private final long key;
        private final Runnable body;

        KeyedTask(long key, Runnable body) {
            this.key = key;
            this.body = body;
        }

        @Override
        public long key() {
            return key;
        }

        @Override
        public void run() {
            body.run();
        }
    }

    /** A callable that names its key and returns the thread it ran on. */
    static final class KeyedCallable implements Callable<Thread>, Keyed {

        private final long key;

        KeyedCallable(long key) {
            this.key = key;
        }

        @Override
        public long key() {
            return key;
        }

        @Override
        public Thread call() {
            return Thread.currentThread();
        }
    }

    static final class TaskFailure extends RuntimeException {

        private static final long serialVersionUID = 1L;

        TaskFailure(String message) {
            super(message, null, false, false);
        }
    }

    static final class TaskError extends Error {

        private static final long serialVersionUID = 1L;

        TaskError(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Installs a default uncaught-exception handler that records instead of printing, so the
     * throwing-task tests assert where the throwables went and keep the build log clean.
     */
    static final class RecordingDefaultHandler implements AutoCloseable {

        private final Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        final Queue<Throwable> seen = new ConcurrentLinkedQueue<>();

        RecordingDefaultHandler() {
            Thread.setDefaultUncaughtExceptionHandler((thread, e) -> seen.add(e));
        }

        void awaitCount(int count) throws InterruptedException {
            long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
            while (seen.size() < count && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        }

        @Override
        public void close() {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
    }
}
