package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Rounds;

/**
 * One cell of the Toggle + STM suite (issue 17): a hierarchy's transactions run by a scheduler
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
}
