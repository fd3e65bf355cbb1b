package dev.locus.jmh.dictionary;

import dev.locus.jmh.report.Rounds;

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
}
