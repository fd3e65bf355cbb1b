package dev.locus.hierarchy;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * An immutable rooted hierarchy — a tree or a DAG — whose nodes carry nested intervals: the
 * leaves are numbered 0, 1, 2, … in depth-first order from the root, and every node holds the
 * interval {@code [lo, hi]} of leaf numbers that subsumes every leaf reachable from it ([Kalikar19]
 * §3.1). Nodes are the ints {@code 0 … size()-1} handed out by {@link Builder#node()}.
 *
 * <p>In a tree a node's interval is exactly its leaves. In a DAG a shared node is numbered once,
 * under the first parent that reaches it, so another parent's interval may also cover leaves it
 * cannot reach: an over-approximation, which only ever makes a lock or a conflict test more
 * conservative. {@link #forEachReachableLeaf} gives the exact set where it matters.
 */
/*
 * Implementation notes
 *
 * Overview. Adjacency is kept in compressed rows (one offsets array and one targets array per
 * direction), so a 1M-node hierarchy is a handful of int arrays and no per-node objects.
 *
 * Construction. build() takes the one node without parents as the root, walks the graph
 * depth-first with an explicit stack (hierarchies may be tens of thousands deep, more than a
 * thread's stack allows for recursion), and colours nodes white/grey/black: reaching a grey node
 * is a cycle, reported with that node. A node the walk never reaches is an error too. Leaves get
 * their numbers when first reached; a node's interval is folded from its children's when it turns
 * black, so in post-order every child's interval is final before its parent reads it. The depth
 * of a node is its longest distance from the root, computed over the reverse post-order (a
 * topological order), so every path to a node in a levelled DAG gives the same level.
 *
 * References. [Kalikar19] §3.1 (nested intervals), Fig. 1.
 */
public final class Hierarchy {

    private final int root;
    private final int[] childOffsets;
    private final int[] children;
    private final int[] parentOffsets;
    private final int[] parents;
    private final int[] lo;
    private final int[] hi;
    private final int[] depth;
    private final int[] leafNodes;
    private final int height;

    private Hierarchy(int root, int[] childOffsets, int[] children, int[] parentOffsets, int[] parents,
            int[] lo, int[] hi, int[] depth, int[] leafNodes) {
        this.root = root;
        this.childOffsets = childOffsets;
        this.children = children;
        this.parentOffsets = parentOffsets;
        this.parents = parents;
        this.lo = lo;
        this.hi = hi;
        this.depth = depth;
        this.leafNodes = leafNodes;
        this.height = Arrays.stream(depth).max().orElse(0);
    }

    /** A builder that accepts nodes and parent→child edges, then numbers them. */
    public static Builder builder() {
        return new Builder();
    }

    /** The number of nodes. */
    public int size() {
        return lo.length;
    }

    /** The root: the only node without parents. */
    public int root() {
        return root;
    }

    /** The number of leaves, whose numbers are {@code 0 … leafCount()-1}. */
    public int leafCount() {
        return leafNodes.length;
    }

    /** The node that carries leaf number {@code leaf}. */
    public int leafNode(int leaf) {
        Objects.checkIndex(leaf, leafNodes.length);
        return leafNodes[leaf];
    }

    /** The first leaf number of {@code node}'s interval. */
    public int lo(int node) {
        return lo[checkNode(node)];
    }

    /** The last leaf number of {@code node}'s interval, inclusive. */
    public int hi(int node) {
        return hi[checkNode(node)];
    }

    /** The longest distance from the root to {@code node}; the root has depth 0. */
    public int depth(int node) {
        return depth[checkNode(node)];
    }

    /** The greatest depth of any node. */
    public int height() {
        return height;
    }

    /** Whether {@code node} has no children. */
    public boolean isLeaf(int node) {
        checkNode(node);
        return childOffsets[node] == childOffsets[node + 1];
    }

    /** {@code node}'s children, in the order their edges were added. */
    public int[] children(int node) {
        checkNode(node);
        return Arrays.copyOfRange(children, childOffsets[node], childOffsets[node + 1]);
    }

    /** {@code node}'s parents: none for the root, one in a tree, possibly more in a DAG. */
    public int[] parents(int node) {
        checkNode(node);
        return Arrays.copyOfRange(parents, parentOffsets[node], parentOffsets[node + 1]);
    }

    /** The number of {@code node}'s parents. */
    public int parentCount(int node) {
        checkNode(node);
        return parentOffsets[node + 1] - parentOffsets[node];
    }

    /** Whether every node but the root has exactly one parent. */
    public boolean isTree() {
        return parents.length == size() - 1;
    }

    /** Whether {@code node} is a valid node of this hierarchy. */
    public boolean contains(int node) {
        return node >= 0 && node < lo.length;
    }

    /**
     * Calls {@code action} with the leaf number of every leaf reachable from {@code node}, each once,
     * in increasing order. Exact in a DAG, where the interval may over-approximate; costs a walk of
     * the sub-graph, so it is for checks and tests, not for hot paths.
     */
    public void forEachReachableLeaf(int node, IntConsumer action) {
        checkNode(node);
        BitSet leaves = new BitSet(leafCount());
        BitSet seen = new BitSet(size());
        int[] stack = new int[16];
        int top = 0;
        stack[top++] = node;
        seen.set(node);
        while (top > 0) {
            int current = stack[--top];
            if (isLeaf(current)) {
                leaves.set(lo[current]);
            }
            for (int i = childOffsets[current]; i < childOffsets[current + 1]; i++) {
                int child = children[i];
                if (!seen.get(child)) {
                    seen.set(child);
                    if (top == stack.length) {
                        stack = Arrays.copyOf(stack, top * 2);
                    }
                    stack[top++] = child;
                }
            }
        }
        leaves.stream().forEach(action);
    }

    private int checkNode(int node) {
        if (!contains(node)) {
            throw new IllegalArgumentException("unknown node " + node + " in a hierarchy of " + size() + " nodes");
        }
        return node;
    }

    @Override
    public String toString() {
        return "Hierarchy[" + size() + " nodes, " + leafCount() + " leaves, height " + height
                + (isTree() ? ", tree]" : ", DAG]");
    }

    /**
     * Collects nodes and parent→child edges. Not thread-safe; {@link #build()} may be called once.
     */
    public static final class Builder {

        private int nodes;
        private int[] edgeParents = new int[16];
        private int[] edgeChildren = new int[16];
        private int edges;
        private boolean built;

        private Builder() {
        }

        /** Adds a node and returns its id: 0 for the first, then 1, 2, … */
        public int node() {
            checkOpen();
            return nodes++;
        }

        /** Adds {@code count} nodes and returns the id of the first; the others follow in order. */
        public int nodes(int count) {
            checkOpen();
            if (count < 0) {
                throw new IllegalArgumentException("negative node count " + count);
            }
            int first = nodes;
            nodes = Math.addExact(nodes, count);
            return first;
        }

        /** Makes {@code child} a child of {@code parent}. */
        public Builder edge(int parent, int child) {
            checkOpen();
            checkNode(parent);
            checkNode(child);
            if (parent == child) {
                throw new IllegalArgumentException("cycle: node " + parent + " is its own child");
            }
            if (edges == edgeParents.length) {
                edgeParents = Arrays.copyOf(edgeParents, edges * 2);
                edgeChildren = Arrays.copyOf(edgeChildren, edges * 2);
            }
            edgeParents[edges] = parent;
            edgeChildren[edges] = child;
            edges++;
            return this;
        }

        /** The number of nodes added so far. */
        public int size() {
            return nodes;
        }

        /**
         * Numbers the leaves and computes every node's interval.
         *
         * @throws IllegalArgumentException if there are no nodes, if not exactly one node lacks a
         *     parent, if an edge is repeated, if the edges form a cycle, or if a node cannot be
         *     reached from the root
         */
        public Hierarchy build() {
            checkOpen();
            built = true;
            if (nodes == 0) {
                throw new IllegalArgumentException("a hierarchy needs at least one node");
            }
            int[] childOffsets = new int[nodes + 1];
            int[] children = rows(edgeParents, edgeChildren, childOffsets);
            int[] parentOffsets = new int[nodes + 1];
            int[] parents = rows(edgeChildren, edgeParents, parentOffsets);
            int root = findRoot(parentOffsets);
            rejectRepeatedEdges(childOffsets, children);
            return number(root, childOffsets, children, parentOffsets, parents);
        }

        private Hierarchy number(int root, int[] childOffsets, int[] children, int[] parentOffsets, int[] parents) {
            final byte white = 0;
            final byte grey = 1;
            final byte black = 2;
            byte[] colour = new byte[nodes];
            int[] lo = new int[nodes];
            int[] hi = new int[nodes];
            int[] postOrder = new int[nodes];
            int finished = 0;
            int[] leafNodes = new int[nodes];
            int leaves = 0;
            int[] stack = new int[16];
            int[] next = new int[nodes];
            int top = 0;
            stack[top++] = root;
            colour[root] = grey;
            next[root] = childOffsets[root];
            while (top > 0) {
                int node = stack[top - 1];
                if (next[node] < childOffsets[node + 1]) {
                    int child = children[next[node]++];
                    if (colour[child] == grey) {
                        throw new IllegalArgumentException("cycle through node " + child);
                    }
                    if (colour[child] == white) {
                        colour[child] = grey;
                        next[child] = childOffsets[child];
                        if (top == stack.length) {
                            stack = Arrays.copyOf(stack, top * 2);
                        }
                        stack[top++] = child;
                    }
                    continue;
                }
                top--;
                colour[node] = black;
                postOrder[finished++] = node;
                if (childOffsets[node] == childOffsets[node + 1]) {
                    lo[node] = leaves;
                    hi[node] = leaves;
                    leafNodes[leaves++] = node;
                } else {
                    int low = Integer.MAX_VALUE;
                    int high = Integer.MIN_VALUE;
                    for (int i = childOffsets[node]; i < childOffsets[node + 1]; i++) {
                        low = Math.min(low, lo[children[i]]);
                        high = Math.max(high, hi[children[i]]);
                    }
                    lo[node] = low;
                    hi[node] = high;
                }
            }
            if (finished < nodes) {
                for (int node = 0; node < nodes; node++) {
                    if (colour[node] == white) {
                        throw new IllegalArgumentException("node " + node + " cannot be reached from root " + root
                                + (parentOffsets[node] < parentOffsets[node + 1] ? " (it lies on a cycle)" : ""));
                    }
                }
            }
            int[] depth = new int[nodes];
            for (int i = nodes - 1; i >= 0; i--) {
                int node = postOrder[i];
                for (int e = childOffsets[node]; e < childOffsets[node + 1]; e++) {
                    depth[children[e]] = Math.max(depth[children[e]], depth[node] + 1);
                }
            }
            return new Hierarchy(root, childOffsets, children, parentOffsets, parents, lo, hi, depth,
                    Arrays.copyOf(leafNodes, leaves));
        }

        private int[] rows(int[] from, int[] to, int[] offsets) {
            for (int e = 0; e < edges; e++) {
                offsets[from[e] + 1]++;
            }
            for (int node = 0; node < nodes; node++) {
                offsets[node + 1] += offsets[node];
            }
            int[] fill = Arrays.copyOf(offsets, nodes);
            int[] targets = new int[edges];
            for (int e = 0; e < edges; e++) {
                targets[fill[from[e]]++] = to[e];
            }
            return targets;
        }

        private int findRoot(int[] parentOffsets) {
            int root = -1;
            for (int node = 0; node < nodes; node++) {
                if (parentOffsets[node] == parentOffsets[node + 1]) {
                    if (root >= 0) {
                        throw new IllegalArgumentException("two nodes without a parent: " + root + " and " + node
                                + "; a hierarchy has one root");
                    }
                    root = node;
                }
            }
            if (root < 0) {
                throw new IllegalArgumentException("every node has a parent, so the edges form a cycle");
            }
            return root;
        }

        private void rejectRepeatedEdges(int[] childOffsets, int[] children) {
            int[] lastParent = new int[nodes];
            Arrays.fill(lastParent, -1);
            for (int node = 0; node < nodes; node++) {
                for (int i = childOffsets[node]; i < childOffsets[node + 1]; i++) {
                    if (lastParent[children[i]] == node) {
                        throw new IllegalArgumentException("edge " + node + " -> " + children[i] + " added twice");
                    }
                    lastParent[children[i]] = node;
                }
            }
        }

        private void checkNode(int node) {
            if (node < 0 || node >= nodes) {
                throw new IllegalArgumentException("unknown node " + node + "; " + nodes + " nodes added so far");
            }
        }

        private void checkOpen() {
            if (built) {
                throw new IllegalStateException("build() was already called");
            }
        }
    }
}
