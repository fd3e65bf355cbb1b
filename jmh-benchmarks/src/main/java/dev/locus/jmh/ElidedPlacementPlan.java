package dev.locus.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The main job's runs of {@link ElidedPlacementBenchmark} (issue 17, item 3(b)): paper 003's
 * HashMap as critical sections on a keyed executor, adaptive (keyed by bucket) against round-robin,
 * each with two workers, on the one-lock map and on the map of 16 segments.
 *
 * <p>Quick profile: 4 cells, all of which the report's claims read, in {@value #QUICK_ROUNDS}
 * rounds rather than the job's three: the claims read fall-backs, rare events whose count in a
 * 0.5 s round swings from none to thousands with how often the two workers happen to run at once on
 * a shared two-core machine, and three rounds left every interval across its threshold. 24 runs
 * and a warm-up run, each a 0.5 s warm-up and one 0.5 s iteration like the rest of the job's
 * rounds, about 30 seconds on two cores. The full profile runs the same cells, its rounds being
 * forks. The worker count is the benchmark's own (2, as issue 17 asks), not the job's
 * {@code --workers}.
 */
final class ElidedPlacementPlan {

    private static final String BENCHMARK = "ElidedPlacementBenchmark.mixed";
    /** The baseline the claims divide by first, then the executor that places by bucket. */
    static final List<String> EXECUTORS = List.of("roundRobin", "adaptive");
    static final List<String> SEGMENTS = List.of("1", "16");
    /** Rounds of every cell in the quick profile (see the class comment). */
    static final int QUICK_ROUNDS = 6;

    private ElidedPlacementPlan() {
    }

    /**
     * The runs in the report's order (segments, executor), preceded, if {@code warmUp}, by an
     * unrecorded run of adaptive on the segmented map, which compiles ALE's, the map's and the
     * executor's code before the first recorded run.
     */
    static List<Reproduce.Run> runs(boolean warmUp) {
        List<Reproduce.Run> runs = new ArrayList<>();
        if (warmUp) {
            runs.add(run("adaptive", "16", true));
        }
        for (String segments : SEGMENTS) {
            for (String executor : EXECUTORS) {
                runs.add(run(executor, segments, false));
            }
        }
        return runs;
    }

    /** Whether the report's claims read this run: every cell, each claim dividing adaptive by round-robin. */
    static boolean claimed(Reproduce.Run run) {
        return run.method().equals(BENCHMARK);
    }

    private static Reproduce.Run run(String executor, String segments, boolean warmUp) {
        return new Reproduce.Run(BENCHMARK, Map.of("executor", executor, "segments", segments), 0, warmUp);
    }
}
