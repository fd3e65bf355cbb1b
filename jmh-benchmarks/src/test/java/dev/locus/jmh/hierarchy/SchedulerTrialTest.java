package dev.locus.jmh.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scheduler of the Toggle suite, under every lock manager, runs each submitted task once,
 * loses no increment of the counters the tasks write (so conflicting tasks never overlapped), and
 * counts every task against one worker.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SchedulerTrialTest {

    private static final int TASKS = 20_000;
    private static final int WORKERS = 2;

    static Stream<Arguments> schedulersAndLockManagers() {
        List<Arguments> all = new ArrayList<>();
        for (SchedulerKind scheduler : SchedulerKind.values()) {
            for (LockManagerKind locks : LockManagerKind.values()) {
                if (scheduler.locks() || locks == LockManagerKind.values()[0]) {
                    all.add(Arguments.of(scheduler.label(), locks.label()));
                }
            }
        }
        return all.stream();
    }

    /** A 21-node tree, where many tasks conflict: run unlocked on two busy cores, a few increments in 10,000 are lost. */
    @ParameterizedTest(name = "{0} + {1}, small tree")
    @MethodSource("schedulersAndLockManagers")
    void everyTaskRunsOnceWithoutLostIncrementsOnASmallTree(String scheduler, String lockManager) throws Exception {
        runAndCheck(HierarchyWorkload.skewed(21, 1, 2), scheduler, lockManager);
    }

    @ParameterizedTest(name = "{0} + {1}, STMBench7 DAG")
    @MethodSource("schedulersAndLockManagers")
    void everyTaskRunsOnceWithoutLostIncrementsOnTheStmBench7Dag(String scheduler, String lockManager)
            throws Exception {
        runAndCheck(HierarchyWorkload.stmBench7("writeDominated"), scheduler, lockManager);
    }

    @Test
    void stealingOffStealsNothingEvenWhenEveryTaskIsInOneBucket() throws Exception {
        HierarchyWorkload workload = HierarchyWorkload.oneRange(20_000, 16, 2);
        SchedulerTrial trial = SchedulerTrial.start(workload, "toggleNoSteal", LockManagerKind.values()[0].label(),
                WORKERS);
        submitAndAwait(trial, TASKS);
        trial.stop();
        assertEquals(0, trial.steals());
        assertEquals(TASKS, trial.executedPerWorker()[0], "every task is in the first worker's bucket");
    }

    @Test
    void unknownSchedulersLockManagersAndWorkerCountsAreRefused() {
        HierarchyWorkload workload = HierarchyWorkload.skewed(1_000, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> SchedulerTrial.start(workload, "fifo", "coarse", 2));
        assertThrows(IllegalArgumentException.class, () -> SchedulerTrial.start(workload, "toggle", "none", 2));
        assertThrows(IllegalArgumentException.class, () -> SchedulerTrial.start(workload, "toggle", "coarse", 0));
    }

    private static void runAndCheck(HierarchyWorkload workload, String scheduler, String lockManager)
            throws Exception {
        long before = workload.counters().total();
        SchedulerTrial trial = SchedulerTrial.start(workload, scheduler, lockManager, WORKERS);
        try {
            submitAndAwait(trial, TASKS);
        } finally {
            trial.stop();
        }
        long writes = LongStream.range(0, TASKS).map(i -> workload.task((int) i).writes().length).sum();
        assertTrue(writes > 0, "the workload writes");
        assertEquals(writes, workload.counters().total() - before, "increments lost: conflicting tasks overlapped");
        long[] executed = trial.executedPerWorker();
        assertEquals(WORKERS, executed.length);
        assertEquals(TASKS, LongStream.of(executed).sum(), "tasks counted against the workers");
    }

    private static void submitAndAwait(SchedulerTrial trial, int tasks) throws Exception {
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < tasks; i++) {
            futures.add(trial.submitNext());
        }
        for (Future<?> future : futures) {
            future.get(30, TimeUnit.SECONDS);
        }
    }
}
