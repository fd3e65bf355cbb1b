package dev.locus.jmh.toggle;

import dev.locus.jmh.Run;
import dev.locus.jmh.scaling.ScalingPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The main job's runs of {@link ToggleBenchmark} ([Kalikar19] §4, Figures 3–6(a)). Figures 3(a) and
 * 3(b) run at every worker count of the job; the sweeps of Figures 4(a), 4(b), 5 and 6(a) at the
 * most workers (the paper runs them at 16 threads), capped at 16 for Figure 5, whose per-worker
 * counters stop there.
 *
 * <p>Quick profile (workers 1 and 2; 78 cells, the 24 its claims read in three rounds, 126
 * runs and two warm-up runs, about two minutes on two cores): Figure 3(a) with round-robin under each of the five lock managers and Toggle + DomLock;
 * 3(b) with round-robin and Toggle over DomLock, and Toggle's scheduler-exclusive mode; the sweeps
 * with round-robin and Toggle over DomLock, 5 skewness values, 5 task sizes and 5 hierarchy sizes;
 * Figure 5 with round-robin and Toggle with stealing on and off. Each quick run warms up for
 * {@link #QUICK_WARM_UP} and measures {@value #QUICK_ITERATIONS} iteration of
 * {@link #QUICK_ITERATION}, a round's score. The full profile adds Toggle + NumLock and the scheduler-exclusive mode
 * to Figure 3(a), stealing off and the scheduler-exclusive mode to the sweeps, and more points.
 */
public final class TogglePlan {

    private static final String BENCHMARK = "ToggleBenchmark.";
    private static final String ROUND_ROBIN = "roundRobin";
    private static final String TOGGLE = "toggle";
    private static final String NO_STEAL = "toggleNoSteal";
    private static final String EXCLUSIVE = "toggleExclusive";
    private static final String DOM_LOCK = "domLock";

    static final List<String> MIXES = List.of("readDominated", "readWrite", "writeDominated");
    static final List<String> LOCK_MANAGERS = List.of("coarse", "mediumGrained", "intention", DOM_LOCK, "numLock");
    /**
     * The tree-bank document at full size, 2,437,666 elements, in both profiles: it builds in a few
     * seconds, once per JVM.
     */
    static final String XML_SCALE = "1.0";
    static final List<Integer> SKEWNESS = List.of(1, 2, 4, 8, 16, 32, 64);
    static final List<Integer> QUICK_SKEWNESS = List.of(1, 2, 4, 16, 64);
    static final List<Integer> NODES = List.of(1, 2, 4, 8, 16, 32);
    static final List<Integer> QUICK_NODES = List.of(1, 2, 4, 8, 16);
    static final List<Integer> SIZES = List.of(100, 1_000, 10_000, 100_000, 1_000_000);
    static final List<String> DISTRIBUTIONS = List.of("uniform", "skewed");
    /** Figure 5 counts the tasks of this many workers at most (ToggleBenchmark.COUNTED_WORKERS). */
    static final int MOST_COUNTED_WORKERS = ToggleBenchmark.COUNTED_WORKERS;

    static final TimeValue QUICK_WARM_UP = TimeValue.milliseconds(500);
    static final int QUICK_ITERATIONS = 1;
    static final TimeValue QUICK_ITERATION = TimeValue.milliseconds(400);

    private TogglePlan() {
    }

    /**
     * The runs in the report's order, preceded, if {@code warmUps}, by the two warm-up runs at the
     * most workers ({@link #warmUps}).
     */
    public static List<Run> runs(boolean full, int[] workers, boolean warmUps) {
        int most = Arrays.stream(workers).max().orElseThrow();
        List<Run> runs = new ArrayList<>();
        if (warmUps) {
            warmUps(runs, most);
        }
        for (String mix : MIXES) {
            for (int w : workers) {
                for (String lockManager : LOCK_MANAGERS) {
                    runs.add(run("stmBench7", ROUND_ROBIN, lockManager, w, Map.of("mix", mix), false));
                }
                runs.add(run("stmBench7", TOGGLE, DOM_LOCK, w, Map.of("mix", mix), false));
                if (full) {
                    runs.add(run("stmBench7", TOGGLE, "numLock", w, Map.of("mix", mix), false));
                    runs.add(run("stmBench7", EXCLUSIVE, DOM_LOCK, w, Map.of("mix", mix), false));
                }
            }
        }
        List<String> schedulers = full ? List.of(ROUND_ROBIN, TOGGLE, NO_STEAL, EXCLUSIVE)
                : List.of(ROUND_ROBIN, TOGGLE);
        for (int w : workers) {
            for (String scheduler : List.of(ROUND_ROBIN, TOGGLE, EXCLUSIVE)) {
                runs.add(run("xml", scheduler, DOM_LOCK, w, Map.of("scale", XML_SCALE), false));
            }
        }
        sweep(runs, "skewness", "skewness", full ? SKEWNESS : QUICK_SKEWNESS, schedulers, most);
        sweep(runs, "nodesPerTask", "nodes", full ? NODES : QUICK_NODES, schedulers, most);
        stealing(runs, Math.min(most, MOST_COUNTED_WORKERS));
        sweep(runs, "hierarchySize", "size", SIZES, schedulers, most);
        return runs;
    }

    /**
     * Whether the Toggle claims read this run: round-robin and Toggle over DomLock on STMBench7 and
     * the hierarchy sizes with 2 workers or more, on the XML hierarchy at every worker count (its
     * claim divides each speedup by the 1-worker cell), and Toggle with stealing on and off on
     * Figure 5.
     */
    public static boolean claimed(Run run) {
        String method = run.method().substring(run.method().indexOf('.') + 1);
        String scheduler = run.params().getOrDefault("scheduler", "");
        boolean domLock = DOM_LOCK.equals(run.params().get("lockManager"));
        boolean compared = domLock && (scheduler.equals(ROUND_ROBIN) || scheduler.equals(TOGGLE));
        return run.method().startsWith(BENCHMARK) && switch (method) {
            case "stmBench7", "hierarchySize" -> compared && Integer.parseInt(run.params().get("workers")) >= 2;
            case "xml" -> compared;
            case "stealing" -> domLock && (scheduler.equals(TOGGLE) || scheduler.equals(NO_STEAL));
            default -> false;
        };
    }

    /**
     * The scaling profile's runs ({@link ScalingPlan}): after the warm-up runs at the most workers,
     * Figure 3(a) with round-robin and Toggle over DomLock at each of {@code workers}, Figure 3(b)
     * likewise at 1 worker, the base of its claim's speedups, and at each of {@code workers}, and
     * Figure 5 at the most workers, capped at {@link #MOST_COUNTED_WORKERS}.
     */
    public static List<Run> scaling(List<Integer> workers) {
        int most = workers.stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<Run> runs = new ArrayList<>();
        warmUps(runs, most);
        for (String mix : MIXES) {
            for (int w : workers) {
                runs.add(run("stmBench7", ROUND_ROBIN, DOM_LOCK, w, Map.of("mix", mix), false));
                runs.add(run("stmBench7", TOGGLE, DOM_LOCK, w, Map.of("mix", mix), false));
            }
        }
        List<Integer> xmlWorkers = new ArrayList<>(workers.contains(1) ? List.of() : List.of(1));
        xmlWorkers.addAll(workers);
        for (int w : xmlWorkers) {
            for (String scheduler : List.of(ROUND_ROBIN, TOGGLE)) {
                runs.add(run("xml", scheduler, DOM_LOCK, w, Map.of("scale", XML_SCALE), false));
            }
        }
        stealing(runs, Math.min(most, MOST_COUNTED_WORKERS));
        return runs;
    }

    /**
     * Two unrecorded warm-up runs at {@code workers}: Toggle + DomLock on STMBench7's read-write mix
     * and round-robin + DomLock on the uniform 1M-node tree, which compile the schedulers, DomLock
     * and the tasks' work.
     */
    private static void warmUps(List<Run> runs, int workers) {
        runs.add(run("stmBench7", TOGGLE, DOM_LOCK, workers, Map.of("mix", "readWrite"), true));
        runs.add(run("skewness", ROUND_ROBIN, DOM_LOCK, workers, Map.of("skewness", "1"), true));
    }

    /** Figure 5: round-robin and Toggle with stealing on and off, under both distributions. */
    private static void stealing(List<Run> runs, int workers) {
        for (String distribution : DISTRIBUTIONS) {
            for (String scheduler : List.of(ROUND_ROBIN, TOGGLE, NO_STEAL)) {
                runs.add(run("stealing", scheduler, DOM_LOCK, workers, Map.of("distribution", distribution), false));
            }
        }
    }

    /** {@code options} for {@code run} in the quick profile: this suite's runs are shorter. */
    public static ChainedOptionsBuilder quick(Run run, ChainedOptionsBuilder options) {
        return run.method().startsWith(BENCHMARK) ? options.warmupTime(QUICK_WARM_UP)
                .measurementIterations(QUICK_ITERATIONS).measurementTime(QUICK_ITERATION) : options;
    }

    private static void sweep(List<Run> runs, String method, String param, List<Integer> values,
            List<String> schedulers, int workers) {
        for (int value : values) {
            for (String scheduler : schedulers) {
                runs.add(run(method, scheduler, DOM_LOCK, workers, Map.of(param, Integer.toString(value)), false));
            }
        }
    }

    private static Run run(String method, String scheduler, String lockManager, int workers,
            Map<String, String> params, boolean warmUp) {
        Map<String, String> all = new HashMap<>(params);
        all.put("scheduler", scheduler);
        all.put("lockManager", lockManager);
        all.put("workers", Integer.toString(workers));
        return new Run(BENCHMARK + method, Map.copyOf(all), 0, warmUp);
    }
}
