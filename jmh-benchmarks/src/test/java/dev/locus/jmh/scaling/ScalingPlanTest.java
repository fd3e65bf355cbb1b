package dev.locus.jmh.scaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Reproduce;
import dev.locus.jmh.Run;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code Reproduce --scaling}: the claims that need more than two workers, at the worker and
 * thread counts the scaling profile promises, within one ten-minute call on the device.
 * (ReproducePlanTest checks that every run names a benchmark and parameter values that exist.)
 */
class ScalingPlanTest {

    private final Reproduce job = Reproduce.parse(new String[] {"--scaling"});

    @Test
    void runsEachSuiteAtItsScalingCounts() {
        List<Run> recorded = job.plan().stream().filter(r -> !r.warmUp() && r.round() == 1).toList();
        Map<String, Long> perSuite = recorded.stream().collect(Collectors.groupingBy(ScalingPlanTest::suite,
                Collectors.counting()));
        assertEquals(Map.of("DictionaryBenchmark", 3L * (2 + 2 * 2 * 3), "OversubscriptionBenchmark", 6L * 2 * 2,
                "ToggleBenchmark", 3L * 2 * 2 + 3 * 2 + 2 * 3), perSuite);
        assertEquals(Set.of("1", "4", "16"), values(recorded, "DictionaryBenchmark", "workers"));
        assertTrue(recorded.stream().filter(r -> r.method().startsWith("DictionaryBenchmark.")
                        && r.params().get("workers").equals("1"))
                .allMatch(r -> r.params().get("distribution").equals("exponential")
                        && !r.params().get("executor").equals("roundRobin")),
                "1 worker only where claim 2's speedups need it");
        assertEquals(Set.of("16", "64"), values(recorded, "OversubscriptionBenchmark", "threads"));
        assertEquals(Set.of("basic", "luts"), values(recorded, "OversubscriptionBenchmark", "configuration"));
        assertTrue(recorded.stream().anyMatch(r -> r.method().equals("OversubscriptionBenchmark.kmeansHigh"))
                && recorded.stream().anyMatch(r -> r.method().equals("OversubscriptionBenchmark.vacationHigh")),
                "STAMP's applications, the papers' own workloads");
        assertEquals(Set.of("1", "4", "16"), values(recorded, "ToggleBenchmark", "workers"));
        assertEquals(Set.of("1", "4", "16"), recorded.stream()
                .filter(r -> r.method().equals("ToggleBenchmark.xml")).map(r -> r.params().get("workers"))
                .collect(Collectors.toSet()), "Figure 3(b) at 1 worker too, its claim's base");
        assertEquals(Set.of("4", "16"), recorded.stream()
                .filter(r -> r.method().equals("ToggleBenchmark.stmBench7")).map(r -> r.params().get("workers"))
                .collect(Collectors.toSet()));
        assertEquals(3 + 6 + 2, job.plan().stream().filter(Run::warmUp).count());
        assertEquals(recorded.size(), Set.copyOf(recorded).size(), "every cell once");
    }

    @Test
    void oneCallEndsWithinTheBudgetAsTheJavadocComputes() {
        Duration projected = ScalingPlan.projected(job.plan(), run -> job.options(run).build());
        assertEquals(Duration.ofMillis(510_200), projected);
        assertTrue(projected.compareTo(ScalingPlan.BUDGET) < 0, projected + " over " + ScalingPlan.BUDGET);
    }

    @Test
    void measuresTheDictionaryInFourRoundsTheOtherClaimedCellsInThreeAndTheRestInOne() {
        Map<Integer, Long> perRound = job.plan().stream().filter(r -> !r.warmUp())
                .collect(Collectors.groupingBy(Run::round, Collectors.counting()));
        long dictionary = 42;
        long claimed = dictionary + 24 + 3 * 2 * 2 + 3 * 2 + 2 * 2;
        assertEquals(Map.of(1, dictionary + 24 + 24, 2, claimed, 3, claimed, 4, dictionary), perRound);
    }

    @Test
    void writesBesideTheMainResultsUnlessToldAndKeepsItsOwnCounts() {
        assertEquals(Path.of("results", "scaling"), job.out());
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--scaling", "--full"}));
        assertThrows(IllegalArgumentException.class,
                () -> Reproduce.parse(new String[] {"--scaling", "--workers", "2"}));
    }

    private static String suite(Run run) {
        return run.method().substring(0, run.method().indexOf('.'));
    }

    private static Set<String> values(List<Run> runs, String suite, String param) {
        return runs.stream().filter(r -> suite(r).equals(suite)).map(r -> r.params().get(param))
                .collect(Collectors.toSet());
    }
}
