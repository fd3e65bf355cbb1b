package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;

/**
 * An interval lock manager: a request holds leaf intervals in one {@link IntervalPool}.
 * Subclasses choose the intervals for a lock set; any choice that covers every leaf the set
 * reaches, and writes every leaf it writes, is safe.
 */
abstract class IntervalLockManager extends AbstractLockManager {

    private final IntervalPool pool = new IntervalPool();

    IntervalLockManager(Hierarchy hierarchy, String name) {
        super(hierarchy, name);
    }

    /** The intervals that stand for {@code locks} in the pool. */
    abstract Intervals intervals(LockSet locks);

    @Override
    final Held acquire(LockSet locks) throws InterruptedException {
        IntervalRequest request = new IntervalRequest(pool, intervals(locks));
        pool.acquire(request);
        return request;
    }
}
