package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.htm.NativeHtm;
import dev.locus.jmh.hashmap.Implementation;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The main job's plan names benchmarks and parameter values that exist, so that a renamed method
 * or parameter fails here rather than minutes into the job; and the quick profile is the issue's
 * grid: 9 structure × distribution cells × 6 executors × 2 worker counts, plus Figure 9, plus the
 * oversubscription suite's quick grid; the full profile has that suite's whole grid.
 */
class ReproducePlanTest {

    private static final Set<BenchmarkListEntry> BENCHMARKS = BenchmarkList.defaultList()
            .getAll(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of());

    @ParameterizedTest(name = "flags \"{0}\"")
    @ValueSource(strings = {"", "--full", "--scaling"})
    void everyRunSelectsOneBenchmarkWithDeclaredParameterValues(String flags) {
        List<Run> plan = Reproduce.parse(flags.isEmpty() ? new String[0] : flags.split(" ")).plan();
        for (Run run : plan) {
            Pattern include = Pattern.compile(run.include());
            List<BenchmarkListEntry> matching = BENCHMARKS.stream()
                    .filter(b -> include.matcher(b.getUsername()).find()).toList();
            assertEquals(1, matching.size(), run + " selects " + matching.size() + " benchmarks");
            Map<String, String[]> declared = matching.get(0).getParams().orElse(Map.of());
            run.params().forEach((name, value) -> {
                assertTrue(declared.containsKey(name), run + ": no parameter " + name);
                if (!name.equals("workers")) {
                    assertTrue(List.of(declared.get(name)).contains(value), run + ": " + name + "=" + value);
                }
            });
            assertEquals(declared.keySet(), run.params().keySet(), run + " leaves a parameter to JMH's defaults");
        }
    }

    @Test
    void quickProfileCoversEveryCellAtOneAndTwoWorkers() {
        List<Run> plan = Reproduce.parse(new String[0]).plan();
        Set<String> dictionaryCells = plan.stream()
                .filter(r -> !r.warmUp() && r.method().contains("DictionaryBenchmark."))
                .map(r -> r.method().substring(r.method().indexOf('.') + 1) + "/" + r.params().get("distribution")
                        + "/" + r.params().getOrDefault("executor", "none")
                        + "/" + r.params().getOrDefault("workers", "" + r.threads()))
                .collect(Collectors.toSet());
        assertEquals(3 * 3 * 6 * 2, dictionaryCells.size());
        Collection<String> overhead = plan.stream()
                .filter(r -> !r.warmUp() && r.method().startsWith("TransactionOverhead"))
                .map(Run::toString).toList();
        assertEquals(2 * 6, overhead.size(), "Figure 9: five executors and the loop at 1 and 2 workers");
    }

    @Test
    void quickProfileRunsTheCellsTheClaimsReadInInterleavedRounds() {
        List<Run> plan = Reproduce.parse(new String[0]).plan();
        List<Run> dictionary = plan.stream()
                .filter(r -> !r.warmUp() && r.method().startsWith("DictionaryBenchmark.")).toList();
        Map<String, Long> rounds = dictionary.stream().collect(Collectors.groupingBy(r -> r.method() + new TreeMap<>(r.params()),
                Collectors.counting()));
        assertEquals(3, rounds.get(cell("hashTable", "uniform", "fixedRange", 2)));
        assertEquals(3, rounds.get(cell("sortedList", "exponential", "adaptive", 1)), "claim 2");
        assertEquals(1, rounds.get(cell("sortedList", "uniform", "adaptive", 1)));
        assertEquals(1, rounds.get(cell("redBlackTree", "gaussian", "forkJoin", 2)), "no claim reads it");
        assertEquals(3 * 3 * 3 + 3 * 2, dictionary.stream().filter(r -> r.round() == 3).count());
        for (int i = 1; i < dictionary.size(); i++) {
            assertTrue(dictionary.get(i).round() >= dictionary.get(i - 1).round(), "round 1 of every cell first");
        }
        List<Run> elision = plan.stream().filter(r -> r.method().startsWith("ElisionBenchmark.")).toList();
        assertEquals(Set.of("ADAPTIVE", "LOCK_ONLY", "SWOPT_1", "SWOPT_10", "ADAPTIVE_INLINE", "LOCK_ONLY_INLINE",
                "SWOPT_1_INLINE", "SWOPT_10_INLINE"), elision.stream()
                .filter(r -> r.round() > 1).map(r -> r.params().get("implementation")).collect(Collectors.toSet()));
        assertTrue(Reproduce.parse(new String[] {"--full"}).plan().stream().allMatch(r -> r.round() == 1),
                "the full profile's rounds are its forks");
    }

    @ParameterizedTest(name = "flags \"{0}\"")
    @ValueSource(strings = {"", "--full"})
    void elisionSuiteRunsEveryImplementationTheCpuSupportsInEveryCell(String flags) {
        boolean full = !flags.isEmpty();
        List<Run> elision = Reproduce.parse(full ? new String[] {flags} : new String[0]).plan().stream()
                .filter(r -> r.method().startsWith("ElisionBenchmark.") && r.round() == 1).toList();
        long implementations = Stream.of(Implementation.values())
                .filter(i -> !i.needsRtm() || NativeHtm.rtmSupported()).count();
        int threadCounts = full ? 4 : 2;
        int mostThreads = full ? 8 : 2;
        int getOnlySizes = full ? 4 : 2;
        assertEquals(implementations * threadCounts * (getOnlySizes + 1), elision.size(),
                "get-only per value size and mixed, each at every thread count");
        assertTrue(elision.stream().anyMatch(r -> r.params().get("implementation").equals("ADAPTIVE")
                && r.method().endsWith("mixed") && r.threads() == mostThreads));
        assertTrue(elision.stream().allMatch(r -> r.threads() > 0), "threads are JMH's -t, never the default");
    }

    @Test
    void quickProfileRunsTheOversubscriptionSuiteAtTwoAndSixtyFourThreadsUnderEveryConfiguration() {
        List<Run> plan = Reproduce.parse(new String[0]).plan();

        Set<String> cells = oversubscriptionCells(plan);
        assertEquals(7 * 2 * 11, cells.size(), "7 workloads × threads 2, 64 × 11 configurations");
        assertTrue(cells.contains("counterArray/64/lutsAts"), "" + cells);
        assertTrue(cells.contains("linkedList8k/2/serializeSpin"), "" + cells);
        assertTrue(cells.contains("kmeansHigh/64/polka"), "" + cells);
        assertTrue(cells.contains("vacationHigh/2/yielding"), "" + cells);
        assertEquals(7, plan.stream().filter(r -> r.warmUp() && r.method().startsWith("Oversubscription")).count(),
                "a warm-up run per workload");
    }

    @Test
    void fullProfileRunsTheOversubscriptionSuitesWholeGridWithoutWarmUpRuns() {
        List<Run> plan = Reproduce.parse(new String[] {"--full"}).plan();

        assertEquals(9 * 7 * 11, oversubscriptionCells(plan).size(), "9 workloads × 7 thread counts × 11");
        assertTrue(plan.stream().noneMatch(Run::warmUp), "forked runs warm up in their own JVMs");
    }

    @Test
    void onlyKeepsTheRunsOfTheBenchmarksItFinds() {
        List<Run> plan = Reproduce.parse(new String[] {"--only", "Oversubscription.*List"}).plan();

        assertEquals(3 * (1 + 2 * 11 + 2 * 2 * 2), plan.size(), "skipList, linkedList1k, linkedList8k with their"
                + " warm-up runs, and rounds 2 and 3 of luts and basic at 2 and 64 threads");
        assertTrue(plan.stream().allMatch(r -> r.method().matches("OversubscriptionBenchmark\\.\\w+List\\w*")),
                "" + plan);
    }

    /** A dictionary run's method and params, as the rounds test groups them. */
    private static String cell(String structure, String distribution, String executor, int workers) {
        return "DictionaryBenchmark." + structure + new TreeMap<>(Map.of("distribution", distribution, "executor",
                executor, "workers", Integer.toString(workers)));
    }

    private static Set<String> oversubscriptionCells(List<Run> plan) {
        return plan.stream()
                .filter(r -> !r.warmUp() && r.method().startsWith("OversubscriptionBenchmark."))
                .map(r -> r.method().substring(r.method().indexOf('.') + 1) + "/" + r.params().get("threads")
                        + "/" + r.params().get("configuration"))
                .collect(Collectors.toSet());
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--workers", "0,2"}));
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--workers", "two"}));
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--workers"}));
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--fast"}));
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--only", "("}));
        assertThrows(IllegalArgumentException.class, () -> Reproduce.parse(new String[] {"--only"}));
    }
}
