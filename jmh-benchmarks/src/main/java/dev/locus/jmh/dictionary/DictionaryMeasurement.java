package dev.locus.jmh.dictionary;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Optional;

/**
 * One cell of Figures 3–8: a dictionary benchmark's score for one distribution, executor and
 * number of workers.
 *
 * @param throughput committed transactions per second (JMH's primary score)
 * @param throughputError JMH's 99.9% confidence half-width of {@code throughput}; NaN when JMH had
 *     too few iterations to give one
 * @param rounds the throughput in each round; {@code throughput} is their mean
 * @param contentionPerSecond contention instances (aborted attempts) per second, JMH's secondary
 *     metric {@code contentionInstances}; NaN when the row has none
 */
public record DictionaryMeasurement(Structure structure, String distribution, String executor, int workers,
        double throughput, double throughputError, Rounds rounds, double contentionPerSecond) {

    /** Aborted attempts per committed transaction; NaN when contention was not measured. */
    public double contentionPerTransaction() {
        return contentionPerSecond / throughput;
    }

    /**
     * A row of {@link DictionaryBenchmark}, whose params are {@code distribution}, {@code executor}
     * and {@code workers}, or of {@link InlineDictionaryBenchmark}, whose only param is
     * {@code distribution} and which becomes executor {@link Names#NONE} with workers = JMH threads;
     * both score transactions/s with the secondary metric {@code contentionInstances}/s.
     */
    public static Optional<DictionaryMeasurement> read(Row row) {
        boolean inline = row.className().equals(InlineDictionaryBenchmark.class.getSimpleName());
        if (!inline && !row.className().equals(DictionaryBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        return Structure.ofMethod(row.method()).map(structure -> new DictionaryMeasurement(structure,
                row.param("distribution"),
                inline ? Names.NONE : row.param("executor"),
                inline ? row.threads() : Integer.parseInt(row.param("workers")),
                row.mean(), row.error(), row.primaryRounds(), row.secondary("contentionInstances")));
    }
}
