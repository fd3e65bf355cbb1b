package dev.locus.jmh.toggle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Reproduce;
import dev.locus.jmh.Run;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * The main job's runs of the Toggle suite: the quick profile covers every figure of [Kalikar19] §4
 * in the suite's grid within its time budget, the full profile the whole grid; every cell once, and
 * in the quick profile the cells the claims read in two more rounds.
 * (ReproducePlanTest checks that every run names a benchmark and parameter values that exist.)
 */
class TogglePlanTest {

    @Test
    void quickProfileRunsEveryFigureAtOneAndTwoWorkersAndTheSweepsAtTwo() {
        List<Run> runs = toggleRuns(Reproduce.parse(new String[0]).plan());
        Map<String, Long> perFigure = recorded(runs).stream()
                .collect(Collectors.groupingBy(TogglePlanTest::figure, Collectors.counting()));
        assertEquals(Map.of("stmBench7", 3L * 2 * 6, "xml", 2L * 3, "skewness", 5L * 2, "nodesPerTask", 5L * 2,
                "stealing", 2L * 3, "hierarchySize", 5L * 2), perFigure);
        assertEquals(2, runs.stream().filter(Run::warmUp).count(), "two warm-up runs in the quick profile");
        Map<String, Long> laterRounds = runs.stream().filter(r -> r.round() > 1)
                .collect(Collectors.groupingBy(TogglePlanTest::figure, Collectors.counting()));
        assertEquals(Map.of("stmBench7", 2L * 3 * 2, "xml", 2L * 2 * 2, "hierarchySize", 2L * 5 * 2,
                "stealing", 2L * 2 * 2), laterRounds, "rounds 2 and 3 of round-robin and Toggle over DomLock at 2"
                        + " workers (and at 1 on xml, the base of its speedups), and of stealing on and off");
        assertEquals(Set.of("1/roundRobin", "1/toggle", "2/roundRobin", "2/toggle"), runs.stream()
                .filter(r -> r.round() == 3 && figure(r).equals("xml"))
                .map(r -> r.params().get("workers") + "/" + r.params().get("scheduler")).collect(Collectors.toSet()));
        Set<String> stmBench7 = cells(runs, "stmBench7", r -> r.params().get("mix") + "/" + configuration(r)
                + "/" + r.params().get("workers"));
        for (String lockManager : TogglePlan.LOCK_MANAGERS) {
            assertTrue(stmBench7.contains("writeDominated/roundRobin+" + lockManager + "/2"), "" + stmBench7);
        }
        assertTrue(stmBench7.contains("readDominated/toggle+domLock/1"), "" + stmBench7);
        assertTrue(recorded(runs).stream().filter(r -> !figure(r).equals("stmBench7") && !figure(r).equals("xml"))
                .allMatch(r -> r.params().get("workers").equals("2")), "sweeps at the most workers");
        assertEquals(Set.of("uniform/roundRobin", "uniform/toggle", "uniform/toggleNoSteal", "skewed/roundRobin",
                "skewed/toggle", "skewed/toggleNoSteal"), cells(runs, "stealing",
                        r -> r.params().get("distribution") + "/" + r.params().get("scheduler")));
    }

    @Test
    void fullProfileRunsTheWholeGridAtTheWorkersGivenWithoutWarmUpRuns() {
        List<Run> runs = toggleRuns(Reproduce.parse(new String[] {"--full", "--workers", "1,2,4,8,16,32"})
                .plan());
        Map<String, Long> perFigure = runs.stream()
                .collect(Collectors.groupingBy(TogglePlanTest::figure, Collectors.counting()));
        assertEquals(Map.of("stmBench7", 3L * 6 * 8, "xml", 6L * 3, "skewness", 7L * 4, "nodesPerTask", 6L * 4,
                "stealing", 2L * 3, "hierarchySize", 5L * 4), perFigure);
        assertTrue(runs.stream().noneMatch(Run::warmUp), "forked runs warm up in their own JVMs");
        assertTrue(runs.stream().filter(r -> figure(r).equals("stealing"))
                .allMatch(r -> r.params().get("workers").equals("16")), "Figure 5 counts 16 workers at most");
        assertTrue(runs.stream().filter(r -> figure(r).equals("skewness"))
                .allMatch(r -> r.params().get("workers").equals("32")), "sweeps at the most workers");
    }

    @Test
    void everyCellIsMeasuredOnce() {
        for (String[] flags : List.of(new String[0], new String[] {"--full"})) {
            List<Run> runs = recorded(toggleRuns(Reproduce.parse(flags).plan()));
            assertEquals(runs.size(), Set.copyOf(runs).size(), "a run twice in " + List.of(flags));
        }
    }

    @Test
    void quickRunsAreShorterAndOthersUntouched() {
        var toggle = TogglePlan.quick(new Run("ToggleBenchmark.xml", Map.of(), 0, false),
                new OptionsBuilder()).build();
        assertEquals(TogglePlan.QUICK_ITERATIONS, toggle.getMeasurementIterations().get());
        assertEquals(TogglePlan.QUICK_WARM_UP, toggle.getWarmupTime().get());
        var other = TogglePlan.quick(new Run("ElisionBenchmark.mixed", Map.of(), 1, false),
                new OptionsBuilder()).build();
        assertFalse(other.getMeasurementIterations().hasValue(), "left to the profile");
    }

    private static List<Run> toggleRuns(List<Run> plan) {
        return plan.stream().filter(r -> r.method().startsWith("ToggleBenchmark.")).toList();
    }

    /** The recorded runs of round 1, each cell once. */
    private static List<Run> recorded(List<Run> runs) {
        return runs.stream().filter(r -> !r.warmUp() && r.round() == 1).toList();
    }

    private static String figure(Run run) {
        return run.method().substring(run.method().indexOf('.') + 1);
    }

    private static String configuration(Run run) {
        return run.params().get("scheduler") + "+" + run.params().get("lockManager");
    }

    private static Set<String> cells(List<Run> runs, String figure, Function<Run, String> cell) {
        return recorded(runs).stream().filter(r -> figure(r).equals(figure)).map(cell).collect(Collectors.toSet());
    }
}
