package dev.locus.examples.ledger;

import java.io.Serializable;

/**
 * What one load run measured and found.
 *
 * @param requests requests sent (the final balance queries not included)
 * @param elapsedNanos from the first request until every client had its last answer
 * @param latencyNanos each request's round trip, sorted ascending
 * @param applied requests answered 200
 * @param refused requests answered 409 (not enough funds)
 * @param failed requests without a usable answer, including final balance queries (must be 0)
 * @param negative answers that reported a negative balance (must be 0)
 * @param mismatches accounts whose final balance is not the sum of their applied operations
 *     (must be 0)
 * @param firstProblem the first failure, negative balance or mismatch, or {@code null}
 */
public record LoadReport(int requests, long elapsedNanos, long[] latencyNanos, long applied, long refused,
                         long failed, long negative, int mismatches, String firstProblem) implements Serializable {

    /** Whether every request was answered, no balance went negative and every balance is exact. */
    public boolean ok() {
        return failed == 0 && negative == 0 && mismatches == 0;
    }

    /** Requests answered per second. */
    public double requestsPerSecond() {
        return requests * 1e9 / Math.max(1, elapsedNanos);
    }

    /**
     * The latency below which a {@code quantile} of the requests fall (nearest rank), in nanoseconds.
     *
     * @throws IllegalArgumentException unless {@code 0 < quantile <= 1}
     */
    public long latencyNanos(double quantile) {
        if (!(quantile > 0 && quantile <= 1)) {
            throw new IllegalArgumentException("quantile must be in (0, 1], was " + quantile);
        }
        if (latencyNanos.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(quantile * latencyNanos.length);
        return latencyNanos[Math.max(0, rank - 1)];
    }
}
