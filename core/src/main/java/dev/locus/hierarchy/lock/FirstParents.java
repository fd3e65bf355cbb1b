package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import java.util.Arrays;

/** One fixed parent per node, so a walk up a hierarchy allocates nothing. */
final class FirstParents {

    private FirstParents() {
    }

    /** The lowest-numbered parent of every node, and -1 for the root. */
    static int[] of(Hierarchy hierarchy) {
        int[] parent = new int[hierarchy.size()];
        Arrays.fill(parent, -1);
        for (int node = 0; node < parent.length; node++) {
            for (int child : hierarchy.children(node)) {
                if (parent[child] < 0) {
                    parent[child] = node;
                }
            }
        }
        return parent;
    }
}
