package dev.locus.jmh.peer;

import dev.locus.jmh.report.Rounds;

/**
 * One cell of the peer suite (issue 14): a workload submitted by {@code producers} JMH threads to
 * an executor of {@code workers} threads.
 *
 * @param tasksPerSecond tasks completed per second (JMH's primary score), the mean over rounds
 * @param error JMH's 99.9% confidence half-width of a cell measured in one round; NaN otherwise
 * @param rounds the tasks/s in each round
 */
public record PeerMeasurement(String workload, String implementation, int workers, int producers, double tasksPerSecond,
        double error, Rounds rounds) {
}
