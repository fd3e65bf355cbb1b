package dev.locus.hierarchy;

import java.util.Arrays;
import java.util.Objects;

/**
 * The nodes a hierarchical task locks, each in a {@link LockMode}: locking a node covers it and
 * every node below it ([Kalikar19] §3: a task is {@code (Op, L)}). Immutable; nodes are sorted and
 * distinct, a node named twice is kept once in the stronger mode. The covering interval
 * {@code [lo(), hi()]} spans the intervals of all nodes in the set.
 */
public final class LockSet {

    private final Hierarchy hierarchy;
    private final int[] nodes;
    private final boolean[] writes;
    private final int lo;
    private final int hi;
    private final boolean anyWrite;

    private LockSet(Hierarchy hierarchy, int[] nodes, boolean[] writes) {
        this.hierarchy = hierarchy;
        this.nodes = nodes;
        this.writes = writes;
        int low = Integer.MAX_VALUE;
        int high = Integer.MIN_VALUE;
        boolean write = false;
        for (int i = 0; i < nodes.length; i++) {
            low = Math.min(low, hierarchy.lo(nodes[i]));
            high = Math.max(high, hierarchy.hi(nodes[i]));
            write |= writes[i];
        }
        this.lo = low;
        this.hi = high;
        this.anyWrite = write;
    }

    /** A builder of a lock set over {@code hierarchy}. */
    public static Builder on(Hierarchy hierarchy) {
        return new Builder(hierarchy);
    }

    /** A lock set of one node. */
    public static LockSet of(Hierarchy hierarchy, int node, LockMode mode) {
        return on(hierarchy).add(node, mode).build();
    }

    /** The hierarchy the nodes belong to. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** The number of distinct nodes. */
    public int size() {
        return nodes.length;
    }

    /** The {@code i}-th node, in increasing node order. */
    public int node(int i) {
        return nodes[i];
    }

    /** The mode of the {@code i}-th node. */
    public LockMode mode(int i) {
        return writes[i] ? LockMode.WRITE : LockMode.READ;
    }

    /** Whether any node is locked for writing. */
    public boolean hasWrite() {
        return anyWrite;
    }

    /** The first leaf number covered by any node of the set. */
    public int lo() {
        return lo;
    }

    /** The last leaf number covered by any node of the set, inclusive. */
    public int hi() {
        return hi;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LockSet other && other.hierarchy == hierarchy && Arrays.equals(other.nodes, nodes)
                && Arrays.equals(other.writes, writes);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(nodes) + Arrays.hashCode(writes);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("LockSet[");
        for (int i = 0; i < nodes.length; i++) {
            text.append(i == 0 ? "" : ", ").append(writes[i] ? "W " : "R ").append(nodes[i]);
        }
        return text.append("; leaves ").append(lo).append("..").append(hi).append(']').toString();
    }

    /** Collects nodes; {@link #build()} checks them. */
    public static final class Builder {

        private final Hierarchy hierarchy;
        private int[] nodes = new int[4];
        private boolean[] writes = new boolean[4];
        private int count;

        private Builder(Hierarchy hierarchy) {
            this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        }

        /** Adds {@code node} for reading. */
        public Builder read(int node) {
            return add(node, LockMode.READ);
        }

        /** Adds {@code node} for writing. */
        public Builder write(int node) {
            return add(node, LockMode.WRITE);
        }

        /**
         * Adds {@code node} in {@code mode}.
         *
         * @throws IllegalArgumentException if the node is not in the hierarchy
         */
        public Builder add(int node, LockMode mode) {
            Objects.requireNonNull(mode, "mode");
            if (!hierarchy.contains(node)) {
                throw new IllegalArgumentException("unknown node " + node + " in " + hierarchy);
            }
            if (count == nodes.length) {
                nodes = Arrays.copyOf(nodes, count * 2);
                writes = Arrays.copyOf(writes, count * 2);
            }
            nodes[count] = node;
            writes[count] = mode == LockMode.WRITE;
            count++;
            return this;
        }

        /**
         * The lock set.
         *
         * @throws IllegalArgumentException if no node was added
         */
        public LockSet build() {
            if (count == 0) {
                throw new IllegalArgumentException("a lock set needs at least one node");
            }
            long[] packed = new long[count];
            for (int i = 0; i < count; i++) {
                packed[i] = ((long) nodes[i] << 1) | (writes[i] ? 1 : 0);
            }
            Arrays.sort(packed);
            int[] distinct = new int[count];
            boolean[] modes = new boolean[count];
            int n = 0;
            for (long entry : packed) {
                int node = (int) (entry >>> 1);
                boolean write = (entry & 1) != 0;
                if (n > 0 && distinct[n - 1] == node) {
                    modes[n - 1] |= write;
                } else {
                    distinct[n] = node;
                    modes[n] = write;
                    n++;
                }
            }
            return new LockSet(hierarchy, Arrays.copyOf(distinct, n), Arrays.copyOf(modes, n));
        }
    }
}
