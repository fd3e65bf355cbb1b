package dev.locus.jmh.dictionary;

import dev.locus.jmh.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The main job's runs of [Bai06]'s experiments (§5, Figures 3–9): {@link DictionaryBenchmark} and
 * {@link InlineDictionaryBenchmark} on the three dictionaries under every executor, key
 * distribution and worker count, and {@link TransactionOverheadBenchmark}'s executor overhead of
 * Figure 9.
 *
 * <p>Where the benchmarks share the job's JVM, each dictionary's runs start with an unrecorded
 * warm-up run at the most workers, and Figure 9's with one: on two cores a fresh JVM needs about
 * four seconds of a dictionary workload before the JIT compiler has caught up with the STM's code
 * (throughput climbs from 60,000 to 250,000 txn/s on the red-black tree), more than a quick run's
 * own warm-up; after one such run every executor starts on compiled code.
 */
public final class DictionaryPlan {

    private static final String BENCHMARK = "DictionaryBenchmark.";
    private static final List<String> STRUCTURES = List.of("hashTable", "redBlackTree", "sortedList");
    private static final List<String> DISTRIBUTIONS = List.of("uniform", "gaussian", "exponential");
    /** [Bai06]'s executors, whose ratios its claims read. */
    private static final List<String> PAPER_EXECUTORS = List.of("roundRobin", "fixedRange", "adaptive");
    /** [Bai06]'s executors and the JDK's pools; Figure 9's executors too, one per way of placing a task. */
    private static final List<String> PAPER_AND_JDK = List.of("roundRobin", "fixedRange", "adaptive", "threadPool",
            "forkJoin");

    private DictionaryPlan() {
    }

    /**
     * The dictionary runs in the report's order: each structure, distribution and worker count
     * under every executor, then the inline baseline; the full profile adds the cost-balanced
     * adaptive executor.
     */
    public static List<Run> runs(boolean full, int[] workers, boolean warmUps) {
        List<String> executors = new ArrayList<>(PAPER_AND_JDK);
        if (full) {
            executors.add(executors.indexOf("adaptive") + 1, "adaptiveCost");
        }
        String most = "" + most(workers);
        List<Run> runs = new ArrayList<>();
        for (String structure : STRUCTURES) {
            if (warmUps) {
                runs.add(new Run(BENCHMARK + structure,
                        Map.of("distribution", "uniform", "executor", "roundRobin", "workers", most), 0, true));
            }
            for (String distribution : DISTRIBUTIONS) {
                for (int w : workers) {
                    for (String executor : executors) {
                        runs.add(new Run(BENCHMARK + structure,
                                Map.of("distribution", distribution, "executor", executor, "workers", "" + w), 0, false));
                    }
                    runs.add(new Run("InlineDictionaryBenchmark." + structure, Map.of("distribution", distribution), w,
                            false));
                }
            }
        }
        return runs;
    }

    /** Figure 9's runs: each executor at each worker count, then the plain loop at as many JMH threads. */
    public static List<Run> overheadRuns(int[] workers, boolean warmUps) {
        List<Run> runs = new ArrayList<>();
        if (warmUps) {
            runs.add(new Run("TransactionOverheadBenchmark.executor",
                    Map.of("executor", "roundRobin", "workers", "" + most(workers)), 0, true));
        }
        for (int w : workers) {
            for (String executor : PAPER_AND_JDK) {
                runs.add(new Run("TransactionOverheadBenchmark.executor",
                        Map.of("executor", executor, "workers", "" + w), 0, false));
            }
            runs.add(new Run("TransactionOverheadBenchmark.loop", Map.of(), w, false));
        }
        return runs;
    }

    /**
     * Whether [Bai06]'s claims read this dictionary run: roundRobin, fixedRange and adaptive at
     * 2 workers and more (claims 1, 3 and 4, and 2 at the most workers), fixedRange and adaptive
     * on the exponential distribution at 1 (claim 2).
     */
    public static boolean claimed(Run run) {
        String executor = run.params().getOrDefault("executor", "");
        int workers = Integer.parseInt(run.params().getOrDefault("workers", "0"));
        return run.method().startsWith(BENCHMARK) && PAPER_EXECUTORS.contains(executor)
                && (workers >= 2 || run.params().get("distribution").equals("exponential")
                        && !executor.equals("roundRobin"));
    }

    private static int most(int[] workers) {
        int most = 0;
        for (int w : workers) {
            most = Math.max(most, w);
        }
        return most;
    }
}
