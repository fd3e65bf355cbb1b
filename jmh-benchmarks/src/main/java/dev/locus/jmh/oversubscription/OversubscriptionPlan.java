package dev.locus.jmh.oversubscription;

import dev.locus.jmh.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The main job's runs of {@link OversubscriptionBenchmark} ([Maldonado10] §5.1 and [Nicacio10] §4): every
 * workload, thread count and configuration in the full profile; in the quick one, the papers'
 * comparison on two cores — 2 threads, one per core, against 64 — under every configuration, on
 * every workload but the low-contention STAMP runs: 7 workloads × 2 thread counts × 11
 * configurations, 154 cells, the 28 of luts and basic in three rounds, 210 runs and seven warm-up
 * runs, about five minutes on two cores. One thread is left to the full profile: it runs no
 * transaction concurrently, so it shows only each scheduler's cost per transaction.
 */
public final class OversubscriptionPlan {

    private static final String BENCHMARK = "OversubscriptionBenchmark.";
    static final List<String> WORKLOADS = List.of("redBlackTree", "skipList", "linkedList1k", "linkedList8k",
            "vacationLow", "vacationHigh", "kmeansLow", "kmeansHigh", "counterArray");
    /** STAMP's high-contention runs stand for both: the papers' gains are largest there. */
    static final List<String> QUICK_WORKLOADS = List.of("redBlackTree", "skipList", "linkedList1k", "linkedList8k",
            "vacationHigh", "kmeansHigh", "counterArray");
    static final List<Integer> THREADS = List.of(1, 2, 4, 8, 16, 32, 64);
    static final List<Integer> QUICK_THREADS = List.of(2, 64);
    /**
     * A quick run's own warm-up, after its workload's warm-up run: half a second is enough for a
     * phase of 30-60 ms to reach its steady rate (the quick profile's rounds now warm up as long).
     */
    static final TimeValue QUICK_WARM_UP = TimeValue.milliseconds(500);
    static final List<String> CONFIGURATIONS = List.of("basic", "backoff", "polka", "serializeSpin",
            "serializePark", "yielding", "ats", "luts", "ciluts", "ctluts", "lutsAts");

    private OversubscriptionPlan() {
    }

    /**
     * The runs in the report's order, each workload's preceded by an unrecorded warm-up run at 64
     * threads under CTLUTS, which runs the workload, the scheduler and its switching, if
     * {@code warmUps}.
     */
    public static List<Run> runs(boolean full, boolean warmUps) {
        List<Integer> threads = full ? THREADS : QUICK_THREADS;
        List<Run> runs = new ArrayList<>();
        for (String workload : full ? WORKLOADS : QUICK_WORKLOADS) {
            runs.addAll(runs(workload, threads, CONFIGURATIONS, warmUps));
        }
        return runs;
    }

    /** One workload's runs, each thread count under each configuration, after its warm-up run if {@code warmUp}. */
    public static List<Run> runs(String workload, List<Integer> threads, List<String> configurations,
            boolean warmUp) {
        List<Run> runs = new ArrayList<>();
        if (warmUp) {
            runs.add(run(workload, 64, "ctluts", true));
        }
        for (int n : threads) {
            for (String configuration : configurations) {
                runs.add(run(workload, n, configuration, false));
            }
        }
        return runs;
    }

    /**
     * Whether the oversubscription claim reads this run: luts and basic, at any thread count, since
     * its base is the most threads with a core each, which depends on the machine that runs the
     * plan.
     */
    public static boolean claimed(Run run) {
        return run.method().startsWith(BENCHMARK) && List.of("luts", "basic").contains(run.params().get("configuration"));
    }

    /** {@code options} for {@code run} in the quick profile: this suite's runs warm up for {@link #QUICK_WARM_UP}. */
    public static ChainedOptionsBuilder quick(Run run, ChainedOptionsBuilder options) {
        return run.method().startsWith(BENCHMARK) ? options.warmupTime(QUICK_WARM_UP) : options;
    }

    private static Run run(String workload, int threads, String configuration, boolean warmUp) {
        return new Run(BENCHMARK + workload,
                Map.of("threads", Integer.toString(threads), "configuration", configuration), 0, warmUp);
    }
}
