package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.Arrays;
import java.util.function.IntConsumer;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One task of a workload, drawn once and replayed: its {@link LockSet} and the work it does while
 * holding it. The work is the same whatever runs it: read the counters of up to
 * {@value #TOUCHES_PER_NODE} leaves below each node locked for reading, increment those below each
 * node locked for writing (leaves spread evenly over the node's reachable leaves), and spend
 * {@value #WORK_TOKENS} tokens of {@link Blackhole#consumeCPU} in all, a fixed amount of
 * computation, shared out between the touches.
 */
final class WorkloadTask {

    /** Leaves touched below each locked node, at most. */
    static final int TOUCHES_PER_NODE = 4;
    /**
     * The computation of every section, about two microseconds on the two-core machine this was
     * written on (consumeCPU(250) took 0.56 µs there): long enough that running a task costs more
     * than placing it, so that a task held up by a conflicting one waits for real work; short
     * enough for hundreds of thousands of tasks per second.
     */
    static final int WORK_TOKENS = 1000;

    private final LockSet locks;
    private final int[] reads;
    private final int[] writes;
    /** The section's {@link #WORK_TOKENS}, shared out over its touches. */
    private final int tokensPerTouch;
    /** Written so that the reads are not optimized away; racy and never read. */
    private long sink;

    private WorkloadTask(LockSet locks, int[] reads, int[] writes) {
        this.locks = locks;
        this.reads = reads;
        this.writes = writes;
        this.tokensPerTouch = Math.max(1, WORK_TOKENS / Math.max(1, reads.length + writes.length));
    }

    /** The section of {@code locks}: the leaves to touch below each of its nodes, chosen now. */
    static WorkloadTask of(LockSet locks) {
        Hierarchy hierarchy = locks.hierarchy();
        Leaves reads = new Leaves();
        Leaves writes = new Leaves();
        for (int i = 0; i < locks.size(); i++) {
            touched(hierarchy, locks.node(i), locks.mode(i) == LockMode.WRITE ? writes : reads);
        }
        return new WorkloadTask(locks, reads.toArray(), writes.toArray());
    }

    LockSet locks() {
        return locks;
    }

    /** The leaves read; for tests. */
    int[] reads() {
        return reads.clone();
    }

    /** The leaves incremented; for tests. */
    int[] writes() {
        return writes.clone();
    }

    /**
     * Does the work; the caller holds the locks (or the scheduler keeps conflicting sections
     * apart, or the work is a transaction over {@link TxnLeafCounters}). Each increment reads its
     * counter, computes, and writes it back, so two overlapping sections that write a leaf would
     * lose one's increment.
     */
    void run(LeafValues counters) {
        long sum = 0;
        for (int leaf : reads) {
            sum += counters.read(leaf);
            Blackhole.consumeCPU(tokensPerTouch);
        }
        for (int leaf : writes) {
            long value = counters.read(leaf);
            Blackhole.consumeCPU(tokensPerTouch);
            counters.write(leaf, value + 1);
        }
        sink = sum;
    }

    /**
     * Adds up to {@link #TOUCHES_PER_NODE} leaves below {@code node}, evenly spread: in a tree they
     * are the node's interval, in a DAG the interval may cover leaves the node does not reach, so
     * the reachable ones are walked.
     */
    private static void touched(Hierarchy hierarchy, int node, Leaves into) {
        if (hierarchy.isTree()) {
            int lo = hierarchy.lo(node);
            spread(hierarchy.hi(node) - lo + 1, i -> into.add(lo + i));
        } else {
            Leaves reachable = new Leaves();
            hierarchy.forEachReachableLeaf(node, reachable::add);
            int[] leaves = reachable.toArray();
            spread(leaves.length, i -> into.add(leaves[i]));
        }
    }

    /** Calls {@code action} with up to {@link #TOUCHES_PER_NODE} indexes of {@code 0 … count-1}, evenly spread. */
    private static void spread(int count, IntConsumer action) {
        if (count <= TOUCHES_PER_NODE) {
            for (int i = 0; i < count; i++) {
                action.accept(i);
            }
            return;
        }
        for (int i = 0; i < TOUCHES_PER_NODE; i++) {
            action.accept((int) ((long) i * (count - 1) / (TOUCHES_PER_NODE - 1)));
        }
    }

    /** A growing list of leaf numbers. */
    private static final class Leaves {

        private int[] leaves = new int[TOUCHES_PER_NODE];
        private int size;

        void add(int leaf) {
            if (size == leaves.length) {
                leaves = Arrays.copyOf(leaves, size * 2);
            }
            leaves[size++] = leaf;
        }

        int[] toArray() {
            return Arrays.copyOf(leaves, size);
        }
    }
}
