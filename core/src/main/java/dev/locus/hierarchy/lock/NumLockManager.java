package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.Arrays;

/**
 * NumLock-style interval locking ([Kalikar18]): a request holds several leaf intervals in
 * the {@link IntervalPool} instead of one. The intervals of the set's nodes are sorted by first
 * leaf; overlapping and adjacent ones are merged, and so is every gap the {@link NumLockCostModel}
 * does not find worth an interval of its own. A merged interval is written if any node in it is.
 *
 * <p>Cost: sorting the set's node intervals, then one scan of the pool under its lock on arrival
 * and one on release, each overlap test linear in the two requests' interval counts. No walk of
 * the hierarchy. Fewer leaves are covered than by DomLock's dominator, so fewer unrelated
 * requests wait.
 */
final class NumLockManager extends IntervalLockManager {

    private final NumLockCostModel cost;

    NumLockManager(Hierarchy hierarchy, NumLockCostModel cost) {
        super(hierarchy, cost.equals(NumLockCostModel.DEFAULT) ? "numlock"
                : "numlock(perInterval=" + cost.perInterval() + ", perLeaf=" + cost.perLeaf() + ")");
        this.cost = cost;
    }

    @Override
    Intervals intervals(LockSet locks) {
        Hierarchy hierarchy = hierarchy();
        long[] byLo = new long[locks.size()];
        for (int i = 0; i < byLo.length; i++) {
            byLo[i] = ((long) hierarchy.lo(locks.node(i)) << Integer.SIZE) | i;
        }
        Arrays.sort(byLo);
        int[] lo = new int[byLo.length];
        int[] hi = new int[byLo.length];
        boolean[] write = new boolean[byLo.length];
        int count = 0;
        for (long entry : byLo) {
            int i = (int) entry;
            int node = locks.node(i);
            boolean writes = locks.mode(i) == LockMode.WRITE;
            if (count > 0 && !cost.cuts(hierarchy.lo(node) - hi[count - 1] - 1)) {
                hi[count - 1] = Math.max(hi[count - 1], hierarchy.hi(node));
                write[count - 1] |= writes;
            } else {
                lo[count] = hierarchy.lo(node);
                hi[count] = hierarchy.hi(node);
                write[count] = writes;
                count++;
            }
        }
        return new Intervals(Arrays.copyOf(lo, count), Arrays.copyOf(hi, count), Arrays.copyOf(write, count));
    }
}
