package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
 * Runs every benchmark of the module, with every {@code @Param} value, for one short measured
 * iteration in this JVM: a benchmark that throws, hangs, or scores nothing fails the build before
 * anyone spends minutes on a real run.
 */
class BenchmarkSmokeTest {

    @ParameterizedTest(name = "{0} benchmark thread(s)")
    @ValueSource(ints = {1, 2})
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyBenchmarkRunsAndScores(int threads) throws RunnerException {
        Options options = new OptionsBuilder()
                .include("dev\\.locus\\.jmh\\..*")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(150))
                .threads(threads)
                .timeout(TimeValue.seconds(15))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .build();

        Collection<RunResult> results = new Runner(options).run();

        int expected = expectedRuns();
        assertTrue(expected > 0, "no benchmarks in META-INF/BenchmarkList");
        assertEquals(expected, results.size(), "benchmark runs with a result");
        for (RunResult result : results) {
            double score = result.getPrimaryResult().getScore();
            assertTrue(score > 0, result.getParams().id() + " scored " + score);
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
