package dev.locus.jmh.peer;

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
 * The main job's runs of the peer suite: the quick profile holds the cells the 2-core peer targets are
 * about, every implementation in each, at 2 workers; the full profile every workload at 1, 2 and
 * 4 producers and every worker count; {@code --only Peer} selects the suite alone. (ReproducePlanTest
 * checks that every run names a benchmark and parameter values that exist.)
 */
class PeerPlanTest {

    private static final int IMPLEMENTATIONS = PeerKind.values().length;

    @Test
    void quickProfileRunsTheTargetsCellsAtTwoWorkers() {
        List<Run> runs = peerRuns(Reproduce.parse(new String[0]).plan());
        Map<String, Set<Integer>> producers = recorded(runs).stream().collect(Collectors.groupingBy(
                r -> r.params().get("workload"), Collectors.mapping(Run::threads, Collectors.toSet())));
        assertEquals(Map.of("empty", Set.of(1, 2), "uniform", Set.of(2), "zipf", Set.of(1, 2, 4),
                "exponential", Set.of(2), "perKeyState", Set.of(2, 4)), producers);
        List<Run> first = recorded(runs).stream().filter(r -> r.round() == 1).toList();
        assertEquals(9 * IMPLEMENTATIONS, first.size(), "every implementation in each of 9 cells");
        assertTrue(recorded(runs).stream().allMatch(r -> r.params().get("workers").equals("2")), "at 2 workers");
        assertEquals(1, runs.stream().filter(Run::warmUp).count(), "one warm-up run, first");
        assertTrue(runs.get(0).warmUp());
        assertEquals(Set.copyOf(recorded(runs)).size(), recorded(runs).size(), "a cell twice in a round");
    }

    @Test
    void fullProfileRunsEveryWorkloadAtOneTwoAndFourProducersAndEveryWorkerCount() {
        List<Run> runs = peerRuns(Reproduce.parse(new String[] {"--full", "--workers", "1,2,4"}).plan());
        assertEquals(5 * 3 * 3 * IMPLEMENTATIONS, runs.size());
        assertTrue(runs.stream().noneMatch(Run::warmUp), "the full profile forks");
        assertEquals(Set.copyOf(runs).size(), runs.size(), "a cell twice");
    }

    @Test
    void onlyPeerSelectsThePeerSuiteAlone() {
        List<Run> plan = Reproduce.parse(new String[] {"--only", "Peer"}).plan();
        assertEquals(peerRuns(Reproduce.parse(new String[0]).plan()), plan);
        assertFalse(plan.isEmpty());
    }

    @Test
    void quickProfileRepeatsTheCellsTheTargetsReadInThreeRounds() {
        List<Run> runs = recorded(peerRuns(Reproduce.parse(new String[0]).plan()));
        Map<Integer, List<Run>> byRound = runs.stream().collect(Collectors.groupingBy(Run::round));
        assertEquals(Set.of(1, 2, 3), byRound.keySet());
        List<String> later = byRound.get(2).stream().map(PeerPlanTest::cell).toList();
        assertEquals(later, byRound.get(3).stream().map(PeerPlanTest::cell).toList(), "rounds 2 and 3 alike");
        assertEquals(17, later.size());
        assertEquals(Set.of("empty adaptive 1", "empty forkJoin 1", "empty adaptive 2", "empty forkJoin 2",
                "uniform adaptive 2", "uniform forkJoin 2", "uniform bookkeeper 2",
                "zipf adaptive 2", "zipf forkJoin 2", "zipf bookkeeper 2",
                "exponential adaptive 2", "exponential forkJoin 2", "exponential bookkeeper 2",
                "perKeyState adaptive 2", "perKeyState forkJoin 2", "perKeyState adaptive 4", "perKeyState forkJoin 4"),
                Set.copyOf(later));
        assertTrue(byRound.get(1).stream().map(PeerPlanTest::cell).toList().containsAll(later));
    }

    private static String cell(Run run) {
        return run.params().get("workload") + " " + run.params().get("implementation") + " " + run.threads();
    }

    private static List<Run> peerRuns(List<Run> plan) {
        return plan.stream().filter(r -> r.method().startsWith("PeerBenchmark.")).toList();
    }

    private static List<Run> recorded(List<Run> runs) {
        return runs.stream().filter(r -> !r.warmUp()).toList();
    }
}
