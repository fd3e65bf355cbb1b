package dev.locus.elision;

/**
 * One mode's record in a granule: attempts, successes, and the sampled duration of successful and
 * of failed attempts (what paper 003's adaptive policy learns from, §4.2).
 */
final class ModeStats {

    final ProbabilisticCounter attempts = new ProbabilisticCounter();
    final ProbabilisticCounter successes = new ProbabilisticCounter();
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
}
