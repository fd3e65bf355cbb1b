package dev.locus.jmh.elision;

import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One cell of the elided-placement suite: [Dice14]'s HashMap in
 * {@code segments} segments, its operations run as critical sections in ALE's {@code form} by
 * {@code executor}.
 *
 * @param opsPerSecond map operations per second (JMH's primary score), the mean over rounds
 * @param error JMH's 99.9% confidence half-width of a cell measured in one round; NaN otherwise
 * @param rounds the operations/s in each round
 * @param successes get's optimistic successes per second in each round
 * @param failures get's failed optimistic attempts per second in each round: attempts − successes,
 *     a difference of two of ALE's estimates, so only roughly the failures (it can be negative)
 * @param fallbacks gets completed under the lock per second in each round
 */
public record ElidedPlacementMeasurement(String executor, ElisionForm form, int segments, double opsPerSecond, double error,
        Rounds rounds, Rounds successes, Rounds failures, Rounds fallbacks) {

    /** The executor's name in this form, as the table and chart show it: e.g. "adaptive (inline)". */
    String series() {
        return form.series(executor);
    }

    /**
     * get's fall-back rate in each round: gets completed under the lock ÷ all gets (optimistic
     * successes and fall-backs), each count per second plus one, so that a round without
     * fall-backs keeps a finite logarithm for {@link Ratio} (it reads as one in a second). Under the
     * suite's Static-SWOPTLock-1 a fall-back is exactly one failed validation; the rate is read from
     * the fall-back counter, not from attempts − successes, a difference of two estimates of
     * millions that can be off by more than the few hundred failures it would count.
     */
    Rounds fallbackRate() {
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < Math.min(successes.count(), fallbacks.count()); i++) {
            double f = fallbacks.values().get(i);
            rates.add((f + 1) / (successes.values().get(i) + f + 1));
        }
        return new Rounds(rates);
    }

    /** Fall-backs to the lock per 1,000 gets, from the means over rounds; NaN without gets. */
    double fallbacksPerThousandGets() {
        double gets = successes.mean() + fallbacks.mean();
        return gets > 0 ? 1000 * fallbacks.mean() / gets : Double.NaN;
    }

    /**
     * A row of {@code ElidedPlacementBenchmark.mixed}, whose params are {@code executor},
     * {@code segments} and {@code form} (rows without it are the lambda form's); it scores map
     * operations/s with get's counts in each round: the auxiliary counters
     * {@code optimisticSuccesses}, {@code optimisticFailures} and {@code lockFallbacks} per second.
     */
    public static Optional<ElidedPlacementMeasurement> read(Row row) {
        if (!row.className().equals(ElidedPlacementBenchmark.class.getSimpleName()) || !row.method().equals("mixed")) {
            return Optional.empty();
        }
        return Optional.of(new ElidedPlacementMeasurement(row.param("executor"),
                ElisionForm.ofParam(row.params().getOrDefault("form", ElisionForm.LAMBDA.param)),
                Integer.parseInt(row.param("segments")),
                row.mean(), row.error(), row.primaryRounds(), row.secondaryRounds("optimisticSuccesses"),
                row.secondaryRounds("optimisticFailures"), row.secondaryRounds("lockFallbacks")));
    }
}
