package dev.locus.jmh.toggle;

import dev.locus.jmh.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The main job's runs of {@link ToggleStmBenchmark}: round-robin + STM,
 * Toggle + STM and Toggle's placement alone + STM in every cell, each cell a hierarchy (STMBench7's
 * three mixes and the XML document at scale {@value #XML_SCALE}) and a worker count.
 *
 * <p>Quick profile: the job's most workers (2 by default), 12 cells, all of which the report's
 * claims read ({@link #claimed}), so three rounds: 36 runs and a warm-up run, each a 0.5 s
 * warm-up and one 0.5 s iteration like the rest of the job's rounds, about 50 seconds on two
 * cores. The full profile runs every worker count of the job from 2 up (one worker runs one
 * transaction at a time under any scheduler, so the claims do not read it), its rounds being
 * forks; a job of one worker only still runs its cells, at 1.
 */
public final class ToggleStmPlan {

    private static final String BENCHMARK = "ToggleStmBenchmark.";
    /** The baseline the claims divide by, then the two ways of running transactions on Toggle. */
    static final List<String> SCHEDULERS = List.of("roundRobin", "toggle", "togglePlacement");
    static final List<String> MIXES = List.of("readDominated", "readWrite", "writeDominated");
    /** The benchmark's one document scale: a tenth of the tree-bank's 2,437,666 elements. */
    static final String XML_SCALE = "0.1";

    private ToggleStmPlan() {
    }

    /**
     * The runs in the report's order (hierarchy, workers, scheduler), preceded, if {@code warmUp},
     * by an unrecorded run of Toggle on STMBench7's read-write mix at the most workers, which
     * compiles the STM's and both schedulers' code before the first recorded run.
     */
    public static List<Run> runs(boolean full, int[] workers, boolean warmUp) {
        int most = Arrays.stream(workers).max().orElseThrow();
        int[] counts = full ? Arrays.stream(workers).filter(w -> w >= 2).toArray() : new int[] {most};
        if (counts.length == 0) {
            counts = new int[] {most};
        }
        List<Run> runs = new ArrayList<>();
        if (warmUp) {
            runs.add(run("stmBench7", "toggle", most, Map.of("mix", "readWrite"), true));
        }
        for (String mix : MIXES) {
            for (int w : counts) {
                for (String scheduler : SCHEDULERS) {
                    runs.add(run("stmBench7", scheduler, w, Map.of("mix", mix), false));
                }
            }
        }
        for (int w : counts) {
            for (String scheduler : SCHEDULERS) {
                runs.add(run("xml", scheduler, w, Map.of("scale", XML_SCALE), false));
            }
        }
        return runs;
    }

    /**
     * Whether the report's claims read this run: every cell, as each claim divides one of the
     * Toggle schedulers by round-robin in every cell.
     */
    public static boolean claimed(Run run) {
        return run.method().startsWith(BENCHMARK);
    }

    private static Run run(String method, String scheduler, int workers, Map<String, String> params,
            boolean warmUp) {
        Map<String, String> all = new HashMap<>(params);
        all.put("scheduler", scheduler);
        all.put("workers", Integer.toString(workers));
        return new Run(BENCHMARK + method, Map.copyOf(all), 0, warmUp);
    }
}
