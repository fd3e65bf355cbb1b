package dev.locus.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.dictionary.DictionaryMeasurement;
import dev.locus.jmh.dictionary.Metric;
import dev.locus.jmh.dictionary.Structure;
import dev.locus.jmh.oversubscription.OversubscriptionMeasurement;
import dev.locus.jmh.oversubscription.OversubscriptionResults;
import dev.locus.jmh.oversubscription.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsReaderTest {

    @TempDir
    Path directory;

    @Test
    void dictionaryRowsKeepTheirParamsAndContentionPerTransaction() throws IOException {
        Results results = read(new JmhJson()
                .dictionary("hashTable", "uniform", "adaptive", 4, 2_000_000, 50_000)
                .dictionary("sortedList", "exponential", "adaptiveCost", 2, 100_000, 20_000));

        DictionaryMeasurement hash = results.dictionary(Structure.HASH_TABLE, "uniform", "adaptive", 4).orElseThrow();
        assertEquals(2_000_000, hash.throughput());
        assertEquals(20_000, hash.throughputError(), "JmhJson's error is 1% of the score");
        assertEquals(50_000, hash.contentionPerSecond());
        assertEquals(0.025, hash.contentionPerTransaction(), 1e-12);
        assertEquals(0.2, results.value(Metric.CONTENTION, Structure.SORTED_LIST, "exponential", "adaptiveCost", 2),
                1e-12, "an executor the report does not know is read like the others");
        assertEquals(Set.of(4), results.workers(Structure.HASH_TABLE, "uniform"));
    }

    @Test
    void inlineRowsAreExecutorNoneWithWorkersFromThreads() throws IOException {
        Results results = read(new JmhJson().inline("redBlackTree", "gaussian", 3, 900_000, 9_000));

        DictionaryMeasurement none = results.dictionary(Structure.RED_BLACK_TREE, "gaussian", Names.NONE, 3)
                .orElseThrow();
        assertEquals(900_000, none.throughput());
        assertEquals(0.01, none.contentionPerTransaction(), 1e-12);
    }

    @Test
    void overheadRowsAndLoopRowsWithWorkersFromThreads() throws IOException {
        Results results = read(new JmhJson()
                .overhead("roundRobin", 2, 5_000_000)
                .loop(2, 10_000_000)
                .loop(8, 40_000_000));

        assertEquals(5_000_000, results.overhead("roundRobin", 2));
        assertEquals(10_000_000, results.overhead(Names.LOOP, 2));
        assertEquals(40_000_000, results.overhead(Names.LOOP, 8));
        assertEquals(List.of("roundRobin", Names.LOOP), List.copyOf(results.overheadExecutors()));
        assertEquals(Set.of(2, 8), results.overheadWorkers());
    }

    @Test
    void oversubscriptionRowsTakeTheirThreadsFromTheParameterAndHaveAnAbortRatio() throws IOException {
        OversubscriptionResults results = read(new JmhJson()
                .oversubscription("linkedList8k", "ctluts", 64, 30_000, 10_000)
                .oversubscription("linkedList8k", "basic", 2, 40_000, 0)
                .oversubscription("counterArray", "someNewConfiguration", 4, 1, 1))
                .oversubscription();

        OversubscriptionMeasurement ctluts = results.find(Workload.LINKED_LIST_8K, "ctluts", 64).orElseThrow();
        assertEquals(30_000, ctluts.commitRate());
        assertEquals(300, ctluts.commitRateError(), "JmhJson's error is 1% of the score");
        assertEquals(0.25, ctluts.abortRatio(), 1e-12, "aborts / (aborts + commits)");
        assertEquals(List.of("basic", "ctluts"), List.copyOf(results.configurations(Workload.LINKED_LIST_8K)),
                "platform threads first");
        assertEquals(Set.of(2, 64), results.threads(Workload.LINKED_LIST_8K));
        assertEquals(Set.of("basic", "ctluts", "someNewConfiguration"), results.allConfigurations());
        assertTrue(Double.isNaN(results.commitRate(Workload.SKIP_LIST, "basic", 2)));
    }

    @Test
    void rowsOfOtherBenchmarksAreSkipped() throws IOException {
        Results results = read(new JmhJson()
                .unrelated(7_000_000)
                .dictionary("hashTable", "uniform", "roundRobin", 2, 1_000_000)
                .unrelated(8_000_000));

        assertEquals(Set.of("roundRobin"), results.allExecutors());
        assertTrue(results.overheadWorkers().isEmpty());
    }

    @Test
    void nonFiniteNumbersAsJmhWritesThemAreRead() throws IOException {
        JmhJson json = new JmhJson().dictionary("hashTable", "uniform", "roundRobin", 1, 1_000_000);
        json.last().getAsJsonObject("primaryMetric").addProperty("scoreError", "NaN");
        json.dictionary("hashTable", "uniform", "roundRobin", 2, 2_000_000);
        json.last().getAsJsonObject("primaryMetric").addProperty("scoreError", "+INF");

        Results results = read(json);

        assertTrue(Double.isNaN(results.dictionary(Structure.HASH_TABLE, "uniform", "roundRobin", 1)
                .orElseThrow().throughputError()));
        assertEquals(Double.POSITIVE_INFINITY, results.dictionary(Structure.HASH_TABLE, "uniform", "roundRobin", 2)
                .orElseThrow().throughputError());
    }

    @Test
    void aRowWithoutTheContentionMetricHasNoContention() throws IOException {
        JmhJson json = new JmhJson().dictionary("hashTable", "uniform", "roundRobin", 1, 1_000_000, 10);
        json.last().getAsJsonObject("secondaryMetrics").remove("contentionInstances");

        Results results = read(json);

        assertTrue(Double.isNaN(results.value(Metric.CONTENTION, Structure.HASH_TABLE, "uniform", "roundRobin", 1)));
    }

    @Test
    void theSettingsOfTheRunAreDescribed() throws IOException {
        Results results = read(new JmhJson().loop(1, 1));

        assertEquals(List.of("JMH 1.37, JDK 17.0.15 (OpenJDK 64-Bit Server VM), 1 fork, warm-up 2 × 1 s,"
                + " measurement 3 × 1 s"), results.settings());
    }

    @Test
    void aFileWithOnlyOtherBenchmarksIsAnErrorNamingThem() throws IOException {
        IOException e = assertThrows(IOException.class, () -> read(new JmhJson().unrelated(1)));

        assertTrue(e.getMessage().contains("has no results of DictionaryBenchmark"), e.getMessage());
        assertTrue(e.getMessage().contains("it holds only " + JmhJson.UNRELATED), e.getMessage());
    }

    @Test
    void anEmptyArrayIsAnError() throws IOException {
        IOException e = assertThrows(IOException.class, () -> read(new JmhJson()));

        assertTrue(e.getMessage().contains("has no results of"), e.getMessage());
    }

    @Test
    void anEmptyFileIsAnError() throws IOException {
        Path empty = Files.writeString(directory.resolve("empty.json"), "");

        IOException e = assertThrows(IOException.class, () -> ResultsReader.read(empty));

        assertTrue(e.getMessage().endsWith("empty.json is empty; expected the JSON that JMH writes with -rf json"),
                e.getMessage());
    }

    @Test
    void textThatIsNotJsonIsAnError() throws IOException {
        Path text = Files.writeString(directory.resolve("results.txt"), "Benchmark  Mode  Cnt  Score\n{");

        IOException e = assertThrows(IOException.class, () -> ResultsReader.read(text));

        assertTrue(e.getMessage().contains("results.txt is not"), e.getMessage());
    }

    @Test
    void aMissingFileIsAnError() {
        Path missing = directory.resolve("missing.json");

        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> ResultsReader.read(missing));

        assertTrue(e.getMessage().contains("no JMH results file"), e.getMessage());
    }

    @Test
    void aRowWithoutItsParamIsAnErrorNamingTheRow() {
        JmhJson json = new JmhJson().unrelated(1).dictionary("hashTable", "uniform", "roundRobin", 1, 1);
        json.last().getAsJsonObject("params").remove("workers");

        IOException e = assertThrows(IOException.class, () -> read(json));

        assertEquals("jmh-results.json row 1 is malformed: no \"workers\"", e.getMessage());
    }

    @Test
    void aScoreInAnotherTimeUnitIsAnError() {
        JmhJson json = new JmhJson().loop(1, 1);
        json.last().getAsJsonObject("primaryMetric").addProperty("scoreUnit", "ops/ms");

        IOException e = assertThrows(IOException.class, () -> read(json));

        assertTrue(e.getMessage().contains("scores in ops/ms, the report reads throughput in ops/s"), e.getMessage());
    }

    @Test
    void rowsOfTheSameCellAreItsRoundsInFileOrderWithTheirMean() throws IOException {
        Results results = read(new JmhJson()
                .dictionary("hashTable", "uniform", "roundRobin", 2, 1, 10)
                .dictionary("hashTable", "uniform", "fixedRange", 2, 5)
                .dictionary("hashTable", "uniform", "roundRobin", 2, 3, 30)
                .oversubscription("skipList", "luts", 8, 1, 0)
                .oversubscription("skipList", "luts", 8, 2, 0));

        DictionaryMeasurement roundRobin = results.dictionary(Structure.HASH_TABLE, "uniform", "roundRobin", 2)
                .orElseThrow();
        assertEquals(List.of(1.0, 3.0), roundRobin.rounds().values());
        assertEquals(2, roundRobin.throughput());
        assertEquals(10, roundRobin.contentionPerTransaction(), 1e-9, "contention/s 20 over throughput 2");
        assertTrue(Double.isNaN(roundRobin.throughputError()), "the spread of several rows is their rounds'");
        assertEquals(List.of(1.0, 2.0), results.oversubscription().rounds(Workload.SKIP_LIST, "luts", 8).values());
        assertEquals(List.of(5.0), results.rounds(Structure.HASH_TABLE, "uniform", "fixedRange", 2).values());
    }

    @Test
    void eachForkOfARowIsARoundOfTheMeanOfItsIterations() throws IOException {
        Results results = read(new JmhJson()
                .dictionary("redBlackTree", "gaussian", "adaptive", 4, 4)
                .rawData(new double[] {1, 2, 3}, new double[] {5, 6, 7}));

        assertEquals(List.of(2.0, 6.0), results.rounds(Structure.RED_BLACK_TREE, "gaussian", "adaptive", 4).values());
    }

    private Results read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory));
    }
}
