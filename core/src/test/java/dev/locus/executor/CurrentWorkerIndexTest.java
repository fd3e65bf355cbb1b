package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link LocusExecutors#currentWorkerIndex()}: inside a task, the index of the worker running it,
 * the one {@link ExecutorStats} counts the task for; elsewhere -1.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class CurrentWorkerIndexTest {

    private static final long WAIT_S = 10;

    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    @Test
    void insideATaskItIsTheIndexOfTheWorkerRunningIt() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.fixedRange(3, 0, 299));
        for (int worker = 0; worker < 3; worker++) {
            long key = worker * 100L + 50; // the middle of worker's range
            assertEquals(worker, executor.submit(key, LocusExecutors::currentWorkerIndex).get(WAIT_S, SECONDS),
                    "key " + key);
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        for (ExecutorStats.WorkerStats worker : executor.stats().workers()) {
            assertEquals(1, worker.executed(), "worker " + worker.index() + " ran the task that named it");
        }
    }

    @Test
    void onAThreadOfNoExecutorItIsMinusOne() throws Exception {
        assertEquals(-1, LocusExecutors.currentWorkerIndex(), "the test's thread");
        int[] seen = {0};
        Thread other = new Thread(() -> seen[0] = LocusExecutors.currentWorkerIndex());
        other.start();
        other.join();
        assertEquals(-1, seen[0], "a new thread");
    }
}
