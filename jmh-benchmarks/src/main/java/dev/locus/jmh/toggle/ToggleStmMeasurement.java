package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Optional;

/**
 * One cell of the Toggle + STM suite: a hierarchy's transactions run by a scheduler
 * with {@code workers} workers.
 *
 * @param commitsPerSecond committed transactions per second (JMH's primary score), the mean over rounds
 * @param error JMH's 99.9% confidence half-width of a cell measured in one round; NaN otherwise
 * @param rounds the commits/s in each round
 * @param abortsPerSecond aborted attempts per second (the {@code aborts} counter), the mean over rounds
 */
public record ToggleStmMeasurement(ToggleStmWorkload workload, String scheduler, int workers, double commitsPerSecond,
        double error, Rounds rounds, double abortsPerSecond) {

    /** Aborted attempts per committed transaction; NaN without commits or without the counter. */
    double abortsPerCommit() {
        return commitsPerSecond > 0 ? abortsPerSecond / commitsPerSecond : Double.NaN;
    }

    /**
     * A row of {@link ToggleStmBenchmark}, whose params are {@code scheduler}, {@code workers} and
     * {@code mix} (for {@code stmBench7}) or {@code scale} (for {@code xml}); its hierarchy is the
     * method with its mix or scale. It scores commits/s with the auxiliary counter {@code aborts}/s.
     */
    public static Optional<ToggleStmMeasurement> read(Row row) {
        if (!row.className().equals(ToggleStmBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        String setting = switch (row.method()) {
            case ToggleStmWorkload.STMBENCH7 -> row.param("mix");
            case ToggleStmWorkload.XML -> row.param("scale");
            default -> null;
        };
        return setting == null ? Optional.empty() : Optional.of(new ToggleStmMeasurement(
                new ToggleStmWorkload(row.method(), setting), row.param("scheduler"), Integer.parseInt(row.param("workers")),
                row.mean(), row.error(), row.primaryRounds(), row.secondary("aborts")));
    }
}
