package dev.locus.toggle;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import dev.locus.testing.LeafOverlapDetector;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * In scheduler-exclusive mode no two tasks whose leaf sets conflict ever
 * run at the same time, over 10^5 random tasks on a tree and on a DAG, with stealing on and off;
 * yet tasks do run in parallel. Every task checks in with a {@link LeafOverlapDetector}. The
 * workload is skewed (half the tasks near the first bucket's leaves, so inner phases fill and
 * idle workers steal) and includes multi-bucket tasks and, now and then, the root.
 */
@Timeout(value = 120, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ToggleSafetyTest {

    private static final int TASKS = 100_000;
    private static final int WORKERS = 4;
    private static final long WAIT_S = 60;

    static Stream<Arguments> hierarchiesAndStealing() {
        Hierarchy tree = TestHierarchies.tree(4, 5);
        Hierarchy dag = TestHierarchies.dag(4, 5, 64, 5);
        return Stream.of(
                Arguments.of("tree, stealing on", tree, true),
                Arguments.of("tree, stealing off", tree, false),
                Arguments.of("DAG, stealing on", dag, true),
                Arguments.of("DAG, stealing off", dag, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hierarchiesAndStealing")
    void conflictingTasksNeverOverlapInSchedulerExclusiveMode(String name, Hierarchy h, boolean stealing)
            throws Exception {
        ToggleExecutor executor = ToggleExecutor.builder(h, WORKERS).stealing(stealing).build();
        Run run = run(executor, h, 17);

        assertEquals(0, run.detector.conflicts(), name + ": conflicting tasks overlapped");
        assertTrue(run.detector.maxConcurrency() > 1, name + ": tasks never ran in parallel");
        assertTrue(run.multiBucket > TASKS / 10, name + ": only " + run.multiBucket + " multi-bucket tasks");
        ToggleStats stats = executor.stats();
        assertEquals(TASKS, stats.executed(), "tasks run, by the workers' counters: " + stats);
        assertTrue(stats.toggles() > 0, "no inner phase was opened: " + stats);
        if (stealing) {
            assertTrue(stats.stolen() > 0, "stealing on, yet no task was stolen: " + stats);
        } else {
            assertEquals(0, stats.stolen(), "stealing off, yet tasks were stolen: " + stats);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hierarchiesAndStealing")
    void aLockManagerKeepsConflictingTasksApartInLockManagerMode(String name, Hierarchy h, boolean stealing)
            throws Exception {
        ReentrantReadWriteLock coarse = new ReentrantReadWriteLock();
        TaskLocking locking = locks -> {
            Lock lock = locks.hasWrite() ? coarse.writeLock() : coarse.readLock();
            lock.lockInterruptibly();
            return lock::unlock;
        };
        ToggleExecutor executor = ToggleExecutor.builder(h, WORKERS).stealing(stealing).lockManager(locking).build();
        Run run = run(executor, h, 29);

        assertEquals(0, run.detector.conflicts(), name + ": conflicting tasks overlapped");
        assertTrue(run.detector.maxConcurrency() > 1, name + ": readers never ran in parallel");
        assertEquals(TASKS, executor.stats().executed());
    }

    /** Runs {@link #TASKS} random tasks to completion and shuts the executor down. */
    private static Run run(ToggleExecutor executor, Hierarchy h, long seed) throws InterruptedException {
        LeafOverlapDetector detector = new LeafOverlapDetector(h);
        CountDownLatch done = new CountDownLatch(TASKS);
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> starts = executor.stats().bucketStarts();
        int multiBucket = 0;
        try {
            for (int i = 0; i < TASKS; i++) {
                LockSet locks = TestHierarchies.randomLockSet(h, random, h.leafCount() / WORKERS);
                if (bucketOf(starts, locks.lo()) != bucketOf(starts, locks.hi())) {
                    multiBucket++;
                }
                executor.execute(new HierarchicalTask(locks, () -> {
                    detector.enter(locks);
                    for (int spin = 0; spin < 20; spin++) {
                        Thread.onSpinWait();
                    }
                    detector.exit(locks);
                    done.countDown();
                }));
            }
            assertTrue(done.await(WAIT_S, SECONDS), done.getCount() + " tasks did not run within " + WAIT_S + " s");
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS), "did not terminate");
        }
        return new Run(detector, multiBucket);
    }

    private static int bucketOf(List<Integer> starts, int leaf) {
        int b = 0;
        while (b + 1 < starts.size() && starts.get(b + 1) <= leaf) {
            b++;
        }
        return b;
    }

    private record Run(LeafOverlapDetector detector, int multiBucket) {
    }
}
