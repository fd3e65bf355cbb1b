package dev.locus.toggle;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Scenarios with blocking tasks that show, one rule at a time, who may run beside whom: a
 * multi-bucket task excludes every bucket it spans and nothing else; a lock set on the root runs
 * alone; a stealer runs an inner sub-bucket while the host is busy in another, and the host goes
 * back to its outer bucket only after the stealer finished; lock-manager mode leaves exclusion to
 * the lock manager.
 *
 * <p>The hierarchy is a 4-ary tree of height 3: 64 leaves, the root's children {@code c0..c3}
 * cover 16 leaves each, their children 4. With 4 workers, bucket {@code i} is {@code ci}'s
 * subtree and its 4 inner sub-buckets are {@code ci}'s children; with 2 workers, bucket 0 is
 * {@code c0, c1} and its 2 sub-buckets are {@code c0} and {@code c1}.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ToggleExclusionTest {

    private static final long WAIT_S = 10;
    /** How long a task that must not start is given to start anyway. */
    private static final long MUST_NOT_START_MS = 200;

    private final Hierarchy h = TestHierarchies.tree(4, 3);
    private final int[] c = h.children(h.root());
    private final List<ToggleExecutor> opened = new ArrayList<>();

    @BeforeEach
    void checkTheTree() {
        assertEquals(64, h.leafCount());
        for (int i = 0; i < 4; i++) {
            assertEquals(16 * i, h.lo(c[i]));
            assertEquals(16 * i + 15, h.hi(c[i]));
        }
    }

    @AfterEach
    void shutDown() throws InterruptedException {
        for (ToggleExecutor executor : opened) {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS), "cleanup: " + executor + " did not terminate");
        }
    }

    @Test
    void aMultiBucketTaskExcludesTheBucketsItSpansAndNoOthers() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 4));
        Blocker a = new Blocker("A writes c0 and c1 (buckets 0, 1)");
        executor.execute(task(LockSet.on(h).write(c[0]).write(c[1]).build(), a));
        a.awaitStarted();

        Probe innerConflict = new Probe("reads a child of c1: an inner task of bucket 1");
        Probe outerConflict = new Probe("reads c1: an outer task of bucket 1");
        Probe other = new Probe("writes c3: bucket 3, not spanned by A");
        executor.execute(task(LockSet.of(h, h.children(c[1])[2], LockMode.READ), innerConflict));
        executor.execute(task(LockSet.of(h, c[1], LockMode.READ), outerConflict));
        executor.execute(task(LockSet.of(h, c[3], LockMode.WRITE), other));

        other.awaitRan(); // disjoint buckets run beside A
        innerConflict.assertNotStarted();
        outerConflict.assertNotStarted();
        a.release();
        innerConflict.awaitRan();
        outerConflict.awaitRan();
        assertTrue(innerConflict.startedAfter(a) && outerConflict.startedAfter(a), "a conflicting task overlapped A");
    }

    @Test
    void aLockSetSpanningEveryBucketRunsAloneAndSoDoesAPlainTask() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 4));
        Blocker root = new Blocker("R writes the root");
        executor.execute(task(LockSet.of(h, h.root(), LockMode.WRITE), root));
        root.awaitStarted();
        List<Probe> everyBucket = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Probe p = new Probe("reads a leaf of c" + i);
            everyBucket.add(p);
            executor.execute(task(LockSet.of(h, h.leafNode(16 * i + 3), LockMode.READ), p));
        }
        Probe plain = new Probe("a plain Runnable, EXCLUSIVE by default");
        executor.execute(plain);
        for (Probe p : everyBucket) {
            p.assertNotStarted();
        }
        plain.assertNotStarted();
        root.release();
        for (Probe p : everyBucket) {
            p.awaitRan();
        }
        plain.awaitRan();

        Blocker plainBlocker = new Blocker("a plain Runnable that blocks");
        executor.execute(plainBlocker);
        plainBlocker.awaitStarted();
        Probe leaf = new Probe("reads a leaf of c2");
        executor.execute(task(LockSet.of(h, h.leafNode(40), LockMode.READ), leaf));
        leaf.assertNotStarted();
        plainBlocker.release();
        leaf.awaitRan();
    }

    @Test
    void independentPlainTasksExcludeNothing() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2).plainTasks(ToggleExecutor.PlainTasks.INDEPENDENT));
        Blocker plain = new Blocker("an independent plain task");
        executor.execute(plain);
        plain.awaitStarted();
        // It occupies one worker; a task on the other worker's bucket runs beside it, although it
        // writes all of that bucket's leaves (an EXCLUSIVE plain task would hold it back).
        CountDownLatch oneRan = new CountDownLatch(1);
        executor.execute(task(LockSet.of(h, c[0], LockMode.WRITE), oneRan::countDown));
        executor.execute(task(LockSet.of(h, c[3], LockMode.WRITE), oneRan::countDown));
        assertTrue(oneRan.await(WAIT_S, SECONDS), "no hierarchical task ran beside the independent one");
        plain.release();
    }

    @Test
    void aStealerRunsOneSubBucketWhileTheHostRunsTheOtherAndTheHostWaitsForIt() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2).innerBuckets(2).threshold(2));
        // Bucket 0 holds c0 and c1; its sub-buckets are c0 and c1. G keeps the host busy while the
        // others queue, so that X and Y move inside together and the phase opens with both.
        Blocker g = new Blocker("G reads c0 and c1: an outer task of bucket 0");
        executor.execute(task(LockSet.on(h).read(c[0]).read(c[1]).build(), g));
        g.awaitStarted();
        CountDownLatch yRan = new CountDownLatch(1);
        Blocker y = new Blocker("Y writes a child of c1: sub-bucket 1") {
            @Override
            void body() throws InterruptedException {
                yRan.countDown();
                super.body();
            }
        };
        Blocker x = new Blocker("X writes a child of c0: sub-bucket 0, waits until Y ran") {
            @Override
            void body() throws InterruptedException {
                assertTrue(yRan.await(WAIT_S, SECONDS), "Y did not run while X kept its sub-bucket's runner busy");
            }
        };
        Probe z = new Probe("Z writes c1 and reads a child of c0: an outer task of bucket 0 that conflicts with Y");
        executor.execute(task(LockSet.of(h, h.children(c[0])[1], LockMode.WRITE), x));
        executor.execute(task(LockSet.of(h, h.children(c[1])[2], LockMode.WRITE), y));
        executor.execute(task(LockSet.on(h).write(c[1]).read(h.children(c[0])[3]).build(), z));
        g.release();

        y.awaitStarted(); // X and Y are in one inner phase, so one of them was stolen
        x.awaitFinished();
        z.assertNotStarted(); // Y still runs: its host must not be back in the outer bucket
        y.release();
        z.awaitRan();
        assertTrue(z.startedAfter(y), "Z overlapped Y");
        assertNotSame(x.thread.get(), y.thread.get(), "X and Y ran on one thread: nothing was stolen");
        ToggleStats stats = executor.stats();
        assertEquals(1, stats.stolen(), stats.toString());
        assertTrue(stats.workers().get(0).toggles() >= 1, stats.toString());
    }

    @Test
    void withoutStealingTheHostRunsItsInnerSubBucketsAlone() throws Exception {
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 2).innerBuckets(2).threshold(4).stealing(false));
        Set<Thread> runners = ConcurrentHashMap.newKeySet();
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            int leaf = i % 32; // bucket 0, both sub-buckets
            done.add(executor.submit(LockSet.of(h, h.leafNode(leaf), LockMode.WRITE),
                    () -> runners.add(Thread.currentThread())));
        }
        for (Future<?> f : done) {
            f.get(WAIT_S, SECONDS);
        }
        assertEquals(1, runners.size(), "bucket 0's tasks ran on " + runners);
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        ToggleStats stats = executor.stats(); // final: a worker counts a task just after it ran
        assertEquals(0, stats.stolen());
        assertEquals(200, stats.workers().get(0).executed());
        assertTrue(stats.workers().get(0).toggles() > 0, stats.toString());
    }

    @Test
    void lockManagerModeLeavesExclusionToTheLockManager() throws Exception {
        Set<LockSet> locked = ConcurrentHashMap.newKeySet();
        Set<LockSet> released = ConcurrentHashMap.newKeySet();
        TaskLocking recording = locks -> {
            locked.add(locks);
            return () -> released.add(locks);
        };
        ToggleExecutor executor = open(ToggleExecutor.builder(h, 4).lockManager(recording));
        LockSet aLocks = LockSet.on(h).write(c[0]).write(c[1]).build();
        Blocker a = new Blocker("A writes c0 and c1 (buckets 0, 1)");
        executor.execute(task(aLocks, a));
        a.awaitStarted();
        LockSet bLocks = LockSet.of(h, c[1], LockMode.READ);
        Probe b = new Probe("reads c1: conflicts with A, but this lock manager grants everything");
        executor.execute(task(bLocks, b));
        b.awaitRan(); // the scheduler did not hold it back: no claims in lock-manager mode
        assertTrue(locked.contains(aLocks) && locked.contains(bLocks), "tasks ran without their locks: " + locked);
        awaitReleased(released, bLocks);
        assertFalse(released.contains(aLocks), "A's locks were released while A ran");
        a.release();
        awaitReleased(released, aLocks);
    }

    /** Waits until {@code locks} were released: just after the task's operation returned. */
    private static void awaitReleased(Set<LockSet> released, LockSet locks) throws InterruptedException {
        long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
        while (!released.contains(locks) && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertTrue(released.contains(locks), locks + " was never released");
    }

    // ---------------------------------------------------------------- helpers

    private ToggleExecutor open(ToggleExecutor.Builder builder) {
        ToggleExecutor executor = builder.build();
        opened.add(executor);
        return executor;
    }

    private static HierarchicalTask task(LockSet locks, Runnable body) {
        return new HierarchicalTask(locks, body);
    }

    /** A task that records when it starts and ends. */
    static class Probe implements Runnable {

        final String name;
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch finished = new CountDownLatch(1);
        final AtomicReference<Thread> thread = new AtomicReference<>();
        volatile long startNanos;
        volatile long endNanos;

        Probe(String name) {
            this.name = name;
        }

        @Override
        public void run() {
            thread.set(Thread.currentThread());
            startNanos = System.nanoTime();
            started.countDown();
            try {
                body();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                endNanos = System.nanoTime();
                finished.countDown();
            }
        }

        void body() throws InterruptedException {
        }

        void awaitStarted() throws InterruptedException {
            assertTrue(started.await(WAIT_S, SECONDS), name + " did not start");
        }

        void awaitFinished() throws InterruptedException {
            assertTrue(finished.await(WAIT_S, SECONDS), name + " did not finish");
        }

        void awaitRan() throws InterruptedException {
            awaitStarted();
            awaitFinished();
        }

        void assertNotStarted() throws InterruptedException {
            assertFalse(started.await(MUST_NOT_START_MS, MILLISECONDS), name + " started");
        }

        boolean startedAfter(Probe other) {
            return other.finished.getCount() == 0 && startNanos >= other.endNanos;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A task that blocks until released. */
    static class Blocker extends Probe {

        private final CountDownLatch release = new CountDownLatch(1);

        Blocker(String name) {
            super(name);
        }

        @Override
        void body() throws InterruptedException {
            assertTrue(release.await(WAIT_S, SECONDS), name + " was never released");
        }

        void release() {
            release.countDown();
        }
    }
}
