package dev.locus.elision;

/**
 * One mode's record in a granule: attempts, successes, and the sampled duration of successful and
 * of failed attempts (what [Dice14]'s adaptive policy learns from, §4.2). An execution whose first
 * attempt, in this mode, was made on a section's fast path is counted once when that attempt
 * begins, in {@link #fastFirstAttempts}, as one attempt, one success and one execution; if the
 * attempt fails (an optimistic one that did not validate), {@link #fastFailures} takes the success
 * and the execution back, and the execution goes on in the full protocol, which counts what
 * follows. The totals include both.
 */
final class ModeStats {

    private final ProbabilisticCounter attempts = new ProbabilisticCounter();
    private final ProbabilisticCounter successes = new ProbabilisticCounter();
    private final ProbabilisticCounter fastFirstAttempts = new ProbabilisticCounter();
    private final ProbabilisticCounter fastFailures = new ProbabilisticCounter();
    final SampledTimer successTime = new SampledTimer();
    final SampledTimer failureTime = new SampledTimer();

    /**
     * An attempt ended; {@code elapsedNanos} is negative when it was not timed; {@code random} are
     * fresh random bits. Both counters flip the same coin: correlated draws, each counter unbiased.
     */
    void attempted(boolean succeeded, long elapsedNanos, int random) {
        attempts.increment(random);
        if (succeeded) {
            successes.increment(random);
        }
        if (elapsedNanos >= 0) {
            (succeeded ? successTime : failureTime).record(elapsedNanos);
        }
    }

    /**
     * An untimed execution's first attempt, in this mode, was made on the fast path: counted as
     * completing it, unless {@link #failedOnFastPath} follows.
     */
    void attemptedOnFastPath(int random) {
        fastFirstAttempts.increment(random);
    }

    /** A first attempt counted by {@link #attemptedOnFastPath} failed: it completed nothing. */
    void failedOnFastPath(int random) {
        fastFailures.increment(random);
    }

    long attempts() {
        return attempts.get() + fastFirstAttempts.get();
    }

    long successes() {
        return successes.get() + fastCompletions();
    }

    /**
     * Executions completed on the fast path by an attempt in this mode. Both counts are estimates
     * above 4,096 (ProbabilisticCounter), so their difference is kept from going below 0.
     */
    long fastCompletions() {
        return Math.max(0, fastFirstAttempts.get() - fastFailures.get());
    }
}
