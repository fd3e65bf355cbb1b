package dev.locus.testing;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records conflicting overlaps of hierarchical tasks as they run: a task calls {@link #enter} when
 * its operation starts and {@link #exit} when it ends, and the detector keeps per-leaf reader and
 * writer counts over the leaves each locked node really reaches (exact in a DAG). A writer that
 * finds another writer or a reader on one of its leaves, or a reader that finds a writer, is one
 * conflicting overlap. It also records the most tasks seen inside at once, so a test can show that
 * tasks with disjoint lock sets did run in parallel.
 *
 * <p>Each side increments its own count before it reads the other's, all with sequentially
 * consistent atomics, so of two overlapping conflicting tasks at least one sees the other.
 */
public final class LeafOverlapDetector {

    private final Hierarchy hierarchy;
    private final AtomicIntegerArray readers;
    private final AtomicIntegerArray writers;
    private final AtomicLong conflicts = new AtomicLong();
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger maxInside = new AtomicInteger();

    public LeafOverlapDetector(Hierarchy hierarchy) {
        this.hierarchy = hierarchy;
        this.readers = new AtomicIntegerArray(hierarchy.leafCount());
        this.writers = new AtomicIntegerArray(hierarchy.leafCount());
    }

    /** Marks the leaves of {@code locks} as in use; call first thing in the task's operation. */
    public void enter(LockSet locks) {
        int now = inside.incrementAndGet();
        maxInside.accumulateAndGet(now, Math::max);
        BitSet[] leaves = leaves(locks);
        leaves[1].stream().forEach(leaf -> {
            if (writers.incrementAndGet(leaf) > 1 || readers.get(leaf) > 0) {
                conflicts.incrementAndGet();
            }
        });
        leaves[0].stream().forEach(leaf -> {
            if (readers.incrementAndGet(leaf) > 0 && writers.get(leaf) > 0) {
                conflicts.incrementAndGet();
            }
        });
    }

    /** Releases the leaves marked by {@link #enter}; call last thing in the task's operation. */
    public void exit(LockSet locks) {
        BitSet[] leaves = leaves(locks);
        leaves[1].stream().forEach(writers::decrementAndGet);
        leaves[0].stream().forEach(readers::decrementAndGet);
        inside.decrementAndGet();
    }

    /** The leaves only read, then the leaves written: a leaf both read and written counts as written. */
    private BitSet[] leaves(LockSet locks) {
        BitSet read = new BitSet();
        BitSet written = new BitSet();
        for (int i = 0; i < locks.size(); i++) {
            hierarchy.forEachReachableLeaf(locks.node(i), locks.mode(i) == LockMode.WRITE ? written::set : read::set);
        }
        read.andNot(written);
        return new BitSet[] {read, written};
    }

    /** The conflicting overlaps seen so far. */
    public long conflicts() {
        return conflicts.get();
    }

    /** The most tasks that were between {@link #enter} and {@link #exit} at once. */
    public int maxConcurrency() {
        return maxInside.get();
    }
}
