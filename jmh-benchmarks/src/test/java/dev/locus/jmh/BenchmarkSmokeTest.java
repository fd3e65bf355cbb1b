package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark of the module, with every {@code @Param} value and its own thread count, for
 * one short measured iteration in this JVM: a benchmark that throws, hangs, or scores nothing fails
 * the build before anyone spends minutes on a real run. The dictionary suites must also report
 * their contention instances.
 */
class BenchmarkSmokeTest {

    private static final String CONTENTION = "contentionInstances";

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyBenchmarkRunsAndScores() throws RunnerException {
        Options options = new OptionsBuilder()
                .include("dev\\.locus\\.jmh\\..*")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .timeout(TimeValue.seconds(15))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();

        Collection<RunResult> results = new Runner(options).run();

        int expected = expectedRuns();
        assertTrue(expected > 0, "no benchmarks in META-INF/BenchmarkList");
        assertEquals(expected, results.size(), "benchmark runs with a result");
        for (RunResult result : results) {
            String run = result.getParams().id();
            double score = result.getPrimaryResult().getScore();
            assertTrue(score > 0, run + " scored " + score);
            if (result.getParams().getBenchmark().contains("DictionaryBenchmark.")) {
                assertTrue(result.getSecondaryResults().containsKey(CONTENTION), run + " reports no " + CONTENTION);
                assertTrue(result.getSecondaryResults().get(CONTENTION).getScore() >= 0, run + ": negative " + CONTENTION);
            }
        }
    }
    /** Benchmark methods times their {@code @Param} combinations, as the generated list declares them. */
    private static int expectedRuns() {
        var silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        int runs = 0;
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().getAll(silent, List.of())) {
            int combinations = 1;
            for (String[] values : entry.getParams().orElse(Map.of()).values()) {
                combinations *= values.length;
            }
            runs += combinations;
        }
        return runs;
    }
}
