package dev.locus.hierarchy.lock;

import java.util.Arrays;

/**
 * What an interval lock request holds: disjoint leaf intervals in increasing order, each read or
 * written. Immutable.
 */
final class Intervals {

    private final int[] lo;
    private final int[] hi;
    private final boolean[] write;

    /**
     * @param lo first leaf of each interval, increasing
     * @param hi last leaf of each interval, inclusive, below the next interval's {@code lo}
     * @param write whether each interval is written
     */
    Intervals(int[] lo, int[] hi, boolean[] write) {
        for (int i = 0; i < lo.length; i++) {
            if (lo[i] > hi[i] || (i > 0 && hi[i - 1] >= lo[i])) {
                throw new IllegalArgumentException("not disjoint increasing intervals: " + Arrays.toString(lo) + " .. "
                        + Arrays.toString(hi));
            }
        }
        this.lo = lo;
        this.hi = hi;
        this.write = write;
    }

    /** One interval. */
    static Intervals single(int lo, int hi, boolean write) {
        return new Intervals(new int[] {lo}, new int[] {hi}, new boolean[] {write});
    }

    int count() {
        return lo.length;
    }

    int lo(int i) {
        return lo[i];
    }

    int hi(int i) {
        return hi[i];
    }

    boolean isWrite(int i) {
        return write[i];
    }

    /**
     * Whether an interval of this overlaps one of {@code other} and one of the two writes it: one
     * merge-like pass over both lists.
     */
    boolean conflictsWith(Intervals other) {
        int i = 0;
        int j = 0;
        while (i < lo.length && j < other.lo.length) {
            if (lo[i] <= other.hi[j] && other.lo[j] <= hi[i] && (write[i] || other.write[j])) {
                return true;
            }
            if (hi[i] < other.hi[j]) {
                i++;
            } else {
                j++;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lo.length; i++) {
            text.append(i == 0 ? "" : " ").append(write[i] ? 'W' : 'R').append('[').append(lo[i]).append(", ")
                    .append(hi[i]).append(']');
        }
        return text.toString();
    }
}
