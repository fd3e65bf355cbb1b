package dev.locus.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The main job's runs of {@link PeerBenchmark} (issue 14): every implementation in each cell,
 * producers being JMH threads.
 *
 * <p>Quick profile (63 runs and a warm-up run, about two and a half minutes on two cores), at the
 * job's most workers (2 by default, issue 14's N): the cells issue 14's targets are about —
 * empty tasks at 1 and 2 producers; the uniform and exponential streams at 2; the Zipf stream at
 * 1, 2 and 4, to show how each executor scales with producers; per-key state at 2 and 4. Each
 * quick run warms up for {@link #QUICK_WARM_UP} and measures {@value #QUICK_ITERATIONS}
 * iterations of {@link #QUICK_ITERATION}. The full profile runs every workload at 1, 2 and 4
 * producers and every worker count of the job.
 */
final class PeerPlan {

    private static final String BENCHMARK = "PeerBenchmark.tasks";

    static final List<String> IMPLEMENTATIONS = Stream.of(PeerKind.values()).map(PeerKind::label).toList();
    static final List<String> WORKLOADS = Stream.of(PeerWorkload.values()).map(PeerWorkload::label).toList();
    static final List<Integer> PRODUCERS = List.of(1, 2, 4);
    /** The quick profile's producer counts per workload. */
    static final Map<String, List<Integer>> QUICK_PRODUCERS = Map.of("empty", List.of(1, 2), "uniform", List.of(2),
            "zipf", List.of(1, 2, 4), "exponential", List.of(2), "perKeyState", List.of(2, 4));

    static final TimeValue QUICK_WARM_UP = TimeValue.milliseconds(500);
    /**
     * Eight short iterations rather than the job's three longer ones: the report's targets read
     * JMH's 99.9% confidence interval, whose Student t factor is 31.6 at 3 iterations and 5.4 at 8.
     * A batch takes well under a millisecond, so 150 ms still hold hundreds of them.
     */
    static final int QUICK_ITERATIONS = 8;
    static final TimeValue QUICK_ITERATION = TimeValue.milliseconds(150);

    private PeerPlan() {
    }

    /**
     * The runs in the report's order (workload, producers, implementation), preceded, if
     * {@code warmUp}, by an unrecorded run of adaptive on the Zipf stream at 2 producers, which
     * compiles the benchmark's loop and the tasks before the first recorded run.
     */
    static List<Reproduce.Run> runs(boolean full, int[] workers, boolean warmUp) {
        int most = Arrays.stream(workers).max().orElseThrow();
        List<Reproduce.Run> runs = new ArrayList<>();
        if (warmUp) {
            runs.add(run("adaptive", "zipf", most, 2, true));
        }
        for (String workload : WORKLOADS) {
            for (int w : full ? workers : new int[] {most}) {
                for (int producers : full ? PRODUCERS : QUICK_PRODUCERS.get(workload)) {
                    for (String implementation : IMPLEMENTATIONS) {
                        runs.add(run(implementation, workload, w, producers, false));
                    }
                }
            }
        }
        return runs;
    }

    /** {@code options} for {@code run} in the quick profile: this suite's runs are shorter. */
    static ChainedOptionsBuilder quick(Reproduce.Run run, ChainedOptionsBuilder options) {
        return run.method().equals(BENCHMARK) ? options.warmupTime(QUICK_WARM_UP)
                .measurementIterations(QUICK_ITERATIONS).measurementTime(QUICK_ITERATION) : options;
    }

    private static Reproduce.Run run(String implementation, String workload, int workers, int producers,
            boolean warmUp) {
        return new Reproduce.Run(BENCHMARK, Map.of("implementation", implementation, "workload", workload,
                "workers", Integer.toString(workers)), producers, warmUp);
    }
}
