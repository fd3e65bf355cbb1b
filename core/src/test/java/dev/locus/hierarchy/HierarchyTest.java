package dev.locus.hierarchy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static java.util.concurrent.TimeUnit.SECONDS;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Hierarchy} numbers leaves in depth-first order and gives every node the smallest interval
 * holding the leaves it reaches, in trees and DAGs; {@link LockSet} covers its nodes' intervals;
 * both reject what is not a rooted acyclic hierarchy or not a node of it.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class HierarchyTest {

    /**
     * The sample hierarchy of [Kalikar19] Fig. 1 as a tree, leaves numbered from 0 (the paper counts
     * from 1):
     *
     * <pre>
     *            A
     *        /       \
     *       B         C
     *     /   \      / \
     *    D     E    F   G
     *   / \   / \      / \
     *  H   I J   K    L   M
     * </pre>
     *
     * Leaves in DFS order: H0 I1 J2 K3 F4 L5 M6, so with two buckets [0,3] and [4,6] a task on D
     * fits bucket 0 and a task on J and G spans both, as in the paper's §3.2 example.
     */
    private static final class Fig1 {
        final Hierarchy.Builder builder = Hierarchy.builder();
        final int a = builder.node();
        final int b = builder.node();
        final int c = builder.node();
        final int d = builder.node();
        final int e = builder.node();
        final int f = builder.node();
        final int g = builder.node();
        final int h = builder.node();
        final int i = builder.node();
        final int j = builder.node();
        final int k = builder.node();
        final int l = builder.node();
        final int m = builder.node();

        Fig1() {
            builder.edge(a, b).edge(a, c).edge(b, d).edge(b, e).edge(c, f).edge(c, g)
                    .edge(d, h).edge(d, i).edge(e, j).edge(e, k).edge(g, l).edge(g, m);
        }
    }

    @Nested
    class Tree {

        private final Fig1 fig = new Fig1();
        private final Hierarchy tree = fig.builder.build();

        @Test
        void leavesAreNumberedInDepthFirstOrder() {
            assertEquals(7, tree.leafCount());
            int[] expected = {fig.h, fig.i, fig.j, fig.k, fig.f, fig.l, fig.m};
            for (int leaf = 0; leaf < expected.length; leaf++) {
                assertEquals(expected[leaf], tree.leafNode(leaf), "leaf " + leaf);
                assertEquals(leaf, tree.lo(expected[leaf]));
                assertEquals(leaf, tree.hi(expected[leaf]));
                assertTrue(tree.isLeaf(expected[leaf]));
            }
        }

        @Test
        void innerNodesHoldTheIntervalOfTheirLeaves() {
            assertInterval(tree, fig.d, 0, 1);
            assertInterval(tree, fig.e, 2, 3);
            assertInterval(tree, fig.b, 0, 3);
            assertInterval(tree, fig.g, 5, 6);
            assertInterval(tree, fig.c, 4, 6);
            assertInterval(tree, fig.a, 0, 6);
            assertFalse(tree.isLeaf(fig.a));
        }

        @Test
        void shapeIsAsBuilt() {
            assertEquals(13, tree.size());
            assertEquals(fig.a, tree.root());
            assertTrue(tree.isTree());
            assertArrayEquals(new int[] {fig.b, fig.c}, tree.children(fig.a));
            assertArrayEquals(new int[] {}, tree.children(fig.h));
            assertArrayEquals(new int[] {fig.g}, tree.parents(fig.m));
            assertArrayEquals(new int[] {}, tree.parents(fig.a));
            assertEquals(0, tree.parentCount(fig.a));
            assertEquals(1, tree.parentCount(fig.e));
            assertEquals(0, tree.depth(fig.a));
            assertEquals(1, tree.depth(fig.c));
            assertEquals(2, tree.depth(fig.f));
            assertEquals(3, tree.depth(fig.m));
            assertEquals(3, tree.height());
            assertTrue(tree.contains(12));
            assertFalse(tree.contains(13));
            assertFalse(tree.contains(-1));
            assertEquals("Hierarchy[13 nodes, 7 leaves, height 3, tree]", tree.toString());
        }

        @Test
        void lockSetCoversTheIntervalsOfItsNodes() {
            LockSet onD = LockSet.of(tree, fig.d, LockMode.WRITE);
            assertEquals(0, onD.lo());
            assertEquals(1, onD.hi());
            LockSet jAndG = LockSet.on(tree).read(fig.g).write(fig.j).build();
            assertEquals(2, jAndG.lo());
            assertEquals(6, jAndG.hi());
            assertTrue(jAndG.hasWrite());
            assertFalse(LockSet.of(tree, fig.g, LockMode.READ).hasWrite());
        }

        @Test
        void lockSetKeepsEachNodeOnceInItsStrongerModeAndInNodeOrder() {
            LockSet set = LockSet.on(tree).read(fig.k).write(fig.d).read(fig.d).read(fig.k).build();
            assertEquals(2, set.size());
            assertEquals(fig.d, set.node(0));
            assertEquals(LockMode.WRITE, set.mode(0));
            assertEquals(fig.k, set.node(1));
            assertEquals(LockMode.READ, set.mode(1));
            assertEquals(LockSet.on(tree).write(fig.d).read(fig.k).build(), set);
            assertEquals(LockSet.on(tree).write(fig.d).read(fig.k).build().hashCode(), set.hashCode());
            assertNotEquals(LockSet.on(tree).write(fig.d).write(fig.k).build(), set);
            assertEquals("LockSet[W 3, R 10; leaves 0..3]", set.toString());
        }

        @Test
        void hierarchicalTaskRunsItsOperationAndKeepsItsLocks() {
            LockSet locks = LockSet.of(tree, fig.b, LockMode.READ);
            int[] runs = new int[1];
            HierarchicalTask task = new HierarchicalTask(locks, () -> runs[0]++);
            task.run();
            assertEquals(1, runs[0]);
            assertEquals(locks, task.locks());
            assertThrows(NullPointerException.class, () -> new HierarchicalTask(null, () -> { }));
            assertThrows(NullPointerException.class, () -> new HierarchicalTask(locks, null));
        }
    }

    @Nested
    class Dag {

        /** Fig. 1 with H shared: locking E locks E, H, J and K, as the paper's §2 example says. */
        private final Fig1 fig = new Fig1();
        private final Hierarchy dag = fig.builder.edge(fig.e, fig.h).build();

        @Test
        void sharedNodeIsNumberedUnderItsFirstParent() {
            assertFalse(dag.isTree());
            assertEquals(7, dag.leafCount());
            assertEquals(2, dag.parentCount(fig.h));
            assertArrayEquals(new int[] {fig.d, fig.e}, dag.parents(fig.h));
            assertInterval(dag, fig.h, 0, 0);
            assertInterval(dag, fig.d, 0, 1);
        }

        @Test
        void otherParentsIntervalOverApproximates() {
            assertInterval(dag, fig.e, 0, 3);
            assertEquals(bits(0, 2, 3), reachable(dag, fig.e), "E reaches H, J, K but not I");
            assertEquals(bits(0, 1, 2, 3), reachable(dag, fig.b));
        }

        @Test
        void depthIsTheLongestDistanceFromTheRoot() {
            Hierarchy.Builder builder = Hierarchy.builder();
            int root = builder.nodes(3);
            builder.edge(root, root + 1).edge(root + 1, root + 2).edge(root, root + 2);
            Hierarchy shortcut = builder.build();
            assertEquals(2, shortcut.depth(root + 2));
            assertEquals(2, shortcut.height());
        }

        @Test
        void levelledDagGivesEveryNodeItsLevel() {
            Random random = new Random(7);
            int levels = 6;
            int width = 5;
            Hierarchy.Builder builder = Hierarchy.builder();
            int root = builder.node();
            int first = builder.nodes(levels * width);
            for (int node = first; node < first + width; node++) {
                builder.edge(root, node);
            }
            for (int level = 1; level < levels; level++) {
                for (int x = 0; x < width; x++) {
                    int child = first + level * width + x;
                    builder.edge(first + (level - 1) * width + x, child);
                    int other = first + (level - 1) * width + (x + 1 + random.nextInt(width - 1)) % width;
                    builder.edge(other, child);
                }
            }
            Hierarchy levelled = builder.build();
            assertEquals(0, levelled.depth(root));
            for (int level = 0; level < levels; level++) {
                for (int x = 0; x < width; x++) {
                    assertEquals(level + 1, levelled.depth(first + level * width + x));
                }
            }
            assertEquals(levels, levelled.height());
        }
    }

    @Nested
    class RandomShapes {

        @ParameterizedTest
        @ValueSource(ints = {1, 2, 3})
        void intervalIsTheHullOfTheReachableLeavesInRandomDags(int maxParents) {
            Random random = new Random(1000 + maxParents);
            for (int round = 0; round < 150; round++) {
                RandomGraph graph = RandomGraph.of(random, 1 + random.nextInt(200), maxParents);
                Hierarchy hierarchy = graph.build();
                assertEquals(graph.edges().size() == graph.size() - 1, hierarchy.isTree());
                assertLeavesInDepthFirstOrder(hierarchy);
                int[] depths = graph.longestDistances();
                for (int node = 0; node < hierarchy.size(); node++) {
                    BitSet exact = walk(hierarchy, node);
                    assertEquals(exact, reachable(hierarchy, node), "forEachReachableLeaf of " + node);
                    assertEquals(exact.nextSetBit(0), hierarchy.lo(node), "lo of " + node);
                    assertEquals(exact.length() - 1, hierarchy.hi(node), "hi of " + node);
                    if (hierarchy.isTree()) {
                        assertEquals(exact.cardinality(), hierarchy.hi(node) - hierarchy.lo(node) + 1,
                                "a tree's interval holds exactly the node's leaves");
                    }
                    assertEquals(depths[node], hierarchy.depth(node), "depth of " + node);
                }
            }
        }

        @Test
        void deepChainBuildsWithoutRecursion() {
            int length = 200_000;
            Hierarchy.Builder builder = Hierarchy.builder();
            int first = builder.nodes(length);
            for (int node = first; node < first + length - 1; node++) {
                builder.edge(node, node + 1);
            }
            Hierarchy chain = builder.build();
            assertEquals(1, chain.leafCount());
            assertEquals(length - 1, chain.height());
            assertInterval(chain, first, 0, 0);
            assertEquals(bits(0), reachable(chain, first));
        }

        @Test
        void singleNodeIsRootAndLeaf() {
            Hierarchy.Builder builder = Hierarchy.builder();
            int only = builder.node();
            Hierarchy single = builder.build();
            assertEquals(only, single.root());
            assertTrue(single.isLeaf(only));
            assertEquals(1, single.leafCount());
            assertEquals(0, single.height());
            assertTrue(single.isTree());
        }
    }

    @Nested
    class BadInput {

        private final Hierarchy.Builder builder = Hierarchy.builder();
        private final int root = builder.node();
        private final int a = builder.node();
        private final int b = builder.node();
        private final int c = builder.node();

        @Test
        void cycleThroughTheRootLeavesNoRoot() {
            builder.edge(root, a).edge(a, b).edge(b, c).edge(c, root);
            assertRejected("cycle");
        }

        @Test
        void cycleBelowTheRootIsFound() {
            builder.edge(root, a).edge(a, b).edge(b, c).edge(c, b);
            assertRejected("cycle through node " + b);
        }

        @Test
        void twoNodeLoopNotTouchingTheTreeIsUnreachable() {
            builder.edge(root, a).edge(b, c).edge(c, b);
            assertRejected("lies on a cycle");
        }

        @Test
        void nodeBelowAnUnreachableLoopIsUnreachable() {
            int d = builder.node();
            builder.edge(root, a).edge(b, c).edge(c, b).edge(c, d);
            assertRejected("cannot be reached from root " + root);
        }

        @Test
        void twoRootsAreRejected() {
            builder.edge(root, a).edge(root, b).edge(c, a);
            assertRejected("two nodes without a parent: " + root + " and " + c);
        }

        @Test
        void repeatedEdgeIsRejected() {
            builder.edge(root, a).edge(root, b).edge(root, c).edge(root, a);
            assertRejected("edge " + root + " -> " + a + " added twice");
        }

        @Test
        void selfEdgeIsRejectedWhenAdded() {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder.edge(a, a));
            assertTrue(e.getMessage().contains("its own child"), e.getMessage());
        }

        @Test
        void unknownNodeInAnEdgeIsRejectedWhenAdded() {
            assertThrows(IllegalArgumentException.class, () -> builder.edge(root, 4));
            assertThrows(IllegalArgumentException.class, () -> builder.edge(-1, a));
            assertThrows(IllegalArgumentException.class, () -> builder.nodes(-1));
        }

        @Test
        void emptyBuilderIsRejected() {
            assertThrows(IllegalArgumentException.class, () -> Hierarchy.builder().build());
        }

        @Test
        void builderIsSpentAfterBuild() {
            builder.edge(root, a).edge(root, b).edge(root, c);
            builder.build();
            assertThrows(IllegalStateException.class, builder::build);
            assertThrows(IllegalStateException.class, builder::node);
            assertThrows(IllegalStateException.class, () -> builder.edge(root, a));
        }

        @Test
        void failedBuildAlsoSpendsTheBuilder() {
            builder.edge(root, a);
            assertThrows(IllegalArgumentException.class, builder::build);
            assertThrows(IllegalStateException.class, builder::build);
        }

        @Test
        void unknownNodesAreRejectedByTheHierarchyAndTheLockSet() {
            builder.edge(root, a).edge(root, b).edge(root, c);
            Hierarchy hierarchy = builder.build();
            List<Consumer<Integer>> lookups = List.of(hierarchy::lo, hierarchy::hi, hierarchy::depth,
                    hierarchy::isLeaf, hierarchy::children, hierarchy::parents, hierarchy::parentCount,
                    node -> hierarchy.forEachReachableLeaf(node, leaf -> { }),
                    node -> LockSet.on(hierarchy).read(node), node -> LockSet.of(hierarchy, node, LockMode.WRITE));
            for (Consumer<Integer> lookup : lookups) {
                assertThrows(IllegalArgumentException.class, () -> lookup.accept(4));
                assertThrows(IllegalArgumentException.class, () -> lookup.accept(-1));
            }
            assertThrows(IndexOutOfBoundsException.class, () -> hierarchy.leafNode(3));
        }

        @Test
        void emptyLockSetIsRejected() {
            builder.edge(root, a).edge(root, b).edge(root, c);
            Hierarchy hierarchy = builder.build();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LockSet.on(hierarchy).build());
            assertTrue(e.getMessage().contains("at least one node"), e.getMessage());
            assertThrows(NullPointerException.class, () -> LockSet.on(hierarchy).add(a, null));
            assertThrows(NullPointerException.class, () -> LockSet.on(null));
        }

        private void assertRejected(String reason) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
            assertTrue(e.getMessage().contains(reason), "expected '" + reason + "' in: " + e.getMessage());
        }
    }

    /**
     * A random rooted DAG: node {@code order[0]} is the root and every later node in {@code order}
     * gets 1 to {@code maxParents} distinct parents among the nodes before it, so the graph is
     * acyclic and connected. Node ids are a random permutation of the order and edges are added in
     * random order, so the builder cannot lean on either.
     */
    private record RandomGraph(int size, int[] order, List<int[]> edges) {

        static RandomGraph of(Random random, int size, int maxParents) {
            List<Integer> ids = new ArrayList<>();
            for (int node = 0; node < size; node++) {
                ids.add(node);
            }
            Collections.shuffle(ids, random);
            int[] order = ids.stream().mapToInt(Integer::intValue).toArray();
            List<int[]> edges = new ArrayList<>();
            for (int position = 1; position < size; position++) {
                int parents = Math.min(position, 1 + random.nextInt(maxParents));
                BitSet chosen = new BitSet();
                while (chosen.cardinality() < parents) {
                    chosen.set(random.nextInt(position));
                }
                int child = order[position];
                chosen.stream().forEach(parent -> edges.add(new int[] {order[parent], child}));
            }
            Collections.shuffle(edges, random);
            return new RandomGraph(size, order, edges);
        }

        Hierarchy build() {
            Hierarchy.Builder builder = Hierarchy.builder();
            builder.nodes(size);
            edges.forEach(edge -> builder.edge(edge[0], edge[1]));
            return builder.build();
        }

        /** Each node's longest path from the root, by relaxing the edges in the topological order. */
        int[] longestDistances() {
            int[] position = new int[size];
            for (int i = 0; i < size; i++) {
                position[order[i]] = i;
            }
            int[] distance = new int[size];
            List<int[]> sorted = new ArrayList<>(edges);
            sorted.sort((x, y) -> Integer.compare(position[x[0]], position[y[0]]));
            for (int[] edge : sorted) {
                distance[edge[1]] = Math.max(distance[edge[1]], distance[edge[0]] + 1);
            }
            return distance;
        }
    }

    /** The leaves reached from {@code from}, by a walk over {@link Hierarchy#children}. */
    private static BitSet walk(Hierarchy hierarchy, int from) {
        BitSet leaves = new BitSet();
        BitSet seen = new BitSet();
        List<Integer> stack = new ArrayList<>(List.of(from));
        while (!stack.isEmpty()) {
            int node = stack.remove(stack.size() - 1);
            if (!seen.get(node)) {
                seen.set(node);
                if (hierarchy.isLeaf(node)) {
                    leaves.set(hierarchy.lo(node));
                }
                for (int child : hierarchy.children(node)) {
                    stack.add(child);
                }
            }
        }
        return leaves;
    }

    /** The first visit of each node in a depth-first walk from the root meets the leaves as 0, 1, 2, … */
    private static void assertLeavesInDepthFirstOrder(Hierarchy hierarchy) {
        BitSet seen = new BitSet();
        int[] next = {0};
        visit(hierarchy, hierarchy.root(), seen, next);
        assertEquals(hierarchy.leafCount(), next[0]);
    }

    private static void visit(Hierarchy hierarchy, int node, BitSet seen, int[] next) {
        seen.set(node);
        if (hierarchy.isLeaf(node)) {
            assertEquals(node, hierarchy.leafNode(next[0]), "leaf " + next[0] + " in DFS order");
            next[0]++;
        }
        for (int child : hierarchy.children(node)) {
            if (!seen.get(child)) {
                visit(hierarchy, child, seen, next);
            }
        }
    }

    private static BitSet reachable(Hierarchy hierarchy, int node) {
        BitSet leaves = new BitSet();
        int[] previous = {-1};
        hierarchy.forEachReachableLeaf(node, leaf -> {
            assertTrue(leaf > previous[0], "leaves come in increasing order");
            previous[0] = leaf;
            leaves.set(leaf);
        });
        return leaves;
    }

    private static BitSet bits(int... leaves) {
        BitSet set = new BitSet();
        for (int leaf : leaves) {
            set.set(leaf);
        }
        return set;
    }

    private static void assertInterval(Hierarchy hierarchy, int node, int lo, int hi) {
        assertEquals(lo, hierarchy.lo(node), "lo of node " + node);
        assertEquals(hi, hierarchy.hi(node), "hi of node " + node);
    }
}
