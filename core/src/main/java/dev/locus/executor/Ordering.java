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
     * Per-key exclusion as {@link #PER_KEY}, but order only among the tasks that one thread
     * submits: tasks with the same key submitted by one thread run in submission order, also
     * across re-partitions, and tasks with the same key never run concurrently; but a task may
     * run before a task of its key that another thread submitted earlier, even one whose
     * submission happens-before its own (a key handed from one thread to another can overtake
     * its earlier task). For pipelines in which each key has one submitting thread, such as a
     * consumer thread per partition of a log: each thread offers into lanes of its own, so that
     * producers do not take turns at the lanes' tails, where under {@code PER_KEY} every producer
     * writes the lanes of the keys it submits.
     */
    PER_KEY_PER_THREAD,

    /**
     * No order between tasks; an idle worker steals from the queues of busy workers, trading
     * per-key order and locality for load balance.
     */
    RELAXED
}
