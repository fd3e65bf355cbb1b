package dev.locus.jmh.elision;

import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One cell of the elision suite: a workload run by {@code threads} JMH threads on one HashMap
 * implementation.
 *
 * @param opsPerSecond operations per second over all threads (JMH's primary score)
 * @param error JMH's 99.9% confidence half-width; NaN when JMH could not give one, or for several rounds
 * @param rounds the ops/s in each round; {@code opsPerSecond} is their mean
 * @param lockAttemptNanos ALE's mean time of a successful LOCK attempt of get in each round, from
 *     getOnly's counters {@code lockSuccessNanos ÷ lockTimedSuccesses}; none where not recorded
 *     (mixed, results older than the counters, a map without ALE, a policy that never locks)
 * @param swoptAttemptNanos the same for SWOPT attempts ({@code swoptSuccessNanos ÷ swoptTimedSuccesses})
 */
public record ElisionMeasurement(ElisionWorkload workload, String implementation, int threads, double opsPerSecond,
        double error, Rounds rounds, Rounds lockAttemptNanos, Rounds swoptAttemptNanos) {

    /** A cell without ALE's attempt times. */
    ElisionMeasurement(ElisionWorkload workload, String implementation, int threads, double opsPerSecond,
            double error, Rounds rounds) {
        this(workload, implementation, threads, opsPerSecond, error, rounds, Rounds.NONE, Rounds.NONE);
    }

    /**
     * A row of {@link ElisionBenchmark}, whose params are {@code implementation} (an implementation
     * in ALE's inline form ends in {@code _INLINE}) and, for {@code getOnly}, {@code valueSize}; it
     * scores operations/s of all JMH threads, with the time per timed attempt of each path.
     */
    public static Optional<ElisionMeasurement> read(Row row) {
        if (!row.className().equals(ElisionBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        int valueSize = switch (row.method()) {
            case ElisionWorkload.GET_ONLY -> Integer.parseInt(row.param("valueSize"));
            case ElisionWorkload.MIXED -> ElisionWorkload.MIXED_VALUE_SIZE;
            default -> -1;
        };
        return valueSize < 0 ? Optional.empty() : Optional.of(new ElisionMeasurement(
                new ElisionWorkload(row.method(), valueSize), row.param("implementation"), row.threads(),
                row.mean(), row.error(), row.primaryRounds(),
                quotient(row.secondaryRounds("lockSuccessNanos"), row.secondaryRounds("lockTimedSuccesses")),
                quotient(row.secondaryRounds("swoptSuccessNanos"), row.secondaryRounds("swoptTimedSuccesses"))));
    }

    /**
     * {@code sums} over {@code counts} round by round, such as nanoseconds per timed attempt (both
     * per second, which divides out); none unless both have every round and each count is positive.
     */
    private static Rounds quotient(Rounds sums, Rounds counts) {
        if (sums.isEmpty() || sums.count() != counts.count()
                || counts.values().stream().anyMatch(count -> !(count > 0))) {
            return Rounds.NONE;
        }
        List<Double> quotients = new ArrayList<>();
        for (int i = 0; i < sums.count(); i++) {
            quotients.add(sums.values().get(i) / counts.values().get(i));
        }
        return new Rounds(quotients);
    }
}
