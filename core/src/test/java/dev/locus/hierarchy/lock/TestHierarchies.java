package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.SplittableRandom;

/** Small hierarchies and random lock sets for the lock manager tests; random ones are seeded. */
final class TestHierarchies {

    private TestHierarchies() {
    }

    /** A full binary tree of depth 2: root 0, inner nodes 1 and 2, leaves 3, 4 under 1 and 5, 6 under 2. */
    static Hierarchy binaryTree() {
        Hierarchy.Builder builder = Hierarchy.builder();
        builder.nodes(7);
        builder.edge(0, 1).edge(0, 2).edge(1, 3).edge(1, 4).edge(2, 5).edge(2, 6);
        return builder.build();
    }

    /** A random recursive tree: node {@code i} hangs under a node chosen uniformly among {@code 0 … i-1}. */
    static Hierarchy tree(int nodes, long seed) {
        return dag(nodes, 0, seed);
    }

    /**
     * A random DAG: as {@link #tree}, and with probability {@code secondParent} a node gets a second
     * parent, so it is shared and everything below it is reached along several paths.
     */
    static Hierarchy dag(int nodes, double secondParent, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Hierarchy.Builder builder = Hierarchy.builder();
        builder.nodes(nodes);
        for (int node = 1; node < nodes; node++) {
            int parent = random.nextInt(node);
            builder.edge(parent, node);
            if (node > 1 && random.nextDouble() < secondParent) {
                int other = random.nextInt(node - 1);
                builder.edge(other >= parent ? other + 1 : other, node);
            }
        }
        return builder.build();
    }

    /**
     * A lock set of 1 to 4 random nodes, each written with probability 0.3 (the paper's 7:3
     * read:write mix); half the time one more node is an ancestor or a descendant of a node
     * already in the set, in its own random mode, so sets nest.
     */
    static LockSet lockSet(Hierarchy hierarchy, SplittableRandom random) {
        LockSet.Builder set = LockSet.on(hierarchy);
        int count = 1 + random.nextInt(4);
        int node = 0;
        for (int i = 0; i < count; i++) {
            node = random.nextInt(hierarchy.size());
            set.add(node, mode(random));
        }
        if (random.nextBoolean()) {
            set.add(random.nextBoolean() ? ancestor(hierarchy, node, random) : descendant(hierarchy, node, random),
                    mode(random));
        }
        return set.build();
    }

    private static LockMode mode(SplittableRandom random) {
        return random.nextInt(10) < 3 ? LockMode.WRITE : LockMode.READ;
    }

    private static int ancestor(Hierarchy hierarchy, int node, SplittableRandom random) {
        int steps = 1 + random.nextInt(3);
        for (int i = 0; i < steps && node != hierarchy.root(); i++) {
            int[] parents = hierarchy.parents(node);
            node = parents[random.nextInt(parents.length)];
        }
        return node;
    }

    private static int descendant(Hierarchy hierarchy, int node, SplittableRandom random) {
        int steps = 1 + random.nextInt(3);
        for (int i = 0; i < steps && !hierarchy.isLeaf(node); i++) {
            int[] children = hierarchy.children(node);
            node = children[random.nextInt(children.length)];
        }
        return node;
    }
}
