package dev.locus.toggle;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@code ExecutorService} promises as they apply to Toggle: every task runs once, is returned
 * by {@code shutdownNow}, or is rejected (raced against shutdowns, through every way in); tasks
 * that never started come back, including one that waits for the buckets it spans; running tasks
 * are interrupted; a throwing task leaves its worker alive; bad input is refused.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ToggleLifecycleTest {

    private static final long WAIT_S = 10;
    private static final int ROUNDS = 150;
    private static final int PRODUCERS = 2;
    private static final int TASKS_PER_PRODUCER = 400;

    private final Hierarchy h = TestHierarchies.tree(4, 3);
    private final int[] c = h.children(h.root());
    private final List<ToggleExecutor> opened = new ArrayList<>();

    @AfterEach
    void shutDown() throws InterruptedException {
        for (ToggleExecutor executor : opened) {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS), "cleanup: " + executor + " did not terminate");
        }
    }

    private ToggleExecutor open(ToggleExecutor.Builder builder) {
        ToggleExecutor executor = builder.build();
        opened.add(executor);
        return executor;
    }

    // ---------------------------------------------------------------- exactly once

    @Test
    void everyTaskRunsOnceOrIsReturnedOrIsRejected() throws Exception {
        SplittableRandom seeds = new SplittableRandom(0x70661E);
        long[] totals = new long[3];
        for (int round = 0; round < ROUNDS; round++) {
            long[] outcome = round(round, seeds.nextLong());
            for (int i = 0; i < 3; i++) {
                totals[i] += outcome[i];
            }
        }
        assertTrue(totals[0] > 0 && totals[1] > 0 && totals[2] > 0, "ran " + totals[0] + ", returned " + totals[1]
                + ", rejected " + totals[2] + ": some way out never occurred, the rounds do not exercise the races");
    }

    /** One executor raced by producers and a stopper; returns {ran, returned, rejected}. */
    private long[] round(int round, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        int workers = 1 + random.nextInt(4);
        ToggleExecutor.Builder builder = ToggleExecutor.builder(h, workers).stealing(random.nextBoolean())
                .threshold(1 + random.nextInt(8)).delayThreshold(1 + random.nextInt(8))
                .plainTasks(random.nextBoolean() ? ToggleExecutor.PlainTasks.EXCLUSIVE
                        : ToggleExecutor.PlainTasks.INDEPENDENT);
        if (random.nextBoolean()) {
            ReentrantReadWriteLock coarse = new ReentrantReadWriteLock();
            builder.lockManager(locks -> {
                var lock = locks.hasWrite() ? coarse.writeLock() : coarse.readLock();
                lock.lock(); // not interruptible: a task whose locks fail does not run, and is not counted
                return lock::unlock;
            });
        }
        ToggleExecutor executor = builder.build();
        String what = "round " + round + " (seed " + seed + ", " + executor + ")";
        int tasks = PRODUCERS * TASKS_PER_PRODUCER;
        AtomicIntegerArray ran = new AtomicIntegerArray(tasks);
        AtomicIntegerArray rejected = new AtomicIntegerArray(tasks);
        Map<Future<?>, Integer> futures = Collections.synchronizedMap(new IdentityHashMap<>());
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * TASKS_PER_PRODUCER;
            long producerSeed = random.nextLong();
            Thread t = new Thread(() -> produce(executor, first, producerSeed, ran, rejected, futures, go));
            t.start();
            producers.add(t);
        }
        go.countDown();
        Thread.sleep(random.nextInt(3));
        List<Runnable> returned = new ArrayList<>();
        switch (random.nextInt(3)) {
            case 0 -> executor.shutdown();
            case 1 -> returned.addAll(executor.shutdownNow());
            default -> {
                executor.shutdown();
                returned.addAll(executor.shutdownNow());
            }
        }
        for (Thread t : producers) {
            t.join(SECONDS.toMillis(WAIT_S));
            assertFalse(t.isAlive(), what + ": a producer is stuck");
        }
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS), what + ": did not terminate");

        int[] returnedCount = new int[tasks];
        for (Runnable r : returned) {
            returnedCount[idOf(r, futures)]++;
        }
        long[] outcome = new long[3];
        for (int id = 0; id < tasks; id++) {
            int ways = ran.get(id) + returnedCount[id] + rejected.get(id);
            assertEquals(1, ways, what + ": task " + id + " ran " + ran.get(id) + " times, was returned "
                    + returnedCount[id] + " times and rejected " + rejected.get(id) + " times");
            outcome[0] += ran.get(id);
            outcome[1] += returnedCount[id];
            outcome[2] += rejected.get(id);
        }
        assertEquals(outcome[0], executor.stats().executed(), what + ": the workers' counters disagree");
        return outcome;
    }

    /** Submits tasks {@code first ...} through every way in, in random order of ways. */
    private void produce(ToggleExecutor executor, int first, long seed, AtomicIntegerArray ran,
                         AtomicIntegerArray rejected, Map<Future<?>, Integer> futures, CountDownLatch go) {
        SplittableRandom random = new SplittableRandom(seed);
        try {
            go.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        for (int id = first; id < first + TASKS_PER_PRODUCER; id++) {
            Counted task = new Counted(id, ran);
            LockSet locks = TestHierarchies.randomLockSet(h, random, 16);
            try {
                switch (random.nextInt(6)) {
                    case 0 -> executor.execute(new HierarchicalTask(locks, task));
                    case 5 -> executor.execute(locks, task);
                    case 1 -> futures.put(executor.submit(locks, () -> {
                        task.run();
                        return task.id;
                    }), id);
                    case 2 -> executor.execute(task);
                    case 3 -> futures.put(executor.submit((Callable<Integer>) () -> {
                        task.run();
                        return task.id;
                    }), id);
                    default -> futures.put(executor.submit(new HierarchicalTask(locks, task)), id);
                }
            } catch (RejectedExecutionException e) {
                rejected.incrementAndGet(id);
            }
        }
    }

    private static int idOf(Runnable returned, Map<Future<?>, Integer> futures) {
        if (returned instanceof HierarchicalTask t) {
            return ((Counted) t.operation()).id;
        }
        if (returned instanceof Counted t) {
            return t.id;
        }
        Integer id = futures.get(returned);
        if (id == null) {
            throw new AssertionError("shutdownNow returned something never submitted: " + returned);
        }
        return id;
    }

    private static final class Counted implements Runnable {

        final int id;
        private final AtomicIntegerArray ran;

        Counted(int id, AtomicIntegerArray ran) {
            this.id = id;
            this.ran = ran;
        }

        @Override
        public void run() {
            ran.incrementAndGet(id);
        }
    }

    // ---------------------------------------------------------------- shutdownNow

    @Test
    void shutdownNowInterruptsRunningTasksAndReturnsTheRestIncludingOneWaitingForItsBuckets() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 4));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        executor.execute(new HierarchicalTask(LockSet.of(h, c[1], LockMode.WRITE), () -> {
            started.countDown();
            try {
                new CountDownLatch(1).await(WAIT_S, SECONDS);
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        }));
        assertTrue(started.await(WAIT_S, SECONDS));
        AtomicBoolean anyRan = new AtomicBoolean();
        HierarchicalTask spanning = new HierarchicalTask(LockSet.on(h).read(c[0]).read(c[1]).build(),
                () -> anyRan.set(true)); // bucket 0's host takes it and waits for bucket 1
        HierarchicalTask queued = new HierarchicalTask(LockSet.of(h, h.children(c[1])[0], LockMode.READ),
                () -> anyRan.set(true));
        Future<?> future = executor.submit(LockSet.of(h, c[1], LockMode.READ), () -> anyRan.set(true));
        executor.execute(spanning);
        executor.execute(queued);
        Thread.sleep(50); // let bucket 0's host start waiting for bucket 1

        List<Runnable> returned = executor.shutdownNow();
        assertTrue(interrupted.await(WAIT_S, SECONDS), "the running task was not interrupted");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(3, returned.size(), "returned " + returned);
        assertTrue(returned.contains(spanning) && returned.contains(queued) && returned.contains(future));
        assertFalse(anyRan.get(), "a returned task ran");
        assertFalse(future.isDone());
        assertTrue(executor.shutdownNow().isEmpty(), "a second shutdownNow() has nothing left");
        assertThrows(RejectedExecutionException.class, () -> executor.execute(spanning));
    }

    @Test
    void aRequeuedTaskRunsAgainLaterOrComesBackFromShutdownNowItself() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 1));
        LockSet locks = LockSet.of(h, c[2], LockMode.WRITE);
        AtomicIntegerArray runs = new AtomicIntegerArray(1);
        CountDownLatch done = new CountDownLatch(1);
        Runnable again = new Runnable() {
            @Override
            public void run() {
                if (runs.incrementAndGet(0) < 3) {
                    assertTrue(executor.requeue(locks, this));
                } else {
                    done.countDown();
                }
            }
        };
        executor.execute(locks, again);
        assertTrue(done.await(WAIT_S, SECONDS));
        assertEquals(3, runs.get(0), "ran once, then once per requeue");
        assertFalse(executor.requeue(locks, again), "requeued from a thread that is no worker");

        CountDownLatch blocking = new CountDownLatch(1);
        AtomicBoolean requeued = new AtomicBoolean();
        Runnable neverRuns = () -> runs.incrementAndGet(0);
        executor.execute(LockSet.of(h, c[0], LockMode.READ), () -> {
            requeued.set(executor.requeue(locks, neverRuns));
            blocking.countDown();
            try {
                new CountDownLatch(1).await(WAIT_S, SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runnable queued = () -> runs.incrementAndGet(0);
        executor.execute(locks, queued);
        assertTrue(blocking.await(WAIT_S, SECONDS));
        assertTrue(requeued.get(), "a worker requeues");

        List<Runnable> returned = executor.shutdownNow();
        assertEquals(2, returned.size(), "returned " + returned);
        assertTrue(returned.contains(neverRuns) && returned.contains(queued), "the tasks themselves come back");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(3, runs.get(0), "a returned task ran");
    }

    @Test
    void aTaskRequeuedAfterShutdownIsLeftToItsWorker() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2));
        LockSet locks = LockSet.of(h, c[1], LockMode.READ);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch shutDown = new CountDownLatch(1);
        Future<Boolean> requeued = executor.submit(locks, () -> {
            running.countDown();
            assertTrue(shutDown.await(WAIT_S, SECONDS));
            return executor.requeue(locks, () -> { });
        });
        assertTrue(running.await(WAIT_S, SECONDS));
        executor.shutdown();
        shutDown.countDown();
        assertFalse(requeued.get(WAIT_S, SECONDS), "nothing is queued once shutdown has begun");
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    @Test
    void aTaskInterruptedWhileTakingItsLocksFailsWithoutRunning() throws Exception {
        CountDownLatch locking = new CountDownLatch(1);
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2).lockManager(locks -> {
            locking.countDown();
            new CountDownLatch(1).await(); // a lock that is never granted
            throw new AssertionError("unreachable");
        }));
        AtomicBoolean ran = new AtomicBoolean();
        Future<String> future = executor.submit(LockSet.of(h, c[2], LockMode.WRITE), () -> {
            ran.set(true);
            return "ran";
        });
        assertTrue(locking.await(WAIT_S, SECONDS));
        assertTrue(executor.shutdownNow().isEmpty());
        ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(WAIT_S, SECONDS));
        assertInstanceOf(InterruptedException.class, e.getCause());
        assertFalse(ran.get());
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    // ---------------------------------------------------------------- failures

    @Test
    void aThrowingTaskIsReportedAndItsWorkerGoesOn() throws Exception {
        Queue<Throwable> reported = new ConcurrentLinkedQueue<>();
        ThreadFactory recording = r -> {
            Thread t = new Thread(r, "recording-worker");
            t.setUncaughtExceptionHandler((thread, e) -> reported.add(e));
            return t;
        };
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 1).threadFactory(recording));
        IllegalStateException failure = new IllegalStateException("expected by the test");
        for (int i = 0; i < 3; i++) {
            executor.execute(new HierarchicalTask(LockSet.of(h, c[i], LockMode.WRITE), () -> {
                throw failure;
            }));
        }
        Future<String> failing = executor.submit(LockSet.of(h, c[0], LockMode.READ), () -> {
            throw new java.io.IOException("expected by the test");
        });
        assertInstanceOf(java.io.IOException.class,
                assertThrows(ExecutionException.class, () -> failing.get(WAIT_S, SECONDS)).getCause());
        Thread worker = executor.submit(LockSet.of(h, c[3], LockMode.READ), Thread::currentThread).get(WAIT_S, SECONDS);
        assertEquals("recording-worker", worker.getName());
        assertEquals(3, reported.size(), "reported " + reported);
        for (Throwable t : reported) {
            assertSame(failure, t);
        }
    }

    @Test
    void closeFromATaskShutsDownAndReturns() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2));
        CountDownLatch closed = new CountDownLatch(1);
        executor.execute(new HierarchicalTask(LockSet.of(h, c[0], LockMode.READ), () -> {
            executor.close();
            closed.countDown();
        }));
        assertTrue(closed.await(WAIT_S, SECONDS));
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        executor.close(); // idempotent
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void badInputIsRefused() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2));
        LockSet ok = LockSet.of(h, c[0], LockMode.READ);
        assertThrows(NullPointerException.class, () -> executor.execute((Runnable) null));
        assertThrows(NullPointerException.class, () -> executor.execute((HierarchicalTask) null));
        assertThrows(NullPointerException.class, () -> executor.submit((LockSet) null, () -> "x"));
        assertThrows(NullPointerException.class, () -> executor.submit(ok, (Callable<?>) null));
        assertThrows(NullPointerException.class, () -> executor.submit(ok, (Runnable) null));
        assertThrows(NullPointerException.class, () -> executor.execute((LockSet) null, () -> { }));
        assertThrows(NullPointerException.class, () -> executor.execute(ok, null));
        assertThrows(NullPointerException.class, () -> executor.requeue(null, () -> { }));
        assertThrows(NullPointerException.class, () -> executor.requeue(ok, null));
        assertThrows(NullPointerException.class, () -> new HierarchicalTask(null, () -> { }));

        Hierarchy other = TestHierarchies.tree(4, 3); // equal in shape, another hierarchy
        LockSet foreign = LockSet.of(other, 1, LockMode.READ);
        assertThrows(IllegalArgumentException.class, () -> executor.execute(new HierarchicalTask(foreign, () -> { })));
        assertThrows(IllegalArgumentException.class, () -> executor.execute((Runnable) new HierarchicalTask(foreign,
                () -> { })));
        assertThrows(IllegalArgumentException.class, () -> executor.submit(foreign, () -> "x"));
        assertThrows(IllegalArgumentException.class, () -> executor.execute(foreign, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> executor.requeue(foreign, () -> { }));
        assertThrows(IllegalArgumentException.class, () -> executor.submit(new HierarchicalTask(foreign, () -> { })));
        assertThrows(IllegalArgumentException.class, () -> LockSet.of(h, h.size(), LockMode.READ));
        assertThrows(IllegalArgumentException.class, () -> LockSet.on(h).build());
        assertEquals("ok", executor.submit(ok, () -> "ok").get(WAIT_S, SECONDS), "still usable");

        assertThrows(IllegalArgumentException.class, () -> ToggleExecutor.builder(h, 0));
        assertThrows(NullPointerException.class, () -> ToggleExecutor.builder(null, 1));
        ToggleExecutor.Builder builder = ToggleExecutor.builder(h, 2);
        assertThrows(IllegalArgumentException.class, () -> builder.threshold(0));
        assertThrows(IllegalArgumentException.class, () -> builder.delayThreshold(0));
        assertThrows(IllegalArgumentException.class, () -> builder.innerBuckets(0));
        assertThrows(IllegalArgumentException.class, () -> builder.sampledRanges(List.of()));
        assertThrows(IllegalArgumentException.class, () -> builder.sampledRanges(List.of(foreign)));
        assertThrows(NullPointerException.class, () -> builder.lockManager(null));
        ThreadFactory broken = r -> null;
        assertThrows(IllegalStateException.class, () -> ToggleExecutor.builder(h, 2).threadFactory(broken).build());

        executor.shutdown();
        assertThrows(RejectedExecutionException.class, () -> executor.execute(new HierarchicalTask(ok, () -> { })));
        assertThrows(RejectedExecutionException.class, () -> executor.submit(ok, () -> "late"));
        assertThrows(RejectedExecutionException.class, () -> executor.submit(ok, () -> { }));
        assertThrows(RejectedExecutionException.class, () -> executor.execute(() -> { }));
        assertThrows(RejectedExecutionException.class, () -> executor.execute(ok, () -> { }));
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
    }

    @Test
    void moreWorkersThanLeavesAndASingleNodeHierarchyWork() throws Exception {
        Hierarchy.Builder b = Hierarchy.builder();
        b.node();
        Hierarchy single = b.build();
        Hierarchy small = TestHierarchies.tree(3, 1); // 3 leaves
        for (Hierarchy hierarchy : List.of(single, small)) {
            ToggleExecutor executor = open(ToggleExecutor.builder(hierarchy, 8));
            List<Future<Integer>> results = new ArrayList<>();
            for (int node = 0; node < hierarchy.size(); node++) {
                for (LockMode mode : LockMode.values()) {
                    int value = node;
                    results.add(executor.submit(LockSet.of(hierarchy, node, mode), () -> value));
                }
            }
            for (int i = 0; i < results.size(); i++) {
                assertEquals(i / 2, results.get(i).get(WAIT_S, SECONDS));
            }
        }
    }
}
