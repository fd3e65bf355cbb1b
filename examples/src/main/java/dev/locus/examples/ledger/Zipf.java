package dev.locus.examples.ledger;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Zipf-distributed ranks: rank {@code k} in {@code [0, n)} comes with probability proportional to
 * {@code 1 / (k + 1)^s}. Immutable, so threads share one; each brings its own random source.
 */
final class Zipf {

    private final double[] cumulative;

    /**
     * @throws IllegalArgumentException if {@code n < 1} or {@code s} is negative or not finite
     */
    Zipf(int n, double s) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be > 0, was " + n);
        }
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("exponent must be finite and >= 0, was " + s);
        }
        cumulative = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1 / Math.pow(k + 1, s);
            cumulative[k] = sum;
        }
        for (int k = 0; k < n; k++) {
            cumulative[k] /= sum;
        }
        cumulative[n - 1] = 1; // no rounding gap above the last rank
    }

    /** The next rank. */
    int next(SplittableRandom random) {
        double u = random.nextDouble();
        int found = Arrays.binarySearch(cumulative, u);
        // u in [cumulative[k-1], cumulative[k]) is rank k
        return found >= 0 ? Math.min(found + 1, cumulative.length - 1) : -found - 1;
    }

    /** The probability of {@code rank}. */
    double probability(int rank) {
        return cumulative[rank] - (rank == 0 ? 0 : cumulative[rank - 1]);
    }
}
