package dev.locus.jmh.toggle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.BenchmarkSmokeTest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

/**
 * Runs every method of {@link ToggleBenchmark} under every scheduler for one short iteration in
 * this JVM, on the smallest workloads of each figure, and STMBench7's under round-robin with every
 * lock manager: a run that throws, hangs or scores nothing fails here, not in the main job. Figure
 * 5's per-worker counters must add up to the tasks run, and round-robin and Toggle with stealing
 * off must steal nothing.
 */
public class ToggleBenchmarkSmokeTest {

    private static final String BENCHMARK = "^" + ToggleBenchmark.class.getName().replace(".", "\\.") + "\\.";
    private static final String[] SCHEDULERS = {"roundRobin", "toggle", "toggleNoSteal", "toggleExclusive"};
    private static final int WORKERS = 2;

    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyFigureRunsUnderEverySchedulerAndEveryLockManager() throws RunnerException {
        List<RunResult> results = new ArrayList<>(run(BenchmarkSmokeTest.options().include(BENCHMARK)
                .param("scheduler", SCHEDULERS).param("lockManager", "domLock")
                .param("workers", Integer.toString(WORKERS))
                .param("mix", "readWrite").param("scale", "0.1").param("skewness", "2").param("nodes", "2")
                .param("distribution", "uniform", "skewed").param("size", "1000")));
        results.addAll(run(BenchmarkSmokeTest.options().include(BENCHMARK + "stmBench7$")
                .param("scheduler", "roundRobin").param("lockManager", "coarse", "mediumGrained", "intention", "numLock")
                .param("workers", Integer.toString(WORKERS)).param("mix", "writeDominated")));

        assertEquals(SCHEDULERS.length * 7 + 4, results.size(), "six figures, two distributions in Figure 5,"
                + " and four more lock managers");
        for (RunResult result : results) {
            String run = result.getParams().id();
            assertTrue(result.getPrimaryResult().getScore() > 0, run + " scored nothing");
            if (result.getParams().getBenchmark().endsWith(".stealing")) {
                assertWorkerCounters(result);
            }
        }
    }

    private static void assertWorkerCounters(RunResult result) {
        String run = result.getParams().id();
        double tasks = result.getPrimaryResult().getScore();
        double perWorker = IntStream.range(0, WORKERS)
                .mapToDouble(i -> result.getSecondaryResults().get("worker" + i).getScore()).sum();
        // Within 1%: a worker counts a task just after completing it, so the last few of an
        // iteration may be counted in the next.
        assertEquals(tasks, perWorker, tasks / 100, run + ": tasks per worker add up to the tasks run");
        assertEquals(0, result.getSecondaryResults().get("worker" + WORKERS).getScore(), run + ": no such worker");
        double steals = result.getSecondaryResults().get("steals").getScore();
        if (List.of("roundRobin", "toggleNoSteal").contains(result.getParams().getParam("scheduler"))) {
            assertEquals(0, steals, run + " stole");
        }
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options)
            throws RunnerException {
        return new Runner(options.build()).run();
    }
}
