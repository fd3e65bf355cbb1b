package dev.locus.elision;

import java.util.Arrays;
import java.util.Map;

/**
 * The mean execution times one configuration had in the adaptive policy's measurement rounds, and
 * their median, the estimate the policy compares: one round disturbed either way (a preemption
 * that adds time, or a round in which the other threads happened not to run) does not decide.
 * Immutable.
 */
final class RoundTimes {

    static final RoundTimes NONE = new RoundTimes(new double[0]);

    private final double[] means;

    private RoundTimes(double[] means) {
        this.means = means;
    }

    /** These rounds and one more, whose mean time was {@code meanNanos}. */
    RoundTimes plus(double meanNanos) {
        double[] next = Arrays.copyOf(means, means.length + 1);
        next[means.length] = meanNanos;
        return new RoundTimes(next);
    }

    /** The median of the rounds' mean times (the mean of the middle two for an even count); NaN if none. */
    double median() {
        int n = means.length;
        if (n == 0) {
            return Double.NaN;
        }
        double[] sorted = means.clone();
        Arrays.sort(sorted);
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The key whose rounds have the lowest median; null if none has a round. */
    static <K> K fastest(Map<K, RoundTimes> times) {
        K best = null;
        double bestNanos = Double.NaN;
        for (Map.Entry<K, RoundTimes> e : times.entrySet()) {
            double nanos = e.getValue().median();
            if (!Double.isNaN(nanos) && (best == null || nanos < bestNanos)) {
                best = e.getKey();
                bestNanos = nanos;
            }
        }
        return best;
    }

    @Override
    public String toString() {
        return Arrays.toString(means);
    }
}
