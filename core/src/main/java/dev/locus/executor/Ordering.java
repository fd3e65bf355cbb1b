package dev.locus.executor;

/** What a keyed executor promises about the order of tasks that share a key. */
public enum Ordering {

    /**
     * Tasks with the same key, submitted by one thread, run in submission order and never
     * concurrently with each other, also across re-partitions of an adaptive router. Holds for
     * key-affine routers (fixed and adaptive ranges); the round-robin router ignores keys and
     * promises no order.
     */
    PER_KEY,

    /**
     * No order between tasks; an idle worker steals from the queues of busy workers, trading
     * per-key order and locality for load balance.
     */
    RELAXED
}
