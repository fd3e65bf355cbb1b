package dev.locus.jmh.hierarchy;

import java.util.Arrays;

/**
 * The data a workload's tasks touch: one plain counter per leaf of the hierarchy. A task reads the
 * counters of leaves below the nodes it locks for reading and increments those below the nodes it
 * locks for writing, reading each and writing it back after some computation, so a lock manager
 * or scheduler that let two conflicting tasks overlap would lose increments; {@link #total()} is
 * the number of increments that were not lost.
 */
final class LeafCounters implements LeafValues {

    private final long[] counts;

    LeafCounters(int leaves) {
        counts = new long[leaves];
    }

    @Override
    public long read(int leaf) {
        return counts[leaf];
    }

    @Override
    public void write(int leaf, long value) {
        counts[leaf] = value;
    }

    /** The sum of all counters; call it when no task runs. */
    long total() {
        return Arrays.stream(counts).sum();
    }
}
