package dev.locus.hierarchy.lock;

/**
 * How NumLock weighs the intervals of a request ([Kalikar18]): each interval a request
 * holds costs {@code perInterval} — one more overlap test against every request in the pool —
 * and each leaf it covers costs {@code perLeaf} — covering leaves the request does not need
 * risks false conflicts. A request's node intervals are merged where they touch; a gap of
 * {@code g} leaves between two of them is left open (the request holds two intervals) exactly
 * when {@code perLeaf * g > perInterval}, which is the choice of intervals with the least total
 * cost {@code perInterval * intervals + perLeaf * coveredLeaves}: cutting a gap changes that
 * total by {@code perInterval - perLeaf * g}, so the best cuts are the widest gaps, each cut
 * paying off on its own.
 *
 * @param perInterval the cost of one more interval, at least 0
 * @param perLeaf the cost of one more covered leaf, at least 0; 0 never cuts, giving one
 *     covering interval
 */
public record NumLockCostModel(double perInterval, double perLeaf) {

    /**
     * The default: an interval costs as much as 8 leaves covered for nothing, so gaps of more
     * than 8 leaves are cut.
     */
    public static final NumLockCostModel DEFAULT = new NumLockCostModel(8, 1);

    /** @throws IllegalArgumentException if a cost is negative or not finite */
    public NumLockCostModel {
        if (!(perInterval >= 0 && perInterval < Double.POSITIVE_INFINITY)
                || !(perLeaf >= 0 && perLeaf < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("costs must be finite and non-negative: perInterval " + perInterval
                    + ", perLeaf " + perLeaf);
        }
    }

    /** Whether a gap of {@code gapLeaves} leaves between two intervals is worth an interval more. */
    boolean cuts(int gapLeaves) {
        return perLeaf * gapLeaves > perInterval;
    }
}
