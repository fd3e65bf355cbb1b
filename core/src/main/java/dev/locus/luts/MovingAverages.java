package dev.locus.luts;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A fixed array of the moving averages both LUTS heuristics keep: each starts at 0 and takes each
 * outcome {@code cc} (1 for an abort, 0 for a commit) as {@code p = 0.75*p + 0.25*cc}, the
 * contention-intensity rule of ATS with [Nicacio10]'s weight (§3.3.1). Thread-safe: values are
 * doubles kept as bits and updated by compare-and-set, so no concurrent update is lost.
 */
final class MovingAverages {

    /** The weight of history, [Nicacio10]'s {@code α}. */
    private static final double HISTORY = 0.75;

    private final AtomicLongArray bits;

    MovingAverages(int size) {
        this.bits = new AtomicLongArray(size); // all bits 0: every average starts at 0.0
    }

    double get(int index) {
        return Double.longBitsToDouble(bits.get(index));
    }

    /** Takes outcome {@code cc} (0 or 1) into the average at {@code index}. */
    void record(int index, int cc) {
        long old;
        do {
            old = bits.get(index);
        } while (!bits.compareAndSet(index, old,
                Double.doubleToRawLongBits(HISTORY * Double.longBitsToDouble(old) + (1 - HISTORY) * cc)));
    }
}
