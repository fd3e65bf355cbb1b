package dev.locus.jmh.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One cell of the elided-placement suite (issue 17, item 3(b)): paper 003's HashMap in
 * {@code segments} segments, its operations run as critical sections by {@code executor}.
 *
 * @param opsPerSecond map operations per second (JMH's primary score), the mean over rounds
 * @param error JMH's 99.9% confidence half-width of a cell measured in one round; NaN otherwise
 * @param rounds the operations/s in each round
 * @param successes get's optimistic successes per second in each round
 * @param failures get's failed optimistic attempts per second in each round
 * @param fallbacks gets completed under the lock per second in each round
 */
record ElidedPlacementMeasurement(String executor, int segments, double opsPerSecond, double error, Rounds rounds,
        Rounds successes, Rounds failures, Rounds fallbacks) {

    /**
     * get's optimistic failure rate in each round: failed optimistic attempts ÷ all of them, each
     * count per second plus one, so that a round without failures keeps a finite logarithm for
     * {@link Ratio} (it reads as one failure in a second, about the counters' resolution).
     */
    Rounds failureRate() {
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < Math.min(successes.count(), failures.count()); i++) {
            double f = failures.values().get(i);
            rates.add((f + 1) / (successes.values().get(i) + f + 1));
        }
        return new Rounds(rates);
    }

    /** Fall-backs to the lock per 1,000 map operations, the mean over rounds; NaN without operations. */
    double fallbacksPerThousand() {
        return opsPerSecond > 0 ? 1000 * fallbacks.mean() / opsPerSecond : Double.NaN;
    }
}
