package dev.locus.toggle;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.ElisionReport;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.Mode;
import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import dev.locus.testing.LeafOverlapDetector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ElidedLocking} as a {@link ToggleExecutor}'s lock manager: conflicting tasks never run in
 * LOCK mode at once (random lock sets on a tree and a DAG, checked by a {@link LeafOverlapDetector}),
 * optimistic readers never return what a concurrent writer left half done, every task runs once,
 * {@code shutdownNow} returns exactly the tasks that never started, the report counts what ran, and
 * bad input is refused.
 */
@Timeout(value = 120, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ElidedLockingTest {

    private static final int WORKERS = 4;
    private static final long WAIT_S = 60;

    static Stream<Arguments> hierarchies() {
        return Stream.of(
                Arguments.of("tree", TestHierarchies.tree(4, 5)),
                Arguments.of("DAG", TestHierarchies.dag(4, 5, 64, 5)));
    }

    /**
     * Every run is checked for exclusion and for each task running once. That two tasks ran at
     * once at all, which makes the exclusion check mean something, is checked over up to three
     * runs: on a loaded two-core host the four workers can take turns through a whole run.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hierarchies")
    void conflictingTasksNeverRunInLockModeAtOnce(String name, Hierarchy h) throws Exception {
        int mostAtOnce = 0;
        for (int run = 0; run < 3 && mostAtOnce < 2; run++) {
            mostAtOnce = Math.max(mostAtOnce, runRandomLockSets(name, h, run));
        }
        assertTrue(mostAtOnce > 1, name + ": tasks never ran in parallel, in three runs");
    }

    /** Runs 30,000 tasks with random lock sets and checks them; returns the most that ran at once. */
    private static int runRandomLockSets(String name, Hierarchy h, int run) throws Exception {
        int tasks = 30_000;
        ElidedLocking elided = ElidedLocking.builder(h, 16).policy(ElisionPolicy::adaptive).build();
        LeafOverlapDetector detector = new LeafOverlapDetector(h);
        AtomicIntegerArray ran = new AtomicIntegerArray(tasks);
        ToggleExecutor executor = ToggleExecutor.builder(h, WORKERS).lockManager(elided).build();
        CountDownLatch done = new CountDownLatch(tasks);
        SplittableRandom random = new SplittableRandom(23 + run);
        try {
            for (int i = 0; i < tasks; i++) {
                int id = i;
                LockSet locks = TestHierarchies.randomLockSet(h, random, h.leafCount() / WORKERS);
                executor.execute(new HierarchicalTask(locks, () -> {
                    detector.enter(locks);
                    for (int spin = 0; spin < 20; spin++) {
                        Thread.onSpinWait();
                    }
                    detector.exit(locks);
                    ran.incrementAndGet(id);
                    done.countDown();
                }));
            }
            assertTrue(done.await(WAIT_S, SECONDS), done.getCount() + " tasks did not run");
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        }
        assertEquals(0, detector.conflicts(), name + ": conflicting tasks overlapped");
        for (int i = 0; i < tasks; i++) {
            assertEquals(1, ran.get(i), name + ": task " + i);
        }
        long lockRuns = elided.report().rows().stream().mapToLong(r -> r.mode(Mode.LOCK).successes()).sum();
        assertTrue(lockRuns >= tasks, "every task ran at least one LOCK-mode section: " + lockRuns);
        assertTrue(elided.report().rows().stream().allMatch(r -> r.mode(Mode.SWOPT).attempts() == 0),
                "a plain task ran optimistically:\n" + elided.report());
        return detector.maxConcurrency();
    }

    /**
     * Writers keep {@code a[leaf] == b[leaf]} for the leaves of their lock set, but break it for a
     * while in the middle; optimistic readers of one leaf check it. A reader that returned a broken
     * pair would have used what it read without a valid validation. A writer thread and a reader
     * thread call the manager directly, so that they overlap whatever a scheduler would do.
     */
    @ParameterizedTest(name = "{0} region(s)")
    @ValueSource(ints = {1, 4})
    void optimisticReadersNeverSeeAHalfDoneWrite(int regions) throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3); // 64 leaves
        ElidedLocking elided = ElidedLocking.builder(h, regions).policy(() -> ElisionPolicy.fixed(0, 5)).build();
        // volatile accesses, so that neither side's compiled code merges or reorders a and b
        AtomicIntegerArray a = new AtomicIntegerArray(h.leafCount());
        AtomicIntegerArray b = new AtomicIntegerArray(h.leafCount());
        int reads = 3_000; // below 4,096 executions per granule, where the report counts exactly
        AtomicInteger writes = new AtomicInteger();
        AtomicLong increments = new AtomicLong();
        AtomicInteger broken = new AtomicInteger();
        CountDownLatch readersDone = new CountDownLatch(1);
        CountDownLatch start = new CountDownLatch(2);
        Thread writer = new Thread(() -> {
            SplittableRandom random = new SplittableRandom(3);
            start.countDown();
            while (readersDone.getCount() > 0 && writes.get() < 3_000) {
                int leaf = random.nextInt(h.leafCount());
                int node = random.nextBoolean() ? h.root()
                        : random.nextBoolean() ? h.leafNode(leaf) : h.parents(h.leafNode(leaf))[0];
                call(elided, LockSet.of(h, node, LockMode.WRITE), () -> {
                    for (int l = h.lo(node); l <= h.hi(node); l++) {
                        a.incrementAndGet(l);
                        for (int spin = 0; spin < 20; spin++) {
                            Thread.onSpinWait();
                        }
                        b.incrementAndGet(l);
                    }
                    return null;
                });
                writes.incrementAndGet();
                increments.addAndGet(h.hi(node) - h.lo(node) + 1);
            }
        });
        Thread reader = new Thread(() -> {
            SplittableRandom random = new SplittableRandom(4);
            start.countDown();
            for (int i = 0; i < reads; i++) {
                int leaf = random.nextInt(h.leafCount());
                boolean whole = call(elided, LockSet.of(h, h.leafNode(leaf), LockMode.READ),
                        ElidedLocking.reading(() -> a.get(leaf) == b.get(leaf), swopt -> {
                            int x = a.get(leaf);
                            for (int spin = 0; spin < 10; spin++) {
                                Thread.onSpinWait();
                            }
                            int y = b.get(leaf);
                            swopt.validate();
                            return x == y;
                        }));
                if (!whole) {
                    broken.incrementAndGet();
                }
            }
            readersDone.countDown();
        });
        writer.start();
        reader.start();
        reader.join(SECONDS.toMillis(WAIT_S));
        writer.join(SECONDS.toMillis(WAIT_S));
        assertFalse(reader.isAlive() || writer.isAlive(), "the threads did not finish");
        assertEquals(0, broken.get(), "readers saw a half-done write");

        ElisionReport report = elided.report();
        List<GranuleReport> optimistic = rows(report, "optimisticRead");
        assertEquals(reads, optimistic.stream().mapToLong(GranuleReport::executions).sum(), report.toText());
        assertEquals(reads, optimistic.stream().mapToLong(r -> r.mode(Mode.SWOPT).successes()
                + r.mode(Mode.LOCK).successes()).sum(), "each read completed once:\n" + report.toText());
        assertTrue(optimistic.stream().mapToLong(r -> r.mode(Mode.SWOPT).successes()).sum() > 0,
                "no read ran optimistically:\n" + report.toText());
        assertEquals(increments.get(), sum(a), "a write was lost or doubled");
        assertEquals(increments.get(), sum(b), "a write was lost or doubled");
    }

    @Test
    void aReadingTaskSubmittedToToggleRunsOptimistically() throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3);
        ElidedLocking elided = ElidedLocking.builder(h, 4).policy(() -> ElisionPolicy.fixed(0, 1)).build();
        ToggleExecutor executor = ToggleExecutor.builder(h, 2).lockManager(elided).build();
        List<Future<Integer>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < 200; i++) {
                int leaf = i % h.leafCount();
                futures.add(executor.submit(LockSet.of(h, h.leafNode(leaf), LockMode.READ),
                        ElidedLocking.reading(() -> -1, swopt -> leaf)));
            }
            for (int i = 0; i < futures.size(); i++) {
                assertEquals(i % h.leafCount(), futures.get(i).get(WAIT_S, SECONDS), "no writer: never the lock");
            }
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        }
        assertEquals(200, rows(elided.report(), "optimisticRead").stream()
                .mapToLong(r -> r.mode(Mode.SWOPT).successes()).sum(), elided.report().toText());
    }

    /** {@code elided.call}, failing the test on a checked exception. */
    private static <T> T call(ElidedLocking elided, LockSet locks, Callable<T> operation) {
        try {
            return elided.call(locks, operation);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theReportCountsEverySectionThatRan() throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3);
        int[] c = h.children(h.root());
        ElidedLocking elided = ElidedLocking.builder(h, 4).policy(ElisionPolicy::lockOnly).build();
        ToggleExecutor executor = ToggleExecutor.builder(h, 2).lockManager(elided).build();
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < 100; i++) {
                futures.add(executor.submit(LockSet.of(h, c[i % 4], LockMode.READ), () -> { }));
                futures.add(executor.submit(LockSet.of(h, c[i % 4], LockMode.WRITE), () -> { }));
                // the root reaches all four regions: one section of each, nested
                futures.add(executor.submit(LockSet.of(h, h.root(), LockMode.WRITE), () -> { }));
            }
            for (Future<?> f : futures) {
                f.get(WAIT_S, SECONDS);
            }
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        }
        ElisionReport report = elided.report();
        for (int r = 0; r < 4; r++) {
            String lock = "region-" + r;
            GranuleReport read = report.rows().stream().filter(g -> g.lock().equals(lock) && g.context().equals("read"))
                    .findFirst().orElseThrow();
            long writes = report.rows().stream().filter(g -> g.lock().equals(lock) && g.context().endsWith("write"))
                    .mapToLong(GranuleReport::executions).sum();
            assertEquals(25, read.executions(), report.toText());
            assertEquals(25, read.mode(Mode.LOCK).successes(), report.toText());
            assertEquals(25 + 100, writes, "own writes and the root's:\n" + report.toText());
        }
    }

    @Test
    void shutdownNowReturnsExactlyTheTasksThatNeverStarted() throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3);
        for (int round = 0; round < 20; round++) {
            ElidedLocking elided = ElidedLocking.builder(h, 4).build();
            ToggleExecutor executor = ToggleExecutor.builder(h, 1).lockManager(elided).build();
            CountDownLatch started = new CountDownLatch(1);
            AtomicInteger interrupted = new AtomicInteger();
            executor.execute(LockSet.of(h, h.root(), LockMode.WRITE), () -> {
                started.countDown();
                try {
                    new CountDownLatch(1).await(WAIT_S, SECONDS);
                } catch (InterruptedException e) {
                    interrupted.incrementAndGet();
                }
            });
            int queued = 100;
            AtomicIntegerArray ran = new AtomicIntegerArray(queued);
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < queued; i++) {
                int id = i;
                futures.add(executor.submit(LockSet.of(h, h.leafNode(i % h.leafCount()), LockMode.READ), () -> {
                    ran.incrementAndGet(id);
                    return id;
                }));
            }
            assertTrue(started.await(WAIT_S, SECONDS));
            List<Runnable> neverStarted = executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
            assertEquals(1, interrupted.get(), "the running task was not interrupted");
            int notRun = 0;
            for (int i = 0; i < queued; i++) {
                if (ran.get(i) == 0) {
                    notRun++;
                    assertTrue(neverStarted.contains((Runnable) futures.get(i)), "task " + i + " was lost");
                } else {
                    assertEquals(1, ran.get(i));
                }
            }
            assertEquals(notRun, neverStarted.size(), "shutdownNow returned tasks that ran, or twice");
        }
    }

    @Test
    void aFailingOrCancelledTaskLeavesNoRegionLocked() throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3);
        ElidedLocking elided = ElidedLocking.builder(h, 4).build();
        LockSet all = LockSet.of(h, h.root(), LockMode.WRITE);
        ToggleExecutor executor = ToggleExecutor.builder(h, 2).lockManager(elided).build();
        try {
            Future<Object> checked = executor.submit(all, () -> {
                throw new IOException("checked");
            });
            ExecutionException e = assertThrows(ExecutionException.class, () -> checked.get(WAIT_S, SECONDS));
            assertInstanceOf(IOException.class, e.getCause(), "the operation's own exception, unwrapped");
            CountDownLatch started = new CountDownLatch(1);
            Future<?> blocked = executor.submit(all, () -> {
                started.countDown();
                try {
                    new CountDownLatch(1).await(WAIT_S, SECONDS);
                } catch (InterruptedException interrupted) {
                    throw new IllegalStateException(interrupted);
                }
            });
            assertTrue(started.await(WAIT_S, SECONDS));
            assertTrue(blocked.cancel(true));
            assertEquals(42, executor.submit(all, () -> 42).get(WAIT_S, SECONDS), "a region stayed locked");
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        }
    }

    @Test
    void badInputIsRefused() throws Exception {
        Hierarchy h = TestHierarchies.tree(4, 3);
        Hierarchy other = TestHierarchies.tree(4, 3);
        assertThrows(NullPointerException.class, () -> ElidedLocking.builder(null, 1));
        assertThrows(IllegalArgumentException.class, () -> ElidedLocking.builder(h, 0));
        assertThrows(IllegalArgumentException.class, () -> ElidedLocking.builder(h, h.leafCount() + 1));
        assertThrows(NullPointerException.class, () -> ElidedLocking.builder(h, 2).policy(null));
        assertThrows(NullPointerException.class, () -> ElidedLocking.builder(h, 2).policy(() -> null).build());
        ElisionPolicy shared = ElisionPolicy.adaptive();
        assertThrows(IllegalStateException.class, () -> ElidedLocking.builder(h, 2).policy(() -> shared).build(),
                "one adaptive policy for two locks");
        assertThrows(NullPointerException.class, () -> ElidedLocking.reading(null, swopt -> 1));
        assertThrows(NullPointerException.class, () -> ElidedLocking.reading(() -> 1, null));
        ElidedLocking elided = ElidedLocking.builder(h, 2).build();
        assertThrows(NullPointerException.class, () -> elided.call(null, () -> 1));
        assertThrows(NullPointerException.class, () -> elided.call(LockSet.of(h, h.root(), LockMode.READ), null));
        assertThrows(IllegalArgumentException.class,
                () -> elided.call(LockSet.of(other, other.root(), LockMode.READ), () -> 1), "another hierarchy's lock set");
        assertThrows(IllegalArgumentException.class, () -> LockSet.of(h, h.size() + 5, LockMode.READ),
                "an unknown node");
        assertThrows(IllegalArgumentException.class, () -> elided.regionOf(h.leafCount()));
        assertThrows(NullPointerException.class, () -> ToggleExecutor.builder(h, 1).lockManager((TaskGuard) null));
        assertEquals(1, elided.call(LockSet.of(h, h.root(), LockMode.READ), () -> 1),
                "called directly, on this thread");
    }

    private static long sum(AtomicIntegerArray counts) {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++) {
            sum += counts.get(i);
        }
        return sum;
    }

    private static List<GranuleReport> rows(ElisionReport report, String context) {
        return report.rows().stream().filter(r -> r.context().equals(context)).toList();
    }
}
