package dev.locus.jmh.scaling;

import dev.locus.jmh.Run;
import dev.locus.jmh.dictionary.DictionaryPlan;
import dev.locus.jmh.oversubscription.OversubscriptionPlan;
import dev.locus.jmh.toggle.TogglePlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.openjdk.jmh.runner.options.Options;

/**
 * The runs of {@code Reproduce --scaling}: the claims that need more than the two workers of the
 * main job, sized to end within one ten-minute call on a 16-core machine, in one JVM after warm-up
 * runs and with the quick profile's timing: a round is one 0.5 s warm-up and one 0.5 s iteration
 * (the suites' own shorter ones included). Only cells the claims read are run, each in
 * {@link #DICTIONARY_ROUNDS} or {@link #ROUNDS} rounds: the first 16-core run (of 3 rounds over
 * every cell of the grid) left 8 of its 16 claims inconclusive, its intervals wide because a
 * 95% t-interval over 3 rounds spans 4.3 standard errors each way; 4 rounds span 3.2.
 *
 * <ul>
 *   <li>[Bai06] §5.4: the three dictionaries, uniform and exponential keys, round-robin,
 *   fixed-range and adaptive at 4 and 16 workers, and fixed-range and adaptive at 1 worker on the
 *   exponential keys (the speedups' base): 42 cells in 4 rounds, 168 runs, and three 4.5 s
 *   warm-up runs.
 *   <li>[Maldonado10] §5.1 and [Nicacio10] §4: the oversubscription workloads of the papers ([Maldonado10]'s four
 *   sets, STAMP's vacation and kmeans at high contention) at 16 threads, the base on 16 cores, and
 *   64, under basic and LUTS: 24 cells in 3 rounds, 72 runs, and six 4.5 s warm-up runs.
 *   <li>[Kalikar19] §4: Figure 3(a) at 4 and 16 workers, round-robin and Toggle over DomLock, each
 *   mix (12 cells); Figure 3(b) at 1 worker (its claim's speedups' base) and the same workers,
 *   round-robin and Toggle (6); Figure 5 at 16 workers (6): 24 cells, 22 claimed, in 3 rounds, 68
 *   runs of 0.9 s, and two 4.5 s warm-up runs.
 * </ul>
 *
 * <p>Projected time ({@link #projected}): the iterations' own time plus {@link #SETUP} per run
 * for JMH's set-up and tear-down (JMH's own work measured 0.18 s per run on two cores, so half a
 * second is generous): 168 × 1.5 + 3 × 5 = 267 s, 72 × 1.5 + 6 × 5 = 138 s, 68 × 1.4 + 2 × 5 =
 * 105.2 s; 510.2 s in all, 8 min 30 s, under {@link #BUDGET} with a minute left for the JVM,
 * building the Toggle suite's 2.4M-element XML document once, and the report. The first run's
 * 3 rounds took 585 s for 332 runs projected at 527 s, JVM start included.
 */
public final class ScalingPlan {

    /** The worker counts compared; 1 worker is added where a speedup needs its base. */
    static final List<Integer> DICTIONARY_WORKERS = List.of(4, 16);
    static final List<String> STRUCTURES = List.of("hashTable", "redBlackTree", "sortedList");
    static final List<String> DISTRIBUTIONS = List.of("uniform", "exponential");
    static final List<String> EXECUTORS = List.of("roundRobin", "fixedRange", "adaptive");
    /** Claim 2's speedups are from 1 worker, for these executors on the exponential keys. */
    static final List<String> SPEEDUP_EXECUTORS = List.of("fixedRange", "adaptive");
    static final int DICTIONARY_ROUNDS = 4;
    static final List<String> OVERSUBSCRIPTION_WORKLOADS = List.of("redBlackTree", "skipList", "linkedList1k",
            "linkedList8k", "vacationHigh", "kmeansHigh");
    /** As many threads as the device's cores, the claim's base, and the papers' most. */
    static final List<Integer> OVERSUBSCRIPTION_THREADS = List.of(16, 64);
    static final List<String> CONFIGURATIONS = List.of("basic", "luts");
    static final List<Integer> TOGGLE_WORKERS = List.of(4, 16);
    /** Rounds of the oversubscription and Toggle suites' cells. */
    static final int ROUNDS = 3;
    /** Every worker count of the plan, for the job's header and {@code run.properties}. */
    public static final int[] WORKERS = {1, 4, 16};

    /** Set-up and tear-down allowed per run beside its iterations. */
    static final Duration SETUP = Duration.ofMillis(500);
    /** What one call may take, with a minute of the device's ten left for the JVM and the report. */
    static final Duration BUDGET = Duration.ofMinutes(9);

    private ScalingPlan() {
    }

    /** A suite's runs followed by further rounds of the cells {@code claimed} accepts, up to {@code rounds}. */
    @FunctionalInterface
    public interface InRounds {
        List<Run> apply(List<Run> suite, Predicate<Run> claimed, int rounds);
    }

    /**
     * The runs in the report's order, each suite's preceded by its unrecorded warm-up runs and
     * followed, through {@code inRounds}, by the further rounds of the cells its claims read.
     */
    public static List<Run> runs(InRounds inRounds) {
        List<Run> dictionary = new ArrayList<>();
        for (String structure : STRUCTURES) {
            String method = "DictionaryBenchmark." + structure;
            dictionary.add(new Run(method, dictionary("uniform", "roundRobin", 16), 0, true));
            for (String executor : SPEEDUP_EXECUTORS) {
                dictionary.add(new Run(method, dictionary("exponential", executor, 1), 0, false));
            }
            for (String distribution : DISTRIBUTIONS) {
                for (int w : DICTIONARY_WORKERS) {
                    for (String executor : EXECUTORS) {
                        dictionary.add(new Run(method, dictionary(distribution, executor, w), 0, false));
                    }
                }
            }
        }
        List<Run> oversubscription = new ArrayList<>();
        for (String workload : OVERSUBSCRIPTION_WORKLOADS) {
            oversubscription.addAll(OversubscriptionPlan.runs(workload, OVERSUBSCRIPTION_THREADS, CONFIGURATIONS, true));
        }
        List<Run> runs = new ArrayList<>(inRounds.apply(dictionary, DictionaryPlan::claimed, DICTIONARY_ROUNDS));
        runs.addAll(inRounds.apply(oversubscription, OversubscriptionPlan::claimed, ROUNDS));
        runs.addAll(inRounds.apply(TogglePlan.scaling(TOGGLE_WORKERS), TogglePlan::claimed, ROUNDS));
        return runs;
    }

    /**
     * How long {@code plan} takes: each run's warm-up and measurement iterations under
     * {@code options}, plus {@link #SETUP}.
     */
    static Duration projected(List<Run> plan, Function<Run, Options> options) {
        Duration total = Duration.ZERO;
        for (Run run : plan) {
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
