package dev.locus.jmh.toggle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Reproduce;
import dev.locus.jmh.Run;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The main job's runs of the Toggle + STM suite: the quick profile runs the three
 * schedulers on STMBench7's three mixes and the XML document at 2 workers, every cell in three
 * interleaved rounds; the full profile every worker count from 2 up; {@code --only ToggleStm}
 * selects the suite alone. (ReproducePlanTest checks that every run names a benchmark and
 * parameter values that exist.)
 */
class ToggleStmPlanTest {

    private static final Set<String> SCHEDULERS = Set.of("roundRobin", "toggle", "togglePlacement");

    @Test
    void quickProfileRunsEverySchedulerOnEveryHierarchyAtTwoWorkers() {
        List<Run> runs = suite(Reproduce.parse(new String[0]).plan());
        List<Run> first = recorded(runs).stream().filter(r -> r.round() == 1).toList();
        assertEquals(Set.of("stmBench7 readDominated", "stmBench7 readWrite", "stmBench7 writeDominated", "xml 0.1"),
                first.stream().map(ToggleStmPlanTest::hierarchy).collect(Collectors.toSet()));
        Map<String, Set<String>> schedulers = first.stream().collect(Collectors.groupingBy(ToggleStmPlanTest::hierarchy,
                Collectors.mapping(r -> r.params().get("scheduler"), Collectors.toSet())));
        schedulers.values().forEach(each -> assertEquals(SCHEDULERS, each));
        assertEquals(12, first.size(), "3 schedulers × 4 hierarchies");
        assertTrue(recorded(runs).stream().allMatch(r -> r.params().get("workers").equals("2")), "at 2 workers");
        assertEquals(1, runs.stream().filter(Run::warmUp).count(), "one warm-up run, first");
        assertTrue(runs.get(0).warmUp());
        assertEquals(1 + 3 * 12, runs.size(), "a warm-up run and every cell in three rounds");
    }

    @Test
    void quickProfileRepeatsEveryCellInInterleavedRounds() {
        List<Run> runs = recorded(suite(Reproduce.parse(new String[0]).plan()));
        Map<Integer, List<String>> byRound = runs.stream().collect(Collectors.groupingBy(Run::round,
                Collectors.mapping(ToggleStmPlanTest::cell, Collectors.toList())));
        assertEquals(Set.of(1, 2, 3), byRound.keySet());
        assertEquals(byRound.get(1), byRound.get(2), "round 2 in round 1's order");
        assertEquals(byRound.get(1), byRound.get(3), "round 3 in round 1's order");
        assertEquals(Set.copyOf(byRound.get(1)).size(), byRound.get(1).size(), "a cell twice in a round");
        for (int i = 1; i < runs.size(); i++) {
            assertTrue(runs.get(i).round() >= runs.get(i - 1).round(), "round 1 of every cell first");
        }
    }

    @Test
    void fullProfileRunsEveryWorkerCountFromTwoInForks() {
        List<Run> runs = suite(Reproduce.parse(new String[] {"--full", "--workers", "1,2,4"}).plan());
        assertEquals(4 * 2 * 3, runs.size(), "4 hierarchies × workers 2 and 4 × 3 schedulers, once each");
        assertEquals(Set.of("2", "4"), runs.stream().map(r -> r.params().get("workers")).collect(Collectors.toSet()));
        assertTrue(runs.stream().noneMatch(Run::warmUp), "the full profile forks");
        assertTrue(runs.stream().allMatch(r -> r.round() == 1), "the full profile's rounds are its forks");
    }

    @Test
    void onlyToggleStmSelectsTheSuiteAlone() {
        List<Run> plan = Reproduce.parse(new String[] {"--only", "ToggleStm"}).plan();
        assertFalse(plan.isEmpty());
        assertEquals(suite(Reproduce.parse(new String[0]).plan()), plan);
        assertTrue(Reproduce.parse(new String[] {"--only", "Peer"}).plan().stream()
                .noneMatch(r -> r.method().startsWith("ToggleStm")), "--only Peer leaves it out");
    }

    private static String hierarchy(Run run) {
        String method = run.method().substring(run.method().indexOf('.') + 1);
        return method + " " + run.params().getOrDefault("mix", run.params().get("scale"));
    }

    private static String cell(Run run) {
        return hierarchy(run) + " " + run.params().get("scheduler") + " " + run.params().get("workers");
    }

    private static List<Run> suite(List<Run> plan) {
        return plan.stream().filter(r -> r.method().startsWith("ToggleStmBenchmark.")).toList();
    }

    private static List<Run> recorded(List<Run> runs) {
        return runs.stream().filter(r -> !r.warmUp()).toList();
    }
}
