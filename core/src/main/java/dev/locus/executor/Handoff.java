package dev.locus.executor;

import dev.locus.executor.routing.RoutingTable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * One re-partition in progress: the table being replaced, the version of its successor, and one
 * fence per worker. Worker {@code i}'s fence is passed when worker {@code i} has dequeued the
 * {@link Fence} marker put behind every task it was given under the old table, in each of its
 * lanes; from then on, keys that moved away from {@code i} may run on their new worker.
 */
final class Handoff {

    final RoutingTable previous;
    final long version;
    private final AtomicIntegerArray passed;
    private final AtomicInteger remaining;

    Handoff(RoutingTable previous, long version, int workers) {
        this.previous = previous;
        this.version = version;
        this.passed = new AtomicIntegerArray(workers);
        this.remaining = new AtomicInteger(workers);
    }

    boolean passed(int worker) {
        return passed.get(worker) != 0;
    }

    void pass(int worker) {
        if (passed.getAndSet(worker, 1) == 0) {
            remaining.decrementAndGet();
        }
    }

    boolean complete() {
        return remaining.get() == 0;
    }

    /** The marker that passes worker {@code i}'s fence. */
    Fence fence(int worker) {
        return new Fence(this, worker);
    }

    /** Queue element that, dequeued by its worker, passes that worker's fence. */
    record Fence(Handoff handoff, int worker) {
    }
}
