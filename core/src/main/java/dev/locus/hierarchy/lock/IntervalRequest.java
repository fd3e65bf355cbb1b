package dev.locus.hierarchy.lock;

import java.util.concurrent.locks.Condition;

/**
 * One request in an {@link IntervalPool}: its intervals, its place in the pool's arrival order,
 * and whether it has been granted. Closing it leaves the pool.
 */
final class IntervalRequest extends OnceHeld {

    final Intervals intervals;
    private final IntervalPool pool;

    /** The neighbours in arrival order; guarded by the pool's lock. */
    IntervalRequest previous;
    IntervalRequest next;
    /** Guarded by the pool's lock. */
    boolean granted;
    /** Signalled when granted; created, under the pool's lock, only if the request has to wait. */
    Condition wakeup;

    IntervalRequest(IntervalPool pool, Intervals intervals) {
        this.pool = pool;
        this.intervals = intervals;
    }

    @Override
    void release() {
        pool.release(this);
    }

    @Override
    public String toString() {
        return "IntervalRequest[" + intervals + "]";
    }
}
