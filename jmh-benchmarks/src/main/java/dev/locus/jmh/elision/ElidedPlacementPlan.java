package dev.locus.jmh.elision;

import dev.locus.jmh.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The main job's runs of {@link ElidedPlacementBenchmark}: [Dice14]'s
 * HashMap as critical sections on a keyed executor, adaptive (keyed by bucket) against round-robin,
 * each with two workers, on the one-lock map and on the map of 16 segments, with the sections in
 * ALE's lambda form and in its inline form.
 *
 * <p>Quick profile: 8 cells. The report's claims read the 4 of the lambda form, as first measured
 * them, in {@value #QUICK_ROUNDS} rounds rather than the job's three: the claims read fall-backs,
 * rare events whose count in a 0.5 s round swings from none to thousands with how often the two
 * workers happen to run at once on a shared two-core machine, and three rounds left every interval
 * across its threshold. The inline form's 4 cells, shown beside them, keep one round. 28 runs and
 * two warm-up runs (one per form), each a 0.5 s warm-up and one 0.5 s iteration like the rest of
 * the job's rounds, about 35 seconds on two cores. The full profile runs the same cells, its rounds
 * being forks. The worker count is the benchmark's own (2), not the job's
 * {@code --workers}.
 */
public final class ElidedPlacementPlan {

    private static final String BENCHMARK = "ElidedPlacementBenchmark.mixed";
    /** The baseline the claims divide by first, then the executor that places by bucket. */
    static final List<String> EXECUTORS = List.of("roundRobin", "adaptive");
    static final List<String> SEGMENTS = List.of("1", "16");
    /** The lambda form, which the claims read, then the inline form. */
    static final List<String> FORMS = List.of(ElidedPlacementBenchmark.LAMBDA, ElidedPlacementBenchmark.INLINE);
    /** Rounds of every cell in the quick profile (see the class comment). */
    public static final int QUICK_ROUNDS = 6;

    private ElidedPlacementPlan() {
    }

    /**
     * The runs in the report's order (form, segments, executor), preceded, if {@code warmUp}, by an
     * unrecorded run of adaptive on the segmented map in each form, which compiles ALE's, the map's
     * and the executor's code before the first recorded run.
     */
    public static List<Run> runs(boolean warmUp) {
        List<Run> runs = new ArrayList<>();
        if (warmUp) {
            FORMS.forEach(form -> runs.add(run("adaptive", "16", form, true)));
        }
        for (String form : FORMS) {
            for (String segments : SEGMENTS) {
                for (String executor : EXECUTORS) {
                    runs.add(run(executor, segments, form, false));
                }
            }
        }
        return runs;
    }

    /**
     * Whether the report's claims read this run: every cell of the lambda form, each claim dividing
     * adaptive by round-robin.
     */
    public static boolean claimed(Run run) {
        return run.method().equals(BENCHMARK) && run.params().get("form").equals(ElidedPlacementBenchmark.LAMBDA);
    }

    private static Run run(String executor, String segments, String form, boolean warmUp) {
        return new Run(BENCHMARK, Map.of("executor", executor, "segments", segments, "form", form), 0,
                warmUp);
    }
}
