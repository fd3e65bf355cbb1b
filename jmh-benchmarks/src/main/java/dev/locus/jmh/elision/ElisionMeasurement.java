package dev.locus.jmh.elision;

import dev.locus.jmh.report.Rounds;

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
}
