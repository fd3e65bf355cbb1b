package dev.locus.jmh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.openjdk.jmh.runner.options.Options;

/**
 * The runs of {@code Reproduce --scaling}: the claims that need more than the two workers of the
 * main job, sized to end within one ten-minute call on a 16-core machine, in one JVM after warm-up
 * runs and with the quick profile's timing (the suites' own shorter warm-ups included).
 *
 * <ul>
 *   <li>Paper 002 §5.4: the three dictionaries, uniform and exponential keys, round-robin,
 *   fixed-range and adaptive at 1, 4, 8 and 16 workers (1 is each speedup's base): 72 runs of
 *   1 s warm-up and 3 × 0.5 s measurement, and three 4.5 s warm-up runs.
 *   <li>Papers 004 §5.1 and 001 §4: the five oversubscription workloads at 2, 8, 16 and 64 threads
 *   (2 is the report's base for a retention) under basic, LUTS and CTLUTS: 60 runs of 0.5 s
 *   warm-up and 3 × 0.5 s, and five 4.5 s warm-up runs.
 *   <li>Paper 000 §4: Figure 3(a) at 4, 8 and 16 workers, round-robin and Toggle over DomLock, each
 *   mix (18 runs); Figure 3(b) at the same workers, round-robin and Toggle (6); Figure 5 at 16
 *   workers (6): 30 runs of 0.5 s warm-up and 3 × 0.4 s, and two 4.5 s warm-up runs.
 * </ul>
 *
 * <p>Projected time ({@link #projected}): the iterations' own time plus {@link #SETUP} per run
 * for JMH's set-up and tear-down (the 2-core quick profile averages 2.6 s per run of 2.5 s
 * measured time, so half a second is generous): 75 dictionary runs, 72 × (2.5 + 0.5) + 3 × (4.5 + 0.5)
 * = 231 s; 65 oversubscription runs, 60 × (2 + 0.5) + 5 × 5 = 175 s; 32 Toggle runs, 30 × (1.7 + 0.5)
 * + 2 × 5 = 76 s; 482 s in all, 8 min 2 s, under {@link #BUDGET} with a minute left for the JVM,
 * building the Toggle suite's 2.4M-element XML document once, and the report.
 * On two cores, with the runtime of {@code scripts/device-scaling.sh}, 69 of the 172 runs (the
 * counter array, Figure 5, the hash table, Figures 3(a) and 3(b), with their warm-up runs) took
 * 158 s against 183 s projected, JVM start included.
 */
final class ScalingPlan {

    static final List<Integer> DICTIONARY_WORKERS = List.of(1, 4, 8, 16);
    static final List<String> STRUCTURES = List.of("hashTable", "redBlackTree", "sortedList");
    static final List<String> DISTRIBUTIONS = List.of("uniform", "exponential");
    static final List<String> EXECUTORS = List.of("roundRobin", "fixedRange", "adaptive");
    static final List<Integer> OVERSUBSCRIPTION_THREADS = List.of(2, 8, 16, 64);
    static final List<String> CONFIGURATIONS = List.of("basic", "luts", "ctluts");
    static final List<Integer> TOGGLE_WORKERS = List.of(4, 8, 16);
    /** Every worker count of the plan, for the job's header and {@code run.properties}. */
    static final int[] WORKERS = {1, 4, 8, 16};

    /** Set-up and tear-down allowed per run beside its iterations. */
    static final Duration SETUP = Duration.ofMillis(500);
    /** What one call may take, with a minute of the device's ten left for the JVM and the report. */
    static final Duration BUDGET = Duration.ofMinutes(9);

    private ScalingPlan() {
    }

    /** The runs in the report's order, each suite's preceded by its unrecorded warm-up runs. */
    static List<Reproduce.Run> runs() {
        List<Reproduce.Run> runs = new ArrayList<>();
        for (String structure : STRUCTURES) {
            String method = "DictionaryBenchmark." + structure;
            runs.add(new Reproduce.Run(method, dictionary("uniform", "roundRobin", 16), 0, true));
            for (String distribution : DISTRIBUTIONS) {
                for (int w : DICTIONARY_WORKERS) {
                    for (String executor : EXECUTORS) {
                        runs.add(new Reproduce.Run(method, dictionary(distribution, executor, w), 0, false));
                    }
                }
            }
        }
        for (String workload : OversubscriptionPlan.WORKLOADS) {
            runs.addAll(OversubscriptionPlan.runs(workload, OVERSUBSCRIPTION_THREADS, CONFIGURATIONS, true));
        }
        runs.addAll(TogglePlan.scaling(TOGGLE_WORKERS));
        return runs;
    }

    /**
     * How long {@code plan} takes: each run's warm-up and measurement iterations under
     * {@code options}, plus {@link #SETUP}.
     */
    static Duration projected(List<Reproduce.Run> plan, Function<Reproduce.Run, Options> options) {
        Duration total = Duration.ZERO;
        for (Reproduce.Run run : plan) {
            Options o = options.apply(run);
            total = total.plus(SETUP)
                    .plus(Duration.ofNanos(o.getWarmupTime().get().convertTo(TimeUnit.NANOSECONDS))
                            .multipliedBy(o.getWarmupIterations().get()))
                    .plus(Duration.ofNanos(o.getMeasurementTime().get().convertTo(TimeUnit.NANOSECONDS))
                            .multipliedBy(o.getMeasurementIterations().get()));
        }
        return total;
    }

    private static Map<String, String> dictionary(String distribution, String executor, int workers) {
        return Map.of("distribution", distribution, "executor", executor, "workers", Integer.toString(workers));
    }
}
