package dev.locus.toggle;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/** Small hierarchies and random lock sets for the Toggle tests. */
final class TestHierarchies {

    private TestHierarchies() {
    }

    /** A complete {@code k}-ary tree whose leaves are at depth {@code height}, numbered breadth-first. */
    static Hierarchy tree(int k, int height) {
        Hierarchy.Builder b = Hierarchy.builder();
        int nodes = 0;
        for (int level = 0, width = 1; level <= height; level++, width *= k) {
            nodes += width;
        }
        b.nodes(nodes);
        for (int child = 1; child < nodes; child++) {
            b.edge((child - 1) / k, child);
        }
        return b.build();
    }

    /**
     * The {@code k}-ary tree of {@link #tree}, plus {@code extraEdges} edges from random parents of
     * leaves to random other leaves: a DAG whose shared leaves make some intervals over-approximate.
     */
    static Hierarchy dag(int k, int height, int extraEdges, long seed) {
        Hierarchy.Builder b = Hierarchy.builder();
        int nodes = 0;
        int leaves = 1;
        for (int level = 0, width = 1; level <= height; level++, width *= k) {
            nodes += width;
            leaves = width;
        }
        b.nodes(nodes);
        for (int child = 1; child < nodes; child++) {
            b.edge((child - 1) / k, child);
        }
        int firstLeaf = nodes - leaves;
        int firstParent = (firstLeaf - 1) / k;
        SplittableRandom random = new SplittableRandom(seed);
        Set<Long> added = new HashSet<>();
        while (added.size() < extraEdges) {
            int parent = firstParent + random.nextInt(firstLeaf - firstParent);
            int leaf = firstLeaf + random.nextInt(leaves);
            if ((leaf - 1) / k != parent && added.add((long) parent << 32 | leaf)) {
                b.edge(parent, leaf);
            }
        }
        return b.build();
    }

    /**
     * Random lock sets of one to three nodes: half of them near the first {@code hotLeaves} leaves
     * (a leaf or one of its first two ancestors), the rest anywhere (a node at a random depth), and
     * one in a hundred the root; one node in three is written.
     */
    static LockSet randomLockSet(Hierarchy h, SplittableRandom random, int hotLeaves) {
        LockSet.Builder locks = LockSet.on(h);
        int count = 1 + random.nextInt(3);
        boolean hot = random.nextBoolean();
        for (int i = 0; i < count; i++) {
            LockMode mode = random.nextInt(3) == 0 ? LockMode.WRITE : LockMode.READ;
            if (random.nextInt(100) == 0) {
                locks.add(h.root(), mode);
            } else if (hot) {
                int node = h.leafNode(random.nextInt(Math.min(hotLeaves, h.leafCount())));
                for (int up = random.nextInt(3); up > 0 && h.parentCount(node) > 0; up--) {
                    node = h.parents(node)[0];
                }
                locks.add(node, mode);
            } else {
                locks.add(random.nextInt(h.size()), mode);
            }
        }
        return locks.build();
    }
}
