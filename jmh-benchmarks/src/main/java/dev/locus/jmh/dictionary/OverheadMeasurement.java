package dev.locus.jmh.dictionary;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Optional;

/**
 * One point of Figure 9: empty transactions per second through an executor with {@code workers}
 * workers, or, for {@link Names#LOOP}, on {@code workers} threads running them in a loop.
 *
 * @param throughputError JMH's 99.9% confidence half-width; NaN when JMH could not give one, or for
 *     several rounds
 * @param rounds the throughput in each round; {@code throughput} is their mean
 */
public record OverheadMeasurement(String executor, int workers, double throughput, double throughputError,
        Rounds rounds) {
    /**
     * A row of {@link TransactionOverheadBenchmark}: its {@code executor} rows carry {@code executor}
     * and {@code workers}; its {@code loop} rows become executor {@link Names#LOOP} with workers = JMH
     * threads.
     */
    public static Optional<OverheadMeasurement> read(Row row) {
        if (!row.className().equals(TransactionOverheadBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        return switch (row.method()) {
            case "executor" -> Optional.of(new OverheadMeasurement(row.param("executor"),
                    Integer.parseInt(row.param("workers")), row.mean(), row.error(), row.primaryRounds()));
            case "loop" -> Optional.of(new OverheadMeasurement(Names.LOOP, row.threads(),
                    row.mean(), row.error(), row.primaryRounds()));
            default -> Optional.empty();
        };
    }
}
