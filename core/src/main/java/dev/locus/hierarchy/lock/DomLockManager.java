package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;

/**
 * DomLock-style interval locking ([Kalikar16]): a request locks one node, the dominator of
 * its set, which stands in the {@link IntervalPool} for the dominator's leaf interval, in write
 * mode if the set writes anything.
 *
 * <p>The dominator is found by walking up from the set's node with the widest interval, along
 * first parents, to the first node whose interval contains the set's covering interval
 * {@code [lo(), hi()]}. In a tree that is the lowest common ancestor of the set (or a node with
 * the same leaves). In a DAG it is an ancestor whose nested interval contains every leaf of the
 * set, though it need not reach them all: the interval over-approximates, which is safe.
 *
 * <p>Cost: a walk up the hierarchy from one node (at most its depth), then one scan of the pool
 * under its lock on arrival and one on release; no per-node state. Nodes the set does not touch
 * but the dominator covers are locked too, so unrelated requests under the same dominator wait.
 */
final class DomLockManager extends IntervalLockManager {

    private final int[] firstParent;

    DomLockManager(Hierarchy hierarchy) {
        super(hierarchy, "domlock");
        firstParent = FirstParents.of(hierarchy);
    }

    @Override
    Intervals intervals(LockSet locks) {
        Hierarchy hierarchy = hierarchy();
        int widest = locks.node(0);
        for (int i = 1; i < locks.size(); i++) {
            int node = locks.node(i);
            if (hierarchy.hi(node) - hierarchy.lo(node) > hierarchy.hi(widest) - hierarchy.lo(widest)) {
                widest = node;
            }
        }
        int dominator = widest;
        while (hierarchy.lo(dominator) > locks.lo() || hierarchy.hi(dominator) < locks.hi()) {
            dominator = firstParent[dominator];
        }
        return Intervals.single(hierarchy.lo(dominator), hierarchy.hi(dominator), locks.hasWrite());
    }
}
