package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.stream.IntStream;

/**
 * Red-black tree, the [Bai06] and [Maldonado10] red-black-tree benchmark: a balanced binary search
 * tree that rebalances on insert and on delete, with every node field a Multiverse reference.
 */
/*
 * Implementation notes
 *
 * Overview. The algorithms of CLRS chapter 13 with null leaves instead of a sentinel: a shared nil
 * node would have its parent field written by almost every delete, making all deletes conflict.
 * Without it, delete carries the parent of the (possibly null) node x that moved into the removed
 * position, and the fix-up derives x's side from that parent: when x is null its sibling cannot be
 * null (the sibling's subtree has a black height of at least one), so x is on the parent's null
 * side. The left and right variants of rotations and fix-up cases are one method each, with a
 * direction flag.
 *
 * Concurrency. Every field read and write goes through Refs, so GammaStm validates all of them at
 * commit, like DSTM validating its read set: an operation takes effect as if it ran alone at the
 * commit of the caller's transaction, also under Snapshot isolation, where unvalidated reads would
 * let two rebalancing transactions each act on a shape the other changes. Two operations conflict
 * when one commits a change to a field on the other's path or fix-up: with keys far apart that is
 * only near the root, when rotations reach it; with close keys, their shared ancestors near the
 * leaves. Keys are final, so they need no validation.
 *
 * Memory ordering. Node keys are final; all other fields are Multiverse references.
 *
 * References. [Bai06] §5.2 (red-black tree, taken from DSTM); [Maldonado10] §5.1; Cormen, Leiserson,
 * Rivest, Stein, Introduction to Algorithms, 3rd ed., ch. 13 (RB-INSERT-FIXUP, RB-DELETE,
 * RB-DELETE-FIXUP).
 */
public final class TxnRedBlackTree implements TxnDictionary {

    /** Package-private, like {@link Node}, for tests. */
    final TxnRef<Node> root = StmUtils.newTxnRef();

    /** An empty tree. */
    public TxnRedBlackTree() {
    }

    @Override
    public boolean insert(Txn txn, int key) {
        Node parent = null;
        boolean left = false;
        for (Node n = Refs.read(txn, root); n != null; n = child(txn, n, left)) {
            if (key == n.key) {
                return false;
            }
            parent = n;
            left = key < n.key;
        }
        Node node = new Node(key, parent);
        if (parent == null) {
            Refs.write(txn, root, node);
        } else {
            setChild(txn, parent, left, node);
        }
        fixAfterInsert(txn, node);
        return true;
    }

    @Override
    public boolean delete(Txn txn, int key) {
        Node z = find(txn, key);
        if (z == null) {
            return false;
        }
        Node zLeft = child(txn, z, true);
        Node zRight = child(txn, z, false);
        Node x;
        Node xParent;
        boolean removedBlack;
        if (zLeft == null || zRight == null) {
            x = zLeft == null ? zRight : zLeft;
            xParent = parent(txn, z);
            removedBlack = !isRed(txn, z);
            transplant(txn, z, x);
        } else {
            Node y = zRight;
            for (Node smaller = child(txn, y, true); smaller != null; smaller = child(txn, y, true)) {
                y = smaller;
            }
            removedBlack = !isRed(txn, y);
            x = child(txn, y, false);
            if (y == zRight) {
                xParent = y;
            } else {
                xParent = parent(txn, y);
                transplant(txn, y, x);
                setChild(txn, y, false, zRight);
                setParent(txn, zRight, y);
            }
            transplant(txn, z, y);
            setChild(txn, y, true, zLeft);
            setParent(txn, zLeft, y);
            setRed(txn, y, isRed(txn, z));
        }
        if (removedBlack) {
            fixAfterDelete(txn, x, xParent);
        }
        return true;
    }

    @Override
    public boolean contains(Txn txn, int key) {
        return find(txn, key) != null;
    }

    @Override
    public int[] keys() {
        return OwnTransaction.read(txn -> {
            IntStream.Builder keys = IntStream.builder();
            addInOrder(txn, root.get(txn), keys);
            return keys.build().toArray();
        });
    }

    /**
     * Checks the red-black and search-tree invariants in a read-only transaction of its own: the
     * root is black and has no parent, no red node has a red child, every path from a node down to
     * a leaf has the same number of black nodes, keys are in search order, and every child's parent
     * link points back to its parent.
     *
     * @return the black height: the number of black nodes on each path from the root to a leaf
     *     (0 for the empty tree)
     * @throws IllegalStateException naming the first violation found
     */
    public int checkInvariants() {
        return OwnTransaction.read(txn -> {
            Node r = root.get(txn);
            if (r == null) {
                return 0;
            }
            if (parent(txn, r) != null) {
                throw new IllegalStateException("root " + r.key + " has parent " + parent(txn, r).key);
            }
            if (isRed(txn, r)) {
                throw new IllegalStateException("root " + r.key + " is red");
            }
            return checkSubtree(txn, r, Long.MIN_VALUE, Long.MAX_VALUE);
        });
    }

    /** Checks the subtree of {@code n}, whose keys must lie strictly between the bounds. */
    private static int checkSubtree(Txn txn, Node n, long above, long below) {
        if (n == null) {
            return 0;
        }
        if (n.key <= above || n.key >= below) {
            throw new IllegalStateException("node " + n.key + " breaks search order: its subtree spans ("
                    + above + ", " + below + ")");
        }
        boolean red = isRed(txn, n);
        int[] heights = new int[2];
        for (int side = 0; side < 2; side++) {
            boolean left = side == 0;
            Node c = child(txn, n, left);
            if (c != null && parent(txn, c) != n) {
                Node p = parent(txn, c);
                throw new IllegalStateException("node " + c.key + ", child of " + n.key + ", has parent link to "
                        + (p == null ? "null" : String.valueOf(p.key)));
            }
            if (red && isRed(txn, c)) {
                throw new IllegalStateException("red node " + n.key + " has red child " + c.key);
            }
            heights[side] = left ? checkSubtree(txn, c, above, n.key) : checkSubtree(txn, c, n.key, below);
        }
        if (heights[0] != heights[1]) {
            throw new IllegalStateException("black heights under node " + n.key + " differ: " + heights[0]
                    + " on the left, " + heights[1] + " on the right");
        }
        return heights[0] + (red ? 0 : 1);
    }

    private static void addInOrder(Txn txn, Node n, IntStream.Builder keys) {
        if (n != null) {
            addInOrder(txn, child(txn, n, true), keys);
            keys.add(n.key);
            addInOrder(txn, child(txn, n, false), keys);
        }
    }

    private Node find(Txn txn, int key) {
        Node n = Refs.read(txn, root);
        while (n != null && n.key != key) {
            n = child(txn, n, key < n.key);
        }
        return n;
    }

    private void fixAfterInsert(Txn txn, Node z) {
        for (Node p = parent(txn, z); isRed(txn, p); p = parent(txn, z)) {
            Node g = parent(txn, p); // p is red, so not the root
            boolean left = p == child(txn, g, true);
            Node uncle = child(txn, g, !left);
            if (isRed(txn, uncle)) {
                setRed(txn, p, false);
                setRed(txn, uncle, false);
                setRed(txn, g, true);
                z = g;
            } else {
                if (z == child(txn, p, !left)) {
                    z = p;
                    rotate(txn, z, left);
                    p = parent(txn, z);
                }
                setRed(txn, p, false);
                setRed(txn, g, true);
                rotate(txn, g, !left);
            }
        }
        setRed(txn, Refs.read(txn, root), false);
    }

    private void fixAfterDelete(Txn txn, Node x, Node xParent) {
        while (x != Refs.read(txn, root) && !isRed(txn, x)) {
            boolean left = x == child(txn, xParent, true);
            Node w = child(txn, xParent, !left);
            if (isRed(txn, w)) {
                setRed(txn, w, false);
                setRed(txn, xParent, true);
                rotate(txn, xParent, left);
                w = child(txn, xParent, !left);
            }
            if (!isRed(txn, child(txn, w, true)) && !isRed(txn, child(txn, w, false))) {
                setRed(txn, w, true);
                x = xParent;
                xParent = parent(txn, x);
            } else {
                if (!isRed(txn, child(txn, w, !left))) {
                    setRed(txn, child(txn, w, left), false);
                    setRed(txn, w, true);
                    rotate(txn, w, !left);
                    w = child(txn, xParent, !left);
                }
                setRed(txn, w, isRed(txn, xParent));
                setRed(txn, xParent, false);
                setRed(txn, child(txn, w, !left), false);
                rotate(txn, xParent, left);
                x = Refs.read(txn, root);
            }
        }
        if (x != null) {
            setRed(txn, x, false);
        }
    }

    /** Rotates {@code x} down to the {@code toLeft} side; its child on the other side takes its place. */
    private void rotate(Txn txn, Node x, boolean toLeft) {
        Node y = child(txn, x, !toLeft);
        Node inner = child(txn, y, toLeft);
        setChild(txn, x, !toLeft, inner);
        if (inner != null) {
            setParent(txn, inner, x);
        }
        transplant(txn, x, y);
        setChild(txn, y, toLeft, x);
        setParent(txn, x, y);
    }

    /** Puts {@code v} (may be null) where {@code u} hangs from its parent or the root. */
    private void transplant(Txn txn, Node u, Node v) {
        Node up = parent(txn, u);
        if (up == null) {
            Refs.write(txn, root, v);
        } else {
            setChild(txn, up, u == child(txn, up, true), v);
        }
        if (v != null) {
            setParent(txn, v, up);
        }
    }

    private static Node child(Txn txn, Node n, boolean left) {
        return Refs.read(txn, left ? n.left : n.right);
    }

    private static void setChild(Txn txn, Node n, boolean left, Node child) {
        Refs.write(txn, left ? n.left : n.right, child);
    }

    private static Node parent(Txn txn, Node n) {
        return Refs.read(txn, n.parent);
    }

    private static void setParent(Txn txn, Node n, Node parent) {
        Refs.write(txn, n.parent, parent);
    }

    /** Null leaves are black. */
    private static boolean isRed(Txn txn, Node n) {
        return n != null && Refs.read(txn, n.red);
    }

    private static void setRed(Txn txn, Node n, boolean red) {
        Refs.write(txn, n.red, red);
    }

    /** A tree node; package-private so that tests can break invariants on purpose. */
    static final class Node {
        final int key;
        final TxnRef<Node> left = StmUtils.newTxnRef();
        final TxnRef<Node> right = StmUtils.newTxnRef();
        final TxnRef<Node> parent;
        /** New nodes are red. */
        final TxnBoolean red = StmUtils.newTxnBoolean(true);

        Node(int key, Node parent) {
            this.key = key;
            this.parent = StmUtils.newTxnRef(parent);
        }
    }
}
