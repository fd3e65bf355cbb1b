package dev.locus.executor;

import java.util.concurrent.Semaphore;

/**
 * The free slots of a bounded worker queue: a producer takes one for each task it queues, and the
 * worker gives it back when it dequeues the task. A semaphore, so that a producer under
 * {@link RejectionHandler#block} can wait for a slot, and the worker's release wakes it.
 */
final class QueueRoom extends Semaphore {

    private static final long serialVersionUID = 1L;

    private final int capacity;

    QueueRoom(int capacity) {
        super(capacity);
        this.capacity = capacity;
    }

    /**
     * Takes a slot even if none is free, leaving fewer than none: for a task the executor must
     * not refuse for room (a requeued one, or one a worker of the same executor submits).
     */
    void takeOverCapacity() {
        reducePermits(1);
    }

    /** Tasks queued: the capacity less the free slots (more than the capacity after {@link #takeOverCapacity()}). */
    int queued() {
        return capacity - availablePermits();
    }
}
