package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TxnRedBlackTreeTest {

    private final Transactions transactions = Transactions.defaults();

    /**
     * Ascending inserts turn an unbalanced search tree into a list; a red-black tree of 1,023 keys
     * has a height between 10 and 20, so a black height between 5 and 10. Deleting every key in
     * random order must keep the invariants at every step.
     */
    @Test
    void staysBalancedThroughAscendingInsertsAndRandomDeletes() {
        TxnRedBlackTree tree = new TxnRedBlackTree();
        TreeSet<Integer> model = new TreeSet<>();
        for (int key = 1; key <= 1_023; key++) {
            transactions.run(Op.INSERT, tree, key);
            model.add(key);
        }
        int blackHeight = tree.checkInvariants();
        assertTrue(blackHeight >= 5 && blackHeight <= 10, "black height " + blackHeight);

        long seed = ThreadLocalRandom.current().nextLong();
        List<Integer> order = new ArrayList<>(model);
        Collections.shuffle(order, new Random(seed));
        for (int key : order) {
            transactions.run(Op.DELETE, tree, key);
            model.remove(key);
            if (model.size() % 8 == 0) {
                DictionaryChecks.assertHolds(model, tree, "seed " + seed + ", deleted " + key);
            }
        }
        assertEquals(0, tree.checkInvariants());
    }

    @Test
    void checkInvariantsNamesARedRoot() {
        assertViolation("root 2 is red", tree -> root(tree).red.atomicSet(true));
    }

    @Test
    void checkInvariantsNamesARedNodeWithARedChild() {
        assertViolation("red node 3 has red child 4", tree -> {
            transactions.run(Op.INSERT, tree, 4); // recolours 1 and 3 black, 4 is red
            right(root(tree)).red.atomicSet(true);
        });
    }

    @Test
    void checkInvariantsNamesUnequalBlackHeights() {
        assertViolation("black heights under node 2 differ: 1 on the left, 0 on the right",
                tree -> left(root(tree)).red.atomicSet(false));
    }

    @Test
    void checkInvariantsNamesABrokenParentLink() {
        assertViolation("node 1, child of 2, has parent link to 3",
                tree -> left(root(tree)).parent.atomicSet(right(root(tree))));
    }

    @Test
    void checkInvariantsNamesABrokenSearchOrder() {
        assertViolation("node 3 breaks search order: its subtree spans (-9223372036854775808, 2)", tree -> {
            TxnRedBlackTree.Node root = root(tree);
            TxnRedBlackTree.Node one = left(root);
            root.left.atomicSet(right(root));
            root.right.atomicSet(one);
        });
    }

    /** Builds the tree 2 (black) over 1 and 3 (red), applies {@code damage}, expects {@code message}. */
    private void assertViolation(String message, Consumer<TxnRedBlackTree> damage) {
        TxnRedBlackTree tree = new TxnRedBlackTree();
        IntStream.of(2, 1, 3).forEach(key -> transactions.run(Op.INSERT, tree, key));
        assertEquals(1, tree.checkInvariants());
        damage.accept(tree);
        assertEquals(message, assertThrows(IllegalStateException.class, tree::checkInvariants).getMessage());
    }

    private static TxnRedBlackTree.Node root(TxnRedBlackTree tree) {
        return tree.root.atomicGet();
    }

    private static TxnRedBlackTree.Node left(TxnRedBlackTree.Node node) {
        return node.left.atomicGet();
    }

    private static TxnRedBlackTree.Node right(TxnRedBlackTree.Node node) {
        return node.right.atomicGet();
    }
}
