package dev.locus.toggle;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Beyond the paper: bucket ranges cut by the PD-partition from sampled lock sets. A workload that
 * touches only the first quarter of the leaves lands on one worker under the paper's equal ranges
 * and on all of them under sampled ranges. Stealing is off, so each bucket's tasks run on its host
 * and the per-worker counts show the placement itself.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SampledRangesTest {

    private static final int WORKERS = 4;
    private static final int TASKS = 4_000;

    private final Hierarchy h = TestHierarchies.tree(4, 5); // 1024 leaves

    @Test
    void sampledRangesSpreadASkewedWorkloadThatEqualRangesPutOnOneWorker() throws Exception {
        List<LockSet> workload = skewedWorkload();

        ToggleStats equal = run(ToggleExecutor.builder(h, WORKERS).stealing(false), workload);
        assertEquals(List.of(0, 256, 512, 768), equal.bucketStarts());
        assertEquals(TASKS, equal.workers().get(0).executed(), equal.toString());

        ToggleStats sampled = run(ToggleExecutor.builder(h, WORKERS).stealing(false).sampledRanges(workload), workload);
        List<Integer> starts = sampled.bucketStarts();
        assertEquals(0, starts.get(0));
        for (int b = 1; b < WORKERS; b++) {
            assertTrue(starts.get(b) > starts.get(b - 1) && starts.get(b) < 256, "bucket starts " + starts);
        }
        for (ToggleStats.WorkerStats w : sampled.workers()) {
            assertTrue(w.executed() > TASKS / (2 * WORKERS), "unbalanced under sampled ranges: " + sampled);
        }
        assertEquals(TASKS, sampled.executed());
    }

    /** Single leaves among the first 256, denser towards leaf 0. */
    private List<LockSet> skewedWorkload() {
        SplittableRandom random = new SplittableRandom(11);
        List<LockSet> workload = new ArrayList<>();
        for (int i = 0; i < TASKS; i++) {
            int leaf = (int) (256 * Math.pow(random.nextDouble(), 2));
            workload.add(LockSet.of(h, h.leafNode(leaf), random.nextBoolean() ? LockMode.READ : LockMode.WRITE));
        }
        return workload;
    }

    private static ToggleStats run(ToggleExecutor.Builder builder, List<LockSet> workload) throws Exception {
        ToggleExecutor executor = builder.build();
        try {
            List<Future<?>> done = new ArrayList<>();
            for (LockSet locks : workload) {
                done.add(executor.submit(locks, () -> { }));
            }
            for (Future<?> f : done) {
                f.get(10, SECONDS);
            }
        } finally {
            executor.shutdown();
            assertTrue(executor.awaitTermination(10, SECONDS));
        }
        return executor.stats(); // after termination: every count is final
    }
}
