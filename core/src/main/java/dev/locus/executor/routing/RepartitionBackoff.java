package dev.locus.executor.routing;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Spaces out the adaptive router's re-partitions when they do not leave the load balanced: after
 * an adaptation that still finds the busiest range over the threshold once it has settled, the
 * next {@code 2^k - 1} imbalanced checks pass without a re-partition, and from the second such
 * adaptation on ({@code k >= 2}) so does every check for {@code 2^k} times
 * {@value #HOLD_UNIT_MILLIS} ms, {@code k} counting such adaptations, less one for each that ended
 * balanced (at most {@value #MAX_DOUBLINGS}).
 *
 * <p>A key stream that moves faster than the window can follow, such as consecutive keys sweeping
 * the key space, defeats any partition cut from recent keys: by the time the cut is installed the
 * keys are elsewhere. Without this, every few thousand tasks such a stream started another
 * re-partition and its catch-up, which samples every key for two windows' worth of tasks (160
 * re-partitions in 1.3 million tasks of consecutive keys on two workers). A drift that a partition
 * can follow, such as uniform keys turning exponential, ends balanced and is never held back.
 *
 * <p>An adaptation that ends balanced halves the hold-back rather than clearing it: a sweep on two
 * workers now and then meets a cut that happens to fit it, and with a reset each such chance
 * started the chase again from one skipped check (of 200 runs of two million swept keys on two
 * workers, 10 re-partitioned 28 to 39 times in their second million, where the median was 16).
 *
 * <p>Both bounds, because checks come once per some thousands of tasks: a bound in checks alone is
 * a bound in tasks, which at tens of millions of tasks a second let a sweep re-partition every
 * few milliseconds, each time with a hand-off through every worker's queue; a bound in time alone
 * would let a slow service, whose checks come seconds apart, chase a sweep at every check. The
 * cap holds a futile chase back for about half a million tasks and at least half a second.
 *
 * <p>A first failure holds back in checks only. A drift that arrives between an adaptation and
 * its judgment looks exactly like a chase that failed: the load is imbalanced because the keys
 * moved after the cut. One such misjudgment must not cost a time: with a time hold from the first
 * failure, a uniform stream turning exponential on eight workers, just after a re-partition that
 * noise had started, stayed wholly on one worker for the hold (a single-threaded router driver
 * routes some 400,000 keys in 16 ms). A chase is two failures in a row.
 *
 * <p>Two failures in a row are a chase ({@link #chasing()}). The check that judges a failure in a
 * chase spreads the keys by a hash instead, where a hash balances them, and the router returns to
 * ranges only once the hold of the last failure is over ({@link #holdOver()}).
 *
 * <p>Used only by {@link AdaptiveRangeRouter#rebalance}, which the executor never runs twice at
 * once; not thread-safe.
 */
final class RepartitionBackoff {

    /** At most 2^6 - 1 = 63 checks skipped: about half a million tasks at the default settings. */
    static final int MAX_DOUBLINGS = 6;
    /** The time a first failed adaptation holds back the next; doubled with the check count. */
    static final long HOLD_UNIT_MILLIS = 8;

    private final LongSupplier nanoClock;
    private int futile;
    private int skip;
    private long holdUntil;
    private boolean judging;

    /** @param nanoClock the time in nanoseconds, as {@link System#nanoTime()} gives it */
    RepartitionBackoff(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /** An adaptation has ended (its catch-up is over); the next check with enough samples judges it. */
    void settled() {
        judging = true;
    }

    /**
     * Whether a check with enough samples goes on to re-partition: only if it found the load
     * {@code imbalanced} and is neither among the checks the backoff skips nor within its time.
     */
    boolean proceed(boolean imbalanced) {
        if (judging) {
            judging = false;
            if (imbalanced) {
                futile = Math.min(futile + 1, MAX_DOUBLINGS);
                skip = (1 << futile) - 1;
                holdUntil = nanoClock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(HOLD_UNIT_MILLIS << futile);
            } else {
                futile = Math.max(futile - 1, 0);
            }
        }
        if (!imbalanced) {
            return false;
        }
        if (skip > 0) {
            skip--;
            return false;
        }
        return futile < 2 || holdOver();
    }

    /** Whether an adaptation waits for its judgment: the next check with enough samples judges it. */
    boolean judging() {
        return judging;
    }

    /** Whether adaptations keep failing: two in a row failed, and fewer have succeeded since than failed before. */
    boolean chasing() {
        return futile >= 2;
    }

    /** Whether the time hold of the last failed adaptation has passed. */
    boolean holdOver() {
        return nanoClock.getAsLong() - holdUntil >= 0;
    }
}
