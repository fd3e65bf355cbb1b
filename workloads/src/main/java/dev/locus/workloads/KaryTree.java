package dev.locus.workloads;

import dev.locus.hierarchy.Hierarchy;

/**
 * The synthetic hierarchy of [Kalikar19] §4: a complete k-ary tree. Nodes are numbered in
 * breadth-first order, so the root is 0, the children of node {@code n} are
 * {@code k·n+1 … k·n+k} (those below {@code nodes}), and the parent of node {@code n > 0} is
 * {@code (n-1)/k}. Every level is full except possibly the last, which fills from the left.
 *
 * <pre>{@code
 * Hierarchy tree = KaryTree.of(4, 1_000_000);   // a 1M-node stress hierarchy as in [Kalikar19] §4 (which gives no fanout)
 * }</pre>
 */
public final class KaryTree {

    private KaryTree() {
    }

    /**
     * A complete tree of exactly {@code nodes} nodes in which every inner node but possibly the
     * last has {@code fanout} children. Builds a million nodes in well under a second.
     *
     * @param fanout children per inner node, at least 1 (1 gives a chain)
     * @param nodes the number of nodes, at least 1
     * @throws IllegalArgumentException if either is below 1
     */
    public static Hierarchy of(int fanout, int nodes) {
        if (fanout < 1) {
            throw new IllegalArgumentException("fanout " + fanout + " is below 1");
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("a tree needs at least one node, not " + nodes);
        }
        Hierarchy.Builder builder = Hierarchy.builder();
        builder.nodes(nodes);
        for (int child = 1; child < nodes; child++) {
            builder.edge((child - 1) / fanout, child);
        }
        return builder.build();
    }
}
