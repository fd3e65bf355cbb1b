package dev.locus.elision;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one granule's executions recorded in one learning phase: their count and time, and for
 * HTM progressions the attempts each needed to commit (a histogram and its maximum), how many
 * never committed, and the time of failed attempts and of the fallback after them.
 */
final class PhaseRecord {

    final LongAdder executions = new LongAdder();
    final LongAdder nanos = new LongAdder();
    final AtomicInteger maxHtmAttemptsToCommit = new AtomicInteger();
    /** Index k: executions that committed at their k-th HTM attempt. */
    final AtomicLongArray committedAt = new AtomicLongArray(AdaptivePolicy.LEARNING_HTM_ATTEMPTS + 1);
    final LongAdder neverCommitted = new LongAdder();
    final LongAdder failedAttempts = new LongAdder();
    final LongAdder failedAttemptNanos = new LongAdder();
    final LongAdder fallbackNanos = new LongAdder();
    /** Time of committed executions less their failed attempts: the committing attempt's own time. */
    final LongAdder committingAttemptNanos = new LongAdder();

    void record(Execution e) {
        long elapsed = e.elapsedNanos();
        executions.increment();
        nanos.add(elapsed);
        int failed = e.completedIn == Mode.HTM ? e.htmTried - 1 : e.htmTried;
        failedAttempts.add(failed);
        failedAttemptNanos.add(e.htmFailedNanos);
        if (e.completedIn == Mode.HTM) {
            committedAt.incrementAndGet(Math.min(e.htmTried, committedAt.length() - 1));
            committingAttemptNanos.add(elapsed - e.htmFailedNanos);
            maxHtmAttemptsToCommit.accumulateAndGet(e.htmTried, Math::max);
        } else if (e.htmTried > 0) {
            neverCommitted.increment();
            fallbackNanos.add(elapsed - e.htmFailedNanos);
        }
    }

    double meanNanos() {
        long n = executions.sum();
        return n == 0 ? Double.NaN : (double) nanos.sum() / n;
    }

    double meanFailedAttemptNanos() {
        long n = failedAttempts.sum();
        return n == 0 ? 0 : (double) failedAttemptNanos.sum() / n;
    }

    /** Mean time of the attempt that committed; NaN if none did. */
    double meanCommittingAttemptNanos() {
        long n = 0;
        for (int k = 1; k < committedAt.length(); k++) {
            n += committedAt.get(k);
        }
        return n == 0 ? Double.NaN : (double) committingAttemptNanos.sum() / n;
    }

    /** Mean time after the last failed HTM attempt of executions that never committed; NaN if none. */
    double meanFallbackNanos() {
        long n = neverCommitted.sum();
        return n == 0 ? Double.NaN : (double) fallbackNanos.sum() / n;
    }
}
