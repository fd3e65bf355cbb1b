package dev.locus.workloads;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link KaryTree} builds the complete k-ary tree in breadth-first numbering, up to the paper's 1M nodes. */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KaryTreeTest {

    @Test
    void fullTernaryTreeOfThirteenNodes() {
        Hierarchy tree = KaryTree.of(3, 13);
        assertEquals(13, tree.size());
        assertEquals(9, tree.leafCount());
        assertEquals(0, tree.root());
        assertArrayEquals(new int[] {1, 2, 3}, tree.children(0));
        assertArrayEquals(new int[] {10, 11, 12}, tree.children(3));
        assertEquals(2, tree.height());
        for (int inner = 1; inner <= 3; inner++) {
            assertEquals(3 * (inner - 1), tree.lo(inner));
            assertEquals(3 * (inner - 1) + 2, tree.hi(inner));
        }
        for (int leaf = 0; leaf < 9; leaf++) {
            assertEquals(4 + leaf, tree.leafNode(leaf), "leaves of a complete tree are the last level, left to right");
        }
    }

    @Test
    void lastLevelFillsFromTheLeft() {
        Hierarchy tree = KaryTree.of(2, 6);
        assertArrayEquals(new int[] {3, 4}, tree.children(1));
        assertArrayEquals(new int[] {5}, tree.children(2));
        assertEquals(3, tree.leafCount());
        assertEquals(2, tree.lo(2));
        assertEquals(2, tree.hi(2));
    }

    @ParameterizedTest
    @CsvSource({"1, 1", "1, 50", "2, 2", "5, 1", "7, 100", "16, 4097"})
    void everyNodeHasItsBreadthFirstParentAndDepth(int fanout, int nodes) {
        Hierarchy tree = KaryTree.of(fanout, nodes);
        assertEquals(nodes, tree.size());
        assertTrue(tree.isTree());
        assertEquals(expectedLeaves(fanout, nodes), tree.leafCount());
        for (int node = 1; node < nodes; node++) {
            assertArrayEquals(new int[] {(node - 1) / fanout}, tree.parents(node));
            assertEquals(expectedDepth(fanout, node), tree.depth(node));
        }
        assertEquals(0, tree.lo(0));
        assertEquals(tree.leafCount() - 1, tree.hi(0));
    }

    @Test
    void millionNodeTreeIsCompleteAndItsIntervalsNest() {
        int fanout = 4;
        int nodes = 1_000_000;
        Hierarchy tree = KaryTree.of(fanout, nodes);
        assertEquals(nodes, tree.size());
        assertEquals(expectedLeaves(fanout, nodes), tree.leafCount());
        assertEquals(0, tree.lo(tree.root()));
        assertEquals(tree.leafCount() - 1, tree.hi(tree.root()));
        assertEquals(expectedDepth(fanout, nodes - 1), tree.height());
        Random random = new Random(42);
        for (int sample = 0; sample < 300; sample++) {
            int node = random.nextInt(nodes);
            int[] leaves = {0};
            tree.forEachReachableLeaf(node, leaf -> leaves[0]++);
            assertEquals(leaves[0], tree.hi(node) - tree.lo(node) + 1, "node " + node + " covers exactly its leaves");
            if (node > 0) {
                int parent = (node - 1) / fanout;
                assertTrue(tree.lo(parent) <= tree.lo(node) && tree.hi(node) <= tree.hi(parent));
            }
        }
    }

    @Test
    void badSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> KaryTree.of(0, 10));
        assertThrows(IllegalArgumentException.class, () -> KaryTree.of(-3, 10));
        assertThrows(IllegalArgumentException.class, () -> KaryTree.of(3, 0));
    }

    /** A node is inner when its first child {@code k·n+1} exists. */
    private static int expectedLeaves(int fanout, int nodes) {
        int inner = nodes == 1 ? 0 : (nodes - 2) / fanout + 1;
        return nodes - inner;
    }

    private static int expectedDepth(int fanout, int node) {
        int depth = 0;
        for (int n = node; n > 0; n = (n - 1) / fanout) {
            depth++;
        }
        return depth;
    }
}
