package dev.locus.executor;

/** What a keyed executor promises about the order of tasks that share a key. */
public enum Ordering {

    /**
     * Tasks with the same key run in an order consistent with happens-before between their
     * submissions, whichever threads submit them, and never concurrently with each other, also
     * across re-partitions of an adaptive router: a task submitted by one thread, or by a thread
     * that another handed the key to (through a queue, a lock, a future) after that one submitted,
     * runs after the tasks submitted before it. Submissions that race have some order, the same
     * for every observer. Holds for key-affine routers (fixed and adaptive ranges) and for
     * {@code execute}, {@code submit} and object keys alike; the round-robin router ignores keys
     * and promises no order.
     */
    PER_KEY,

    /**
     * No order between tasks; an idle worker steals from the queues of busy workers, trading
     * per-key order and locality for load balance.
     */
    RELAXED
}
