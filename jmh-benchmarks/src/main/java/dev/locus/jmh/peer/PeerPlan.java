package dev.locus.jmh.peer;

import dev.locus.jmh.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The main job's runs of {@link PeerBenchmark}: every implementation in each cell,
 * producers being JMH threads, without meters ({@code meters=none}).
 *
 * <p>Quick profile, at the job's most workers (2 by default, the suite's N): the cells the suite's
 * targets are about — empty tasks at 1 and 2 producers; the uniform and exponential streams at 2;
 * the Zipf stream at 1, 2 and 4, to show how each executor scales with producers; per-key state at
 * 2 and 4 — every implementation in each, 63 cells, and the 17 cells the targets read
 * ({@link #claimed}) in two more rounds: 97 runs and a warm-up run, each a 0.5 s warm-up and one
 * 0.5 s iteration like the rest of the job's rounds, about two minutes on two cores. The full
 * profile runs every workload at 1, 2 and 4 producers and every worker count of the job.
 */
public final class PeerPlan {

    private static final String BENCHMARK = "PeerBenchmark.tasks";

    static final List<String> IMPLEMENTATIONS = Stream.of(PeerKind.values()).map(PeerKind::label).toList();
    static final List<String> WORKLOADS = Stream.of(PeerWorkload.values()).map(PeerWorkload::label).toList();
    static final List<Integer> PRODUCERS = List.of(1, 2, 4);
    /** The quick profile's producer counts per workload. */
    static final Map<String, List<Integer>> QUICK_PRODUCERS = Map.of("empty", List.of(1, 2), "uniform", List.of(2),
            "zipf", List.of(1, 2, 4), "exponential", List.of(2), "perKeyState", List.of(2, 4));

    /** The implementations the peer suite's targets compare. */
    private static final Set<String> COMPARED = Set.of("adaptive", "bookkeeper", "forkJoin");

    private PeerPlan() {
    }

    /**
     * The runs in the report's order (workload, producers, implementation), preceded, if
     * {@code warmUp}, by an unrecorded run of adaptive on the Zipf stream at 2 producers, which
     * compiles the benchmark's loop and the tasks before the first recorded run.
     */
    public static List<Run> runs(boolean full, int[] workers, boolean warmUp) {
        int most = Arrays.stream(workers).max().orElseThrow();
        List<Run> runs = new ArrayList<>();
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

    /**
     * Whether the peer suite's targets read this run: adaptive, bookkeeper and forkJoin on the key
     * streams at 2 producers, adaptive and forkJoin on empty tasks at 1 and 2 and on per-key state.
     */
    public static boolean claimed(Run run) {
        String implementation = run.params().getOrDefault("implementation", "");
        if (!run.method().equals(BENCHMARK) || !COMPARED.contains(implementation)) {
            return false;
        }
        return switch (run.params().get("workload")) {
            case "uniform", "zipf", "exponential" -> run.threads() == 2;
            case "empty" -> run.threads() <= 2 && !implementation.equals("bookkeeper");
            default -> !implementation.equals("bookkeeper");
        };
    }

    private static Run run(String implementation, String workload, int workers, int producers,
            boolean warmUp) {
        return new Run(BENCHMARK, Map.of("implementation", implementation, "workload", workload,
                "workers", Integer.toString(workers), "meters", "none"), producers, warmUp);
    }
}
