package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.Arrays;
import java.util.function.ObjIntConsumer;

/**
 * A red-black tree map from {@code int} keys to values, every node field a Multiverse reference:
 * STAMP's {@code rbtree.c} map, which vacation uses for all four tables. Every operation joins the
 * caller's transaction and validates all it reads ({@link Refs}), so a lookup is a transactional
 * walk from the root that conflicts with any commit that changes a link or colour on its path.
 *
 * <p>The balancing is that of {@code dev.locus.stm.dictionary.TxnRedBlackTree} (CLRS chapter 13
 * with null leaves instead of a shared sentinel, whose parent field every delete would write),
 * with a value in each node; a node keeps its key and value for life, and delete relinks nodes
 * rather than copying keys, so both are final.
 */
final class TxnRbMap<V> {

    /** Package-private, like {@link Node}, for tests. */
    final TxnRef<Node<V>> root = StmUtils.newTxnRef();

    /** The value of {@code key}, or null if absent. */
    V find(Txn txn, int key) {
        Node<V> n = node(txn, key);
        return n == null ? null : n.value;
    }

    boolean contains(Txn txn, int key) {
        return node(txn, key) != null;
    }

    /**
     * Maps {@code key} to {@code value} if {@code key} is absent.
     *
     * @return false, changing nothing, if {@code key} is present
     */
    boolean insert(Txn txn, int key, V value) {
        Node<V> parent = null;
        boolean left = false;
        for (Node<V> n = Refs.read(txn, root); n != null; n = child(txn, n, left)) {
            if (key == n.key) {
                return false;
            }
            parent = n;
            left = key < n.key;
        }
        Node<V> node = new Node<>(key, value, parent);
        if (parent == null) {
            Refs.write(txn, root, node);
        } else {
            setChild(txn, parent, left, node);
        }
        fixAfterInsert(txn, node);
        return true;
    }

    /**
     * Removes {@code key}.
     *
     * @return false if it was absent
     */
    boolean remove(Txn txn, int key) {
        Node<V> z = node(txn, key);
        if (z == null) {
            return false;
        }
        Node<V> zLeft = child(txn, z, true);
        Node<V> zRight = child(txn, z, false);
        Node<V> x;
        Node<V> xParent;
        boolean removedBlack;
        if (zLeft == null || zRight == null) {
            x = zLeft == null ? zRight : zLeft;
            xParent = parent(txn, z);
            removedBlack = !isRed(txn, z);
            transplant(txn, z, x);
        } else {
            Node<V> y = zRight;
            for (Node<V> smaller = child(txn, y, true); smaller != null; smaller = child(txn, y, true)) {
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

    /**
     * Passes every entry to {@code action} in ascending key order, reading without validation:
     * for a read-only transaction of the caller's, such as a check after the clients stopped.
     */
    void forEach(Txn txn, ObjIntConsumer<V> action) {
        forEach(txn, root.get(txn), action);
    }

    private static <V> void forEach(Txn txn, Node<V> n, ObjIntConsumer<V> action) {
        if (n != null) {
            forEach(txn, n.left.get(txn), action);
            action.accept(n.value, n.key);
            forEach(txn, n.right.get(txn), action);
        }
    }

    /**
     * Checks the red-black and search-tree invariants, reading without validation like
     * {@link #forEach}: a black root without parent, no red node with a red child, equal black
     * heights, keys in search order, parent links matching child links.
     *
     * @return the number of entries
     * @throws IllegalStateException naming the first violation found
     */
    int checkInvariants(Txn txn) {
        Node<V> r = root.get(txn);
        if (r == null) {
            return 0;
        }
        if (r.parent.get(txn) != null || r.red.get(txn)) {
            throw new IllegalStateException("root " + r.key + " is red or has a parent");
        }
        int[] size = new int[1];
        checkSubtree(txn, r, Long.MIN_VALUE, Long.MAX_VALUE, size);
        return size[0];
    }

    /** The black height of {@code n}'s subtree, whose keys must lie strictly between the bounds. */
    private static <V> int checkSubtree(Txn txn, Node<V> n, long above, long below, int[] size) {
        if (n == null) {
            return 0;
        }
        if (n.key <= above || n.key >= below) {
            throw new IllegalStateException("key " + n.key + " outside its subtree's span (" + above + ", "
                    + below + ")");
        }
        size[0]++;
        boolean red = n.red.get(txn);
        Node<V> l = n.left.get(txn);
        Node<V> r = n.right.get(txn);
        for (Node<V> c : Arrays.asList(l, r)) {
            if (c != null && c.parent.get(txn) != n) {
                throw new IllegalStateException("node " + c.key + " does not link back to its parent " + n.key);
            }
            if (red && c != null && c.red.get(txn)) {
                throw new IllegalStateException("red node " + n.key + " has red child " + c.key);
            }
        }
        int leftHeight = checkSubtree(txn, l, above, n.key, size);
        int rightHeight = checkSubtree(txn, r, n.key, below, size);
        if (leftHeight != rightHeight) {
            throw new IllegalStateException("black heights under " + n.key + " differ: " + leftHeight + ", "
                    + rightHeight);
        }
        return leftHeight + (red ? 0 : 1);
    }

    private Node<V> node(Txn txn, int key) {
        Node<V> n = Refs.read(txn, root);
        while (n != null && n.key != key) {
            n = child(txn, n, key < n.key);
        }
        return n;
    }

    private void fixAfterInsert(Txn txn, Node<V> z) {
        for (Node<V> p = parent(txn, z); isRed(txn, p); p = parent(txn, z)) {
            Node<V> g = parent(txn, p); // p is red, so not the root
            boolean left = p == child(txn, g, true);
            Node<V> uncle = child(txn, g, !left);
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

    private void fixAfterDelete(Txn txn, Node<V> x, Node<V> xParent) {
        while (x != Refs.read(txn, root) && !isRed(txn, x)) {
            boolean left = x == child(txn, xParent, true);
            Node<V> w = child(txn, xParent, !left);
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
    private void rotate(Txn txn, Node<V> x, boolean toLeft) {
        Node<V> y = child(txn, x, !toLeft);
        Node<V> inner = child(txn, y, toLeft);
        setChild(txn, x, !toLeft, inner);
        if (inner != null) {
            setParent(txn, inner, x);
        }
        transplant(txn, x, y);
        setChild(txn, y, toLeft, x);
        setParent(txn, x, y);
    }

    /** Puts {@code v} (may be null) where {@code u} hangs from its parent or the root. */
    private void transplant(Txn txn, Node<V> u, Node<V> v) {
        Node<V> up = parent(txn, u);
        if (up == null) {
            Refs.write(txn, root, v);
        } else {
            setChild(txn, up, u == child(txn, up, true), v);
        }
        if (v != null) {
            setParent(txn, v, up);
        }
    }

    private static <V> Node<V> child(Txn txn, Node<V> n, boolean left) {
        return Refs.read(txn, left ? n.left : n.right);
    }

    private static <V> void setChild(Txn txn, Node<V> n, boolean left, Node<V> child) {
        Refs.write(txn, left ? n.left : n.right, child);
    }

    private static <V> Node<V> parent(Txn txn, Node<V> n) {
        return Refs.read(txn, n.parent);
    }

    private static <V> void setParent(Txn txn, Node<V> n, Node<V> parent) {
        Refs.write(txn, n.parent, parent);
    }

    /** Null leaves are black. */
    private static boolean isRed(Txn txn, Node<?> n) {
        return n != null && Refs.read(txn, n.red);
    }

    private static void setRed(Txn txn, Node<?> n, boolean red) {
        Refs.write(txn, n.red, red);
    }

    /** A tree node; package-private so that tests can break invariants on purpose. */
    static final class Node<V> {
        final int key;
        final V value;
        final TxnRef<Node<V>> left = StmUtils.newTxnRef();
        final TxnRef<Node<V>> right = StmUtils.newTxnRef();
        final TxnRef<Node<V>> parent;
        /** New nodes are red. */
        final TxnBoolean red = StmUtils.newTxnBoolean(true);

        Node(int key, V value, Node<V> parent) {
            this.key = key;
            this.value = value;
            this.parent = StmUtils.newTxnRef(parent);
        }
    }
}
