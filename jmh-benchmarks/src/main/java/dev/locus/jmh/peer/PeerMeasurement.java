package dev.locus.jmh.peer;

import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Optional;

/**
 * One cell of the peer suite: a workload submitted by {@code producers} JMH threads to
 * an executor of {@code workers} threads.
 *
 * @param tasksPerSecond tasks completed per second (JMH's primary score), the mean over rounds
 * @param error JMH's 99.9% confidence half-width of a cell measured in one round; NaN otherwise
 * @param rounds the tasks/s in each round
 */
public record PeerMeasurement(String workload, String implementation, int workers, int producers, double tasksPerSecond,
        double error, Rounds rounds) {
    /**
     * A row of {@code PeerBenchmark.tasks}, whose params are {@code implementation}, {@code workload}
     * and {@code workers}, producers being JMH threads; it scores tasks/s.
     */
    public static Optional<PeerMeasurement> read(Row row) {
        if (!row.className().equals(PeerBenchmark.class.getSimpleName()) || !row.method().equals("tasks")) {
            return Optional.empty();
        }
        return Optional.of(new PeerMeasurement(row.param("workload"), row.param("implementation"),
                Integer.parseInt(row.param("workers")), row.threads(), row.mean(), row.error(), row.primaryRounds()));
    }
}
