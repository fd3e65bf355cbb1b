package dev.locus.hierarchy.lock;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import dev.locus.testing.LeafOverlapDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Safety and liveness of every lock manager under random hierarchical tasks: no two tasks whose
 * leaf sets conflict ever run at once, tasks with disjoint sets do run at once, and every task
 * finishes — on a random tree and on a random DAG, with nested sets and mixed modes.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LockManagerSafetyTest {

    private static final int THREADS = 4;
    private static final int TASKS = 100_000;
    private static final Hierarchy TREE = TestHierarchies.tree(300, 1);
    private static final Hierarchy DAG = TestHierarchies.dag(300, 0.25, 2);

    static List<?> managers() {
        return LockManagers.all().toList();
    }

    @ParameterizedTest
    @MethodSource("managers")
    void noConflictingOverlapOnATree(LockManagers.Spec spec) throws Exception {
        assertSafeAndParallel(spec.create(TREE));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void noConflictingOverlapOnADag(LockManagers.Spec spec) throws Exception {
        assertSafeAndParallel(spec.create(DAG));
    }

    @Test
    void theDetectorCatchesAManagerThatDoesNotLock() throws Exception {
        Run run = run(new NoLockingManager(DAG), THREADS, TASKS / THREADS);
        assertTrue(run.detector.conflicts() > 0, "the safety check cannot fail: no conflict seen without locks");
    }

    @ParameterizedTest
    @MethodSource("managers")
    void manyThreadsWithNestedOverlappingSetsAllFinish(LockManagers.Spec spec) throws Exception {
        int threads = 16;
        Run run = run(spec.create(DAG), threads, 1_000);
        assertEquals(threads * 1_000L, run.finished.get());
        assertEquals(0, run.detector.conflicts());
    }

    private static void assertSafeAndParallel(HierarchicalLockManager manager) throws Exception {
        Run run = run(manager, THREADS, TASKS / THREADS);
        assertEquals(TASKS, run.finished.get(), "every task ran once");
        assertEquals(0, run.detector.conflicts(), "conflicting tasks overlapped");
        assertTrue(run.detector.maxConcurrency() > 1, "no two tasks ever ran at once");
    }

    /** The outcome of one run: what the detector saw and how many tasks finished. */
    private record Run(LeafOverlapDetector detector, AtomicLong finished) {
    }

    /**
     * Runs {@code perThread} random tasks on each of {@code threads} threads through
     * {@code manager}; each task enters and leaves the detector inside its locks. Fails on any
     * exception, and on timeout through the class's {@code @Timeout}.
     */
    private static Run run(HierarchicalLockManager manager, int threads, int perThread) throws Exception {
        Hierarchy hierarchy = manager.hierarchy();
        LeafOverlapDetector detector = new LeafOverlapDetector(hierarchy);
        AtomicLong finished = new AtomicLong();
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SplittableRandom random = new SplittableRandom(1000 + t);
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        LockSet locks = TestHierarchies.lockSet(hierarchy, random);
                        manager.run(new HierarchicalTask(locks, () -> {
                            detector.enter(locks);
                            detector.exit(locks);
                        }));
                        finished.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }, manager.name() + "-" + t);
            worker.start();
            workers.add(worker);
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        assertTrue(failures.isEmpty(), () -> "tasks failed: " + failures);
        return new Run(detector, finished);
    }
}
