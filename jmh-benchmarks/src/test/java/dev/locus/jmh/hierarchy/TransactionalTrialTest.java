package dev.locus.jmh.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.stm.ContentionStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every scheduler of the Toggle + STM suite commits each submitted transaction once and loses no
 * increment of the transactional leaf counters; Toggle in scheduler-exclusive mode never lets two
 * of these transactions conflict, which is what the suite's comparison rests on.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TransactionalTrialTest {

    private static final int TASKS = 5_000;
    private static final int WORKERS = 2;

    @ParameterizedTest(name = "{0}, small tree")
    @EnumSource(TransactionalTrial.Scheduler.class)
    void everyTransactionCommitsOnceWithoutLostIncrementsOnASmallTree(TransactionalTrial.Scheduler scheduler)
            throws Exception {
        runAndCheck(HierarchyWorkload.skewed(21, 1, 2), scheduler);
    }

    @ParameterizedTest(name = "{0}, STMBench7 DAG")
    @EnumSource(TransactionalTrial.Scheduler.class)
    void everyTransactionCommitsOnceWithoutLostIncrementsOnTheStmBench7Dag(TransactionalTrial.Scheduler scheduler)
            throws Exception {
        runAndCheck(HierarchyWorkload.stmBench7("writeDominated"), scheduler);
    }

    @Test
    void unknownSchedulersAndWorkerCountsAreRefused() {
        HierarchyWorkload workload = HierarchyWorkload.skewed(1_000, 1, 1);
        assertThrows(IllegalArgumentException.class, () -> TransactionalTrial.start(workload, "fifo", 2));
        assertThrows(IllegalArgumentException.class, () -> TransactionalTrial.start(workload, "toggle", 0));
    }

    private static void runAndCheck(HierarchyWorkload workload, TransactionalTrial.Scheduler scheduler)
            throws Exception {
        TransactionalTrial trial = TransactionalTrial.start(workload, scheduler.label(), WORKERS);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < TASKS; i++) {
                futures.add(trial.submitNext());
            }
            for (Future<?> future : futures) {
                future.get(30, TimeUnit.SECONDS);
            }
        } finally {
            trial.stop();
        }
        long writes = LongStream.range(0, TASKS).map(i -> workload.task((int) i).writes().length).sum();
        assertTrue(writes > 0, "the workload writes");
        assertEquals(writes, trial.committedIncrements(), "increments lost or doubled");
        ContentionStats.Counts counts = trial.counts();
        System.out.printf("%s on %s: %s%n", scheduler.label(), workload, counts);
        assertEquals(TASKS, counts.commits(), "commits counted by the adapter");
        if (scheduler == TransactionalTrial.Scheduler.TOGGLE) {
            assertEquals(0, counts.aborts(), "Toggle kept transactions whose lock sets meet apart");
        }
    }
}
