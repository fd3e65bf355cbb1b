package dev.locus.jmh.report;

/**
 * One cell of the elision suite: a workload run by {@code threads} JMH threads on one HashMap
 * implementation.
 *
 * @param opsPerSecond operations per second over all threads (JMH's primary score)
 * @param error JMH's 99.9% confidence half-width; NaN when JMH could not give one, or for several rounds
 * @param rounds the ops/s in each round; {@code opsPerSecond} is their mean
 */
record ElisionMeasurement(ElisionWorkload workload, String implementation, int threads, double opsPerSecond,
        double error, Rounds rounds) {
}
