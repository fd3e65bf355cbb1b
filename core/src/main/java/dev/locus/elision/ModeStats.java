package dev.locus.elision;

/**
 * One mode's record in a granule: attempts, successes, and the sampled duration of successful and
 * of failed attempts (what paper 003's adaptive policy learns from, §4.2). An execution completed
 * by its first attempt on a section's fast path is one attempt, one success and one execution; it
 * is counted once, in {@link #fastCompletions}, which the totals include.
 */
final class ModeStats {

    private final ProbabilisticCounter attempts = new ProbabilisticCounter();
    private final ProbabilisticCounter successes = new ProbabilisticCounter();
    private final ProbabilisticCounter fastCompletions = new ProbabilisticCounter();
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

    /** An untimed execution's first attempt, in this mode, completed it on the fast path. */
    void completedOnFastPath(int random) {
        fastCompletions.increment(random);
    }

    long attempts() {
        return attempts.get() + fastCompletions.get();
    }

    long successes() {
        return successes.get() + fastCompletions.get();
    }

    /** Executions completed on the fast path by an attempt in this mode. */
    long fastCompletions() {
        return fastCompletions.get();
    }
}
