package dev.locus.hierarchy.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Which intervals DomLock and NumLock put into the pool for a lock set. */
class IntervalChoiceTest {

    /** Root 0 over leaves 1 … 40, which carry leaf numbers 0 … 39. */
    private static final Hierarchy FLAT = flat(40);

    private static Hierarchy flat(int leaves) {
        Hierarchy.Builder builder = Hierarchy.builder();
        int root = builder.node();
        int first = builder.nodes(leaves);
        for (int i = 0; i < leaves; i++) {
            builder.edge(root, first + i);
        }
        return builder.build();
    }

    @Test
    void domLockTakesTheLowestCommonAncestorsIntervalInATree() {
        Hierarchy tree = TestHierarchies.binaryTree();
        DomLockManager domLock = new DomLockManager(tree);
        assertEquals("R[0, 1]", domLock.intervals(LockSet.on(tree).read(3).read(4).build()).toString());
        assertEquals("W[0, 3]", domLock.intervals(LockSet.on(tree).read(3).write(6).build()).toString());
        assertEquals("W[2, 2]", domLock.intervals(LockSet.on(tree).write(5).build()).toString());
    }

    @Test
    void domLockMatchesABruteForceLowestCommonAncestorOnRandomTrees() {
        Hierarchy tree = TestHierarchies.tree(200, 7);
        DomLockManager domLock = new DomLockManager(tree);
        SplittableRandom random = new SplittableRandom(8);
        for (int i = 0; i < 1_000; i++) {
            LockSet locks = TestHierarchies.lockSet(tree, random);
            int lca = lowestCommonAncestor(tree, locks);
            Intervals chosen = domLock.intervals(locks);
            assertEquals(tree.lo(lca) + ".." + tree.hi(lca), chosen.lo(0) + ".." + chosen.hi(0), locks::toString);
        }
    }

    @Test
    void domLockCoversTheWholeSetInADag() {
        Hierarchy dag = TestHierarchies.dag(200, 0.3, 9);
        DomLockManager domLock = new DomLockManager(dag);
        SplittableRandom random = new SplittableRandom(10);
        for (int i = 0; i < 1_000; i++) {
            LockSet locks = TestHierarchies.lockSet(dag, random);
            Intervals chosen = domLock.intervals(locks);
            assertTrue(chosen.lo(0) <= locks.lo() && chosen.hi(0) >= locks.hi(), locks::toString);
            assertEquals(locks.hasWrite(), chosen.isWrite(0));
        }
    }

    @Test
    void numLockCutsTheGapsTheCostModelFindsWorthAnInterval() {
        LockSet locks = LockSet.on(FLAT).read(1).write(3).read(21).read(22).build();
        assertEquals("W[0, 2] R[20, 21]", numLock(NumLockCostModel.DEFAULT).intervals(locks).toString(),
                "a gap of 1 leaf is closed, one of 17 is cut");
        assertEquals("R[0, 0] W[2, 2] R[20, 21]", numLock(new NumLockCostModel(0, 1)).intervals(locks).toString());
        assertEquals("W[0, 21]", numLock(new NumLockCostModel(1, 0)).intervals(locks).toString());
        assertEquals("W[0, 21]", numLock(new NumLockCostModel(17, 1)).intervals(locks).toString());
        assertEquals("W[0, 2] R[20, 21]", numLock(new NumLockCostModel(16, 1)).intervals(locks).toString());
    }

    @Test
    void numLockMergesNestedNodesIntoTheStrongerMode() {
        LockSet locks = LockSet.on(FLAT).read(0).write(5).read(40).build();
        assertEquals("W[0, 39]", numLock(new NumLockCostModel(0, 1)).intervals(locks).toString());
    }

    @Test
    void costModelsMustBeFiniteAndNonNegative() {
        assertThrows(IllegalArgumentException.class, () -> new NumLockCostModel(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> new NumLockCostModel(1, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new NumLockCostModel(Double.POSITIVE_INFINITY, 1));
        assertThrows(NullPointerException.class, () -> HierarchicalLocks.numLock(FLAT, null));
    }

    private static NumLockManager numLock(NumLockCostModel cost) {
        return new NumLockManager(FLAT, cost);
    }

    /** The deepest node whose sub-tree holds every node of the set, found by walking parents. */
    private static int lowestCommonAncestor(Hierarchy tree, LockSet locks) {
        int candidate = locks.node(0);
        while (!coversAll(tree, candidate, locks)) {
            candidate = tree.parents(candidate)[0];
        }
        return candidate;
    }

    private static boolean coversAll(Hierarchy tree, int ancestor, LockSet locks) {
        for (int i = 0; i < locks.size(); i++) {
            int node = locks.node(i);
            while (node != ancestor && node != tree.root()) {
                node = tree.parents(node)[0];
            }
            if (node != ancestor) {
                return false;
            }
        }
        return true;
    }
}
