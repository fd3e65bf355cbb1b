package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;

/**
 * The leaves of a hierarchy cut into equal, disjoint ranges, with the nodes that lie wholly in
 * each: [Kalikar19] §4.3's skewness, where "skewness = 2 indicates two disjoint subsets of hierarchy
 * nodes and any task can access nodes within only one subset". Range {@code r} of {@code s} holds
 * the leaves {@code ℓ} with {@code ⌊ℓ·s / leafCount⌋ = r}; a node belongs to the range holding its
 * whole interval, and a node whose interval crosses two ranges (the root, for {@code s > 1})
 * belongs to none. With one range every node belongs to it.
 */
final class LeafRanges {

    private final Hierarchy hierarchy;
    private final int ranges;
    /** The nodes of range {@code r} are {@code nodes[starts[r] … starts[r+1]-1]}, in increasing order. */
    private final int[] starts;
    private final int[] nodes;

    /** @throws IllegalArgumentException if {@code ranges} is below 1 or above the number of leaves */
    LeafRanges(Hierarchy hierarchy, int ranges) {
        if (ranges < 1 || ranges > hierarchy.leafCount()) {
            throw new IllegalArgumentException(ranges + " ranges of " + hierarchy.leafCount() + " leaves");
        }
        this.hierarchy = hierarchy;
        this.ranges = ranges;
        starts = new int[ranges + 1];
        for (int node = 0; node < hierarchy.size(); node++) {
            int range = rangeOf(node);
            if (range >= 0) {
                starts[range + 1]++;
            }
        }
        for (int r = 0; r < ranges; r++) {
            starts[r + 1] += starts[r];
        }
        nodes = new int[starts[ranges]];
        int[] fill = starts.clone();
        for (int node = 0; node < hierarchy.size(); node++) {
            int range = rangeOf(node);
            if (range >= 0) {
                nodes[fill[range]++] = node;
            }
        }
    }

    Hierarchy hierarchy() {
        return hierarchy;
    }

    int ranges() {
        return ranges;
    }

    /** The range that holds leaf number {@code leaf}. */
    int rangeOfLeaf(int leaf) {
        return (int) ((long) leaf * ranges / hierarchy.leafCount());
    }

    /** How many nodes lie wholly in range {@code range}; at least one, since every range has a leaf. */
    int nodeCount(int range) {
        return starts[range + 1] - starts[range];
    }

    /** The {@code i}-th node of range {@code range}. */
    int node(int range, int i) {
        return nodes[starts[range] + i];
    }

    /** The range holding {@code node}'s whole interval, or -1 if it crosses ranges. */
    private int rangeOf(int node) {
        int range = rangeOfLeaf(hierarchy.lo(node));
        return range == rangeOfLeaf(hierarchy.hi(node)) ? range : -1;
    }
}
