package dev.locus.executor.routing;

/**
 * Spaces out the adaptive router's re-partitions when they do not leave the load balanced: after
 * an adaptation that still finds the busiest range over the threshold once it has settled, the
 * next {@code 2^k - 1} imbalanced checks pass without a re-partition, {@code k} counting such
 * adaptations, less one for each that ended balanced (at most {@value #MAX_DOUBLINGS}).
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
 * <p>Used only by {@link AdaptiveRangeRouter#rebalance}, which the executor never runs twice at
 * once; not thread-safe.
 */
final class RepartitionBackoff {

    /** At most 2^6 - 1 = 63 checks skipped: about half a million tasks at the default settings. */
    static final int MAX_DOUBLINGS = 6;

    private int futile;
    private int skip;
    private boolean judging;

    /** An adaptation has ended (its catch-up is over); the next check with enough samples judges it. */
    void settled() {
        judging = true;
    }

    /**
     * Whether a check with enough samples goes on to re-partition: only if it found the load
     * {@code imbalanced} and is not among the checks the backoff skips.
     */
    boolean proceed(boolean imbalanced) {
        if (judging) {
            judging = false;
            if (imbalanced) {
                futile = Math.min(futile + 1, MAX_DOUBLINGS);
                skip = (1 << futile) - 1;
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
        return true;
    }
}
