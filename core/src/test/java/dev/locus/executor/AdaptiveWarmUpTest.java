package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The adaptive executor's warm-up, before it has sampled enough keys for a PD-partition, spreads
 * the keys of a service it knows nothing about over every worker.
 */
class AdaptiveWarmUpTest {

    private static final int WORKERS = 4;
    /** The default confidence threshold: every one of these tasks is routed by the warm-up table. */
    private static final int WARM_UP_TASKS = 10_000;
    private static final int ACCOUNTS = 1_000;
    /** How far a worker's share of the warm-up may stray from the fair share. */
    private static final double TOLERANCE = 0.2;

    @Test
    void smallAccountIdsSpreadOverEveryWorkerDuringWarmUp() throws Exception {
        KeyedExecutorService executor = LocusExecutors.adaptive(WORKERS);
        SplittableRandom random = new SplittableRandom(25);
        for (int i = 0; i < WARM_UP_TASKS; i++) {
            executor.execute(1 + random.nextInt(ACCOUNTS), () -> { });
        }
        executor.close();
        ExecutorStats stats = executor.stats();
        double fair = (double) WARM_UP_TASKS / WORKERS;
        for (ExecutorStats.WorkerStats worker : stats.workers()) {
            double share = worker.executed() / fair;
            System.out.printf("account ids 1-%,d, warm-up: worker %d ran %,d tasks (%.3f x fair)%n",
                    ACCOUNTS, worker.index(), worker.executed(), share);
            assertTrue(Math.abs(share - 1) <= TOLERANCE, "worker " + worker.index() + " ran "
                    + worker.executed() + " of the first " + WARM_UP_TASKS + " tasks: " + stats);
        }
    }
}
