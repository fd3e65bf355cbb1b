package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnRef;
import dev.locus.stm.dictionary.Refs;
import dev.locus.stm.dictionary.TxnRedBlackTree;
import java.util.Arrays;
import java.util.function.ObjIntConsumer;
import java.util.stream.IntStream;

/**
 * A map from the ids 1 to {@code capacity} to values, standing for STAMP's {@code rbtree.c} map,
 * which vacation uses for all four tables. The keys live in locus's transactional red-black tree
 * ({@link TxnRedBlackTree}), so that every lookup is a walk from the root inside the caller's
 * transaction and conflicts with any commit that changes a link or colour on its path; each
 * value lives in a reference of its own, read once the walk has found its key. STAMP keeps the
 * value's pointer in the tree node, and its vacation changes an item's fields, never the pointer,
 * so the two conflict alike. Every access is validated at commit ({@link Refs}).
 */
final class TxnRbMap<V> {

    /** Package-private for tests. */
    final TxnRedBlackTree keys = new TxnRedBlackTree();
    /** The value of each key present, at its key's index; null where absent. Index 0 is unused. */
    private final TxnRef<V>[] values;

    /** An empty map for the ids 1 to {@code capacity}. */
    TxnRbMap(int capacity) {
        this.values = Refs.array(capacity + 1, id -> null);
    }

    /** The value of {@code key}, or null if absent. */
    V find(Txn txn, int key) {
        return keys.contains(txn, key) ? Refs.read(txn, values[key]) : null;
    }

    boolean contains(Txn txn, int key) {
        return keys.contains(txn, key);
    }

    /**
     * Maps {@code key} to {@code value} if {@code key} is absent.
     *
     * @return false, changing nothing, if {@code key} is present
     * @throws ArrayIndexOutOfBoundsException if {@code key} is not an id of this map
     */
    boolean insert(Txn txn, int key, V value) {
        TxnRef<V> slot = values[key];
        if (!keys.insert(txn, key)) {
            return false;
        }
        Refs.write(txn, slot, value);
        return true;
    }

    /**
     * Removes {@code key}.
     *
     * @return false if it was absent
     */
    boolean remove(Txn txn, int key) {
        if (!keys.delete(txn, key)) {
            return false;
        }
        Refs.write(txn, values[key], null);
        return true;
    }

    /** Calls {@code action} with each value and its key, in key order. */
    void forEach(Txn txn, ObjIntConsumer<V> action) {
        for (int key = 1; key < values.length; key++) {
            V value = values[key].get(txn);
            if (value != null) {
                action.accept(value, key);
            }
        }
    }

    /**
     * Checks the tree's invariants ({@link TxnRedBlackTree#checkInvariants}) and that the keys it
     * holds are exactly those with a value in {@code txn}.
     *
     * @return the number of keys
     * @throws IllegalStateException naming the first violation found
     */
    int checkInvariants(Txn txn) {
        keys.checkInvariants();
        int[] present = keys.keys();
        int[] valued = IntStream.range(1, values.length).filter(key -> values[key].get(txn) != null)
                .toArray();
        if (!Arrays.equals(present, valued)) {
            throw new IllegalStateException("the tree holds " + present.length + " keys, " + valued.length
                    + " have values; first keys " + Arrays.toString(Arrays.copyOf(present, Math.min(8, present.length)))
                    + " against " + Arrays.toString(Arrays.copyOf(valued, Math.min(8, valued.length))));
        }
        return present.length;
    }
}
