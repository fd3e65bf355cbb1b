package dev.locus.jmh.hierarchy;

/**
 * The per-leaf values a {@link WorkloadTask} reads and increments: plain counters
 * ({@link LeafCounters}) where a lock or the scheduler keeps overlapping tasks apart, transactional
 * ones ({@link TxnLeafCounters}) where an STM does. The task's work is the same on both.
 */
interface LeafValues {

    long read(int leaf);

    void write(int leaf, long value);
}
