package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@code Reproduce --scaling}: the claims that need more than two workers, at the worker and
 * thread counts of issue 15 item 5, within one ten-minute call on the device.
 * (ReproducePlanTest checks that every run names a benchmark and parameter values that exist.)
 */
class ScalingPlanTest {

    private final Reproduce job = Reproduce.parse(new String[] {"--scaling"});

    @Test
    void runsEachSuiteAtItsScalingCounts() {
        List<Reproduce.Run> recorded = job.plan().stream().filter(r -> !r.warmUp() && r.round() == 1).toList();
        Map<String, Long> perSuite = recorded.stream().collect(Collectors.groupingBy(ScalingPlanTest::suite,
                Collectors.counting()));
        assertEquals(Map.of("DictionaryBenchmark", 3L * 2 * 3 * 3, "OversubscriptionBenchmark", 5L * 4 * 3,
                "ToggleBenchmark", 3L * 3 * 2 + 4 * 2 + 2 * 3), perSuite);
        assertEquals(Set.of("1", "4", "16"), values(recorded, "DictionaryBenchmark", "workers"));
        assertEquals(Set.of("2", "8", "16", "64"), values(recorded, "OversubscriptionBenchmark", "threads"));
        assertEquals(Set.of("1", "4", "8", "16"), values(recorded, "ToggleBenchmark", "workers"));
        assertEquals(Set.of("1", "4", "8", "16"), recorded.stream()
                .filter(r -> r.method().equals("ToggleBenchmark.xml")).map(r -> r.params().get("workers"))
                .collect(Collectors.toSet()), "Figure 3(b) at 1 worker too, its claim's base");
        assertEquals(Set.of("4", "8", "16"), recorded.stream()
                .filter(r -> r.method().equals("ToggleBenchmark.stmBench7")).map(r -> r.params().get("workers"))
                .collect(Collectors.toSet()));
        assertEquals(3 + 5 + 2, job.plan().stream().filter(Reproduce.Run::warmUp).count());
        assertEquals(recorded.size(), Set.copyOf(recorded).size(), "every cell once");
    }

    @Test
    void oneCallEndsWithinTheBudgetAsTheJavadocComputes() {
        Duration projected = ScalingPlan.projected(job.plan(), run -> job.options(run).build());
        assertEquals(Duration.ofMillis(535_800), projected);
        assertTrue(projected.compareTo(ScalingPlan.BUDGET) < 0, projected + " over " + ScalingPlan.BUDGET);
    }

    @Test
    void measuresTheClaimedCellsInThreeRoundsAndTheOthersInOne() {
        Map<Integer, Long> perRound = job.plan().stream().filter(r -> !r.warmUp())
                .collect(Collectors.groupingBy(Reproduce.Run::round, Collectors.counting()));
        long claimed = 2L * 3 * 3 * 2 + 3 * 2 + 5 * 2 * 2 + 3 * 3 * 2 + 4 * 2 + 2 * 2;
        assertEquals(Map.of(1, 54L + 60 + 32, 2, claimed, 3, claimed), perRound);
    }

    @Test
    void writesBesideTheMainResultsUnlessToldAndKeepsItsOwnCounts() {
        assertEquals(Path.of("results", "scaling"), job.out());
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--scaling", "--full"}));
        assertThrows(IllegalArgumentException.class,
                () -> Reproduce.parse(new String[] {"--scaling", "--workers", "2"}));
    }

    private static String suite(Reproduce.Run run) {
        return run.method().substring(0, run.method().indexOf('.'));
    }

    private static Set<String> values(List<Reproduce.Run> runs, String suite, String param) {
        return runs.stream().filter(r -> suite(r).equals(suite)).map(r -> r.params().get(param))
                .collect(Collectors.toSet());
    }
}
