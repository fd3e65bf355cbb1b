package dev.locus.jmh.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Reproduce;
import dev.locus.jmh.Run;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The main job's runs of the elided-placement suite: both executors on both maps in both of
 * ALE's forms, the lambda form's cells (which the claims read) in six interleaved rounds, the
 * inline form's in one, after a warm-up run per form in the quick profile, once each (forked) in
 * the full one; {@code --only ElidedPlacement} selects the suite alone. (ReproducePlanTest checks
 * that every run names a benchmark and parameter values that exist.)
 */
class ElidedPlacementPlanTest {

    @Test
    void quickProfileRunsBothExecutorsOnBothMapsInBothFormsTheLambdaFormsInSixRounds() {
        List<Run> runs = suite(Reproduce.parse(new String[0]).plan());
        List<Run> first = runs.stream().filter(r -> !r.warmUp() && r.round() == 1).toList();
        assertEquals(Set.of("roundRobin 1 lambda", "adaptive 1 lambda", "roundRobin 16 lambda", "adaptive 16 lambda",
                "roundRobin 1 inline", "adaptive 1 inline", "roundRobin 16 inline", "adaptive 16 inline"),
                first.stream().map(ElidedPlacementPlanTest::cell).collect(Collectors.toSet()));
        assertTrue(runs.get(0).warmUp() && runs.get(1).warmUp(), "a warm-up run per form first");
        assertEquals(2, runs.stream().filter(Run::warmUp).count());
        assertEquals(2 + 8 + 5 * 4, runs.size(), "warm-ups, every cell once, the claimed (lambda) cells in five more rounds");
        List<String> claimed = first.stream().filter(ElidedPlacementPlan::claimed).map(ElidedPlacementPlanTest::cell)
                .toList();
        assertTrue(claimed.stream().allMatch(cell -> cell.endsWith(" lambda")), claimed.toString());
        for (int round = 2; round <= 6; round++) {
            int r = round;
            assertEquals(claimed, runs.stream().filter(run -> run.round() == r).map(ElidedPlacementPlanTest::cell)
                    .toList(), "round " + round + " in round 1's order");
        }
    }

    @Test
    void fullProfileRunsEachCellOnceForked() {
        List<Run> runs = suite(Reproduce.parse(new String[] {"--full"}).plan());
        assertEquals(8, runs.size());
        assertTrue(runs.stream().noneMatch(Run::warmUp));
    }

    @Test
    void onlyElidedPlacementSelectsTheSuiteAlone() {
        List<Run> plan = Reproduce.parse(new String[] {"--only", "ElidedPlacement"}).plan();
        assertFalse(plan.isEmpty());
        assertEquals(suite(Reproduce.parse(new String[0]).plan()), plan);
    }

    private static List<Run> suite(List<Run> plan) {
        return plan.stream().filter(r -> r.method().startsWith("ElidedPlacementBenchmark.")).toList();
    }

    private static String cell(Run run) {
        return run.params().get("executor") + " " + run.params().get("segments") + " " + run.params().get("form");
    }
}
