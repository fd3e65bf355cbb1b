package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The main job's runs of issue 17's elided-placement suite: both executors on both maps, every
 * cell in six interleaved rounds after one warm-up run in the quick profile, once each (forked)
 * in the full one; {@code --only ElidedPlacement} selects the suite alone. (ReproducePlanTest
 * checks that every run names a benchmark and parameter values that exist.)
 */
class ElidedPlacementPlanTest {

    @Test
    void quickProfileRunsBothExecutorsOnBothMapsInSixRounds() {
        List<Reproduce.Run> runs = suite(Reproduce.parse(new String[0]).plan());
        List<Reproduce.Run> first = runs.stream().filter(r -> !r.warmUp() && r.round() == 1).toList();
        assertEquals(Set.of("roundRobin 1", "adaptive 1", "roundRobin 16", "adaptive 16"),
                first.stream().map(ElidedPlacementPlanTest::cell).collect(Collectors.toSet()));
        assertTrue(runs.get(0).warmUp());
        assertEquals(1, runs.stream().filter(Reproduce.Run::warmUp).count());
        assertEquals(1 + 6 * 4, runs.size(), "a warm-up run and every cell in six rounds");
        for (int round = 2; round <= 6; round++) {
            int r = round;
            assertEquals(first.stream().map(ElidedPlacementPlanTest::cell).toList(),
                    runs.stream().filter(run -> run.round() == r).map(ElidedPlacementPlanTest::cell).toList(),
                    "round " + round + " in round 1's order");
        }
    }

    @Test
    void fullProfileRunsEachCellOnceForked() {
        List<Reproduce.Run> runs = suite(Reproduce.parse(new String[] {"--full"}).plan());
        assertEquals(4, runs.size());
        assertTrue(runs.stream().noneMatch(Reproduce.Run::warmUp));
    }

    @Test
    void onlyElidedPlacementSelectsTheSuiteAlone() {
        List<Reproduce.Run> plan = Reproduce.parse(new String[] {"--only", "ElidedPlacement"}).plan();
        assertFalse(plan.isEmpty());
        assertEquals(suite(Reproduce.parse(new String[0]).plan()), plan);
    }

    private static List<Reproduce.Run> suite(List<Reproduce.Run> plan) {
        return plan.stream().filter(r -> r.method().startsWith("ElidedPlacementBenchmark.")).toList();
    }

    private static String cell(Reproduce.Run run) {
        return run.params().get("executor") + " " + run.params().get("segments");
    }
}
