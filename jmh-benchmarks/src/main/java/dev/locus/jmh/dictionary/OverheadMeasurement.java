package dev.locus.jmh.dictionary;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Rounds;

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
}
