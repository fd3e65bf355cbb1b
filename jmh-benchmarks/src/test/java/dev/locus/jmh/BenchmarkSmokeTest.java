package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.htm.NativeHtm;
import dev.locus.jmh.elision.ElisionBenchmark;
import dev.locus.jmh.hashmap.Implementation;
import dev.locus.jmh.oversubscription.OversubscriptionBenchmark;
import dev.locus.jmh.peer.PeerBenchmark;
import dev.locus.jmh.peer.PeerBenchmarkSmokeTest;
import dev.locus.jmh.toggle.ToggleBenchmark;
import dev.locus.jmh.toggle.ToggleBenchmarkSmokeTest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark of the module, with every {@code @Param} value and its own thread count, for
 * one short measured iteration in this JVM: a benchmark that throws, hangs, or scores nothing fails
 * the build before anyone spends minutes on a real run. The dictionary suites must also report
 * their contention instances, and the oversubscription suite its aborts and switches.
 *
 * <p>The oversubscription suite runs only at its largest thread count, {@value #OVERSUBSCRIBED}
 * threads, where its configurations differ most (most platform threads per core, most logical
 * threads per worker), but with every configuration and workload: its whole grid is 385 runs,
 * each populating its structure anew, which would take minutes. The elision suite runs the
 * implementations this CPU supports (its HTM ones refuse to start without RTM). The Toggle suite, whose default
 * grid has thousands of cells, is left to {@link ToggleBenchmarkSmokeTest}, and the peer suite,
 * which wants several producers, to {@link PeerBenchmarkSmokeTest}.
 */
public class BenchmarkSmokeTest {

    private static final String CONTENTION = "contentionInstances";
    private static final String ABORTS = "aborts";
    private static final String SWITCHES = "switches";
    private static final String OVERSUBSCRIPTION = OversubscriptionBenchmark.class.getName();
    private static final String OVERSUBSCRIBED = "64";
    private static final String TOGGLE = ToggleBenchmark.class.getName();
    private static final String PEER = PeerBenchmark.class.getName();
    private static final String ELISION = ElisionBenchmark.class.getName();
    /** The elision suite's implementations this CPU can run: the HTM ones need RTM. */
    private static final String[] ELISION_IMPLEMENTATIONS = Stream.of(Implementation.values())
            .filter(implementation -> !implementation.needsRtm() || NativeHtm.rtmSupported())
            .map(Implementation::name).toArray(String[]::new);

    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyBenchmarkRunsAndScores() throws RunnerException {
        String oversubscription = "^" + OVERSUBSCRIPTION.replace(".", "\\.") + "\\.";
        List<RunResult> results = new ArrayList<>();
        String elision = "^" + ELISION.replace(".", "\\.") + "\\.";
        results.addAll(run(options().include("dev\\.locus\\.jmh\\..*").exclude(oversubscription)
                .exclude("^" + TOGGLE.replace(".", "\\.") + "\\.").exclude(elision)
                .exclude("^" + PEER.replace(".", "\\.") + "\\.")));
        results.addAll(run(options().include(oversubscription).param("threads", OVERSUBSCRIBED)));
        results.addAll(run(options().include(elision).param("implementation", ELISION_IMPLEMENTATIONS)));

        int expected = expectedRuns();
        assertTrue(expected > 0, "no benchmarks in META-INF/BenchmarkList");
        assertEquals(expected, results.size(), "benchmark runs with a result");
        for (RunResult result : results) {
            String run = result.getParams().id();
            double score = result.getPrimaryResult().getScore();
            assertTrue(score > 0, run + " scored " + score);
            String benchmark = result.getParams().getBenchmark();
            if (benchmark.contains("DictionaryBenchmark.")) {
                assertCounter(result, CONTENTION);
            }
            if (benchmark.startsWith(OVERSUBSCRIPTION + ".")) {
                assertCounter(result, ABORTS);
                assertCounter(result, SWITCHES);
            }
        }
    }

    /** Unsynchronized iterations, as in the main job (Reproduce.options says why). */
    public static ChainedOptionsBuilder options() {
        return new OptionsBuilder()
                .syncIterations(false)
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .timeout(TimeValue.seconds(15))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws RunnerException {
        return new Runner(options.build()).run();
    }

    private static void assertCounter(RunResult result, String counter) {
        String run = result.getParams().id();
        assertTrue(result.getSecondaryResults().containsKey(counter), run + " reports no " + counter);
        assertTrue(result.getSecondaryResults().get(counter).getScore() >= 0, run + ": negative " + counter);
    }

    /**
     * Benchmark methods times their {@code @Param} combinations, as the generated list declares
     * them; the oversubscription suite's at one thread count.
     */
    private static int expectedRuns() {
        var silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        int runs = 0;
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().getAll(silent, List.of())) {
            if (entry.getUsername().startsWith(TOGGLE + ".") || entry.getUsername().startsWith(PEER + ".")) {
                continue;
            }
            boolean oversubscription = entry.getUsername().startsWith(OVERSUBSCRIPTION + ".");
            boolean elision = entry.getUsername().startsWith(ELISION + ".");
            int combinations = 1;
            for (Map.Entry<String, String[]> param : entry.getParams().orElse(Map.of()).entrySet()) {
                if (oversubscription && param.getKey().equals("threads")) {
                    continue;
                }
                combinations *= elision && param.getKey().equals("implementation") ? ELISION_IMPLEMENTATIONS.length
                        : param.getValue().length;
            }
            runs += combinations;
        }
        return runs;
    }
}
