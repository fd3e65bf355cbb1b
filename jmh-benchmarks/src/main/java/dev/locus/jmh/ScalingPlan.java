package dev.locus.jmh;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import org.openjdk.jmh.runner.options.Options;

/**
 * The runs of {@code Reproduce --scaling}: the claims that need more than the two workers of the
 * main job, sized to end within one ten-minute call on a 16-core machine, in one JVM after warm-up
 * runs and with the quick profile's timing and rounds: a round is one 0.5 s warm-up and one 0.5 s
 * iteration (the suites' own shorter ones included), and the cells the claims read run in three
 * rounds, so that each claim's verdict has its interval, as on two cores.
 *
 * <ul>
 *   <li>Paper 002 §5.4: the three dictionaries, uniform and exponential keys, round-robin,
 *   fixed-range and adaptive at 1, 4 and 16 workers (1 is each speedup's base): 54 cells, 42 of
 *   them claimed, 138 runs, and three 4.5 s warm-up runs.
 *   <li>Papers 004 §5.1 and 001 §4: the five oversubscription workloads at 2, 8, 16 and 64 threads
 *   (2 is the report's base for a retention) under basic, LUTS and CTLUTS: 60 cells, 20 claimed,
 *   100 runs, and five 4.5 s warm-up runs.
 *   <li>Paper 000 §4: Figure 3(a) at 4, 8 and 16 workers, round-robin and Toggle over DomLock, each
 *   mix (18 cells); Figure 3(b) at 1 worker (its claim's speedups' base) and the same workers,
 *   round-robin and Toggle (8); Figure 5 at 16 workers (6): 32 cells, 30 claimed, 92 runs of 0.9 s,
 *   and two 4.5 s warm-up runs.
 * </ul>
 *
 * <p>Projected time ({@link #projected}): the iterations' own time plus {@link #SETUP} per run
 * for JMH's set-up and tear-down (JMH's own work measured 0.18 s per run on two cores, so half a
 * second is generous): 138 × 1.5 + 3 × 5 = 222 s, 100 × 1.5 + 5 × 5 = 175 s, 92 × 1.4 + 2 × 5 =
 * 138.8 s; 535.8 s in all, 8 min 56 s, under {@link #BUDGET} with a minute left for the JVM,
 * building the Toggle suite's 2.4M-element XML document once, and the report. The 8-worker
 * dictionary cells were left out to fit the rounds: 4 and 16 workers still show the curve.
 * Before the rounds, on two cores with the runtime of {@code scripts/device-scaling.sh}, 69 of the
 * then 172 runs took 158 s against 183 s projected, JVM start included.
 */
final class ScalingPlan {

    static final List<Integer> DICTIONARY_WORKERS = List.of(1, 4, 16);
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

    /**
     * The runs in the report's order, each suite's preceded by its unrecorded warm-up runs and
     * followed, through {@code inRounds}, by the further rounds of the cells its claims read.
     */
    static List<Reproduce.Run> runs(BiFunction<List<Reproduce.Run>, Predicate<Reproduce.Run>, List<Reproduce.Run>> inRounds) {
        List<Reproduce.Run> dictionary = new ArrayList<>();
        for (String structure : STRUCTURES) {
            String method = "DictionaryBenchmark." + structure;
            dictionary.add(new Reproduce.Run(method, dictionary("uniform", "roundRobin", 16), 0, true));
            for (String distribution : DISTRIBUTIONS) {
                for (int w : DICTIONARY_WORKERS) {
                    for (String executor : EXECUTORS) {
                        dictionary.add(new Reproduce.Run(method, dictionary(distribution, executor, w), 0, false));
                    }
                }
            }
        }
        List<Reproduce.Run> oversubscription = new ArrayList<>();
        for (String workload : OversubscriptionPlan.WORKLOADS) {
            oversubscription.addAll(OversubscriptionPlan.runs(workload, OVERSUBSCRIPTION_THREADS, CONFIGURATIONS, true));
        }
        List<Reproduce.Run> runs = new ArrayList<>(inRounds.apply(dictionary, Reproduce::claimed));
        runs.addAll(inRounds.apply(oversubscription, OversubscriptionPlan::claimed));
        runs.addAll(inRounds.apply(TogglePlan.scaling(TOGGLE_WORKERS), TogglePlan::claimed));
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
