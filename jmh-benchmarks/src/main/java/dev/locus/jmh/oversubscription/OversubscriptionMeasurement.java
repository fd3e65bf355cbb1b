package dev.locus.jmh.oversubscription;

import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Optional;

/**
 * One cell of the oversubscription suite: a workload run by {@code threads} threads under one
 * configuration (platform threads with a contention manager, or logical threads on LUTS).
 *
 * @param commitRate committed transactions per second (JMH's primary score)
 * @param commitRateError JMH's 99.9% confidence half-width; NaN when JMH could not give one
 * @param rounds the commit rate in each round; {@code commitRate} is their mean
 * @param abortRate aborted attempts per second, JMH's secondary metric {@code aborts}; NaN when
 *     the row has none
 * @param switchRate transactions LUTS switched out before they started, per second, the secondary
 *     metric {@code switches}; NaN when the row has none
 */
public record OversubscriptionMeasurement(Workload workload, String configuration, int threads, double commitRate,
        double commitRateError, Rounds rounds, double abortRate, double switchRate) {

    /** Aborted attempts over all attempts, aborts / (aborts + commits); NaN when aborts were not measured. */
    public double abortRatio() {
        return abortRate / (abortRate + commitRate);
    }

    /** Switches per committed transaction; NaN when switches were not measured. */
    double switchesPerCommit() {
        return switchRate / commitRate;
    }

    /**
     * A row of {@link OversubscriptionBenchmark}, whose params are {@code configuration} and
     * {@code threads} (its own threads, not JMH's); it scores committed transactions/s with the
     * secondary metrics {@code aborts}/s and {@code switches}/s.
     */
    public static Optional<OversubscriptionMeasurement> read(Row row) {
        if (!row.className().equals(OversubscriptionBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        return Workload.ofMethod(row.method()).map(workload -> new OversubscriptionMeasurement(workload,
                row.param("configuration"), Integer.parseInt(row.param("threads")),
                row.mean(), row.error(), row.primaryRounds(), row.secondary("aborts"), row.secondary("switches")));
    }
}
