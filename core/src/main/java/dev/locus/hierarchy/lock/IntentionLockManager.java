package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Multiple granularity locking with intention locks ([Gray75]): every node has an
 * {@link IntentionLock} with the modes IS, IX, S, SIX and X; a request takes S or X on its nodes
 * and intention locks on their ancestors, from the root down, as {@link IntentionPlanner} plans.
 *
 * <p>All requests acquire node locks in one global order — by depth, then by node number — and
 * each node lock grants in FIFO order, so no set of requests can wait for each other in a cycle:
 * a request waits only for holders of a node it has not yet locked, which come later in the
 * order, or for requests queued ahead of it at the same node.
 *
 * <p>Cost: in a tree, one node-lock operation per node in the set and per ancestor of it —
 * every request touches the root, which becomes the hot spot. In a DAG, a write also locks every
 * shared descendant of the node with IX on all their ancestors: potentially a large part of the
 * hierarchy. Node locks are created on first use and kept: memory grows with the number of
 * distinct nodes ever locked.
 */
final class IntentionLockManager extends AbstractLockManager {

    private final IntentionPlanner planner;
    private final AtomicReferenceArray<IntentionLock> nodeLocks;

    IntentionLockManager(Hierarchy hierarchy) {
        super(hierarchy, "intention");
        planner = new IntentionPlanner(hierarchy);
        nodeLocks = new AtomicReferenceArray<>(hierarchy.size());
    }

    @Override
    Held acquire(LockSet locks) throws InterruptedException {
        long[] plan = planner.plan(locks);
        return AllOrNothing.acquire(plan.length,
                i -> nodeLock(IntentionPlanner.node(plan[i])).acquire(IntentionPlanner.mode(plan[i])),
                i -> nodeLock(IntentionPlanner.node(plan[i])).release(IntentionPlanner.mode(plan[i])));
    }

    private IntentionLock nodeLock(int node) {
        IntentionLock lock = nodeLocks.get(node);
        if (lock == null) {
            IntentionLock created = new IntentionLock();
            lock = nodeLocks.compareAndExchange(node, null, created);
            if (lock == null) {
                lock = created;
            }
        }
        return lock;
    }
}
