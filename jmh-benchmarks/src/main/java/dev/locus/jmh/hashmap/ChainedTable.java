package dev.locus.jmh.hashmap;

import java.util.function.Consumer;

/**
 * [Dice14] §5.1's table, not synchronized: 1,024 buckets, each an unsorted chain of nodes, a new
 * key at the head. Callers supply the synchronization: a lock around every call, and for readers
 * without the lock a {@link Validation} for {@link #get} and a bracket around the writers'
 * structural changes.
 */
/*
 * Implementation notes
 *
 * Overview. A node's key and value array are final; its next link changes only on unlink. An
 * overwrite copies the new bytes into the node's existing array, as the paper's C copies into
 * the node, so a value never moves. The structural changes — linking a node at a bucket's head,
 * unlinking one, overwriting a value — are each one Runnable passed to the caller's bracket
 * (ElidableLock.conflictingAction for ALE); the search before them is not bracketed.
 *
 * Concurrency. Writers run one at a time (the caller's lock). A reader without the lock may see
 * any mix of old and new links and bytes; it never faults, since nodes are never freed (the
 * garbage collector keeps what a stale reader still sees) and every value array has the map's
 * value size. get validates after each read it goes on to use and after copying the value, as
 * Figure 1 does, so a torn or stale copy is reported as interference (-1), never as a value.
 *
 * Memory ordering. A new node is fully built before the bracket starts; the bracket's own
 * ordering (for ALE: a volatile increment, then a store-store fence) keeps its fields from
 * becoming visible after the link. Validation supplies the readers' load ordering.
 *
 * References. [Dice14] §3.2 (Figure 1, Remove with BeginConflictingAction), §5.1 (the table).
 */
final class ChainedTable {

    /** A bracket that just runs the change: for callers whose readers all hold the lock. */
    static final Consumer<Runnable> UNBRACKETED = Runnable::run;

    private final Node[] buckets = new Node[Buckets.COUNT];
    private final int valueSize;

    ChainedTable(int valueSize) {
        this.valueSize = valueSize;
    }

    /**
     * [Dice14] Figure 1's GetImp: copies {@code key}'s value into {@code into}.
     *
     * @return 1 if present, 0 if absent, -1 if {@code validation} found interference (nothing to use)
     */
    int get(int key, byte[] into, Validation validation) {
        Node node = buckets[Buckets.of(key)];
        if (!validation.stillValid()) {
            return -1;
        }
        while (node != null && node.key != key) {
            node = node.next;
            if (!validation.stillValid()) {
                return -1;
            }
        }
        if (node == null) {
            return 0;
        }
        System.arraycopy(node.value, 0, into, 0, valueSize);
        return validation.stillValid() ? 1 : -1;
    }

    /** Inserts or overwrites; the change runs inside {@code bracket}. Whether the key was absent. */
    boolean insert(int key, byte[] value, Consumer<Runnable> bracket) {
        int bucket = Buckets.of(key);
        Node node = find(bucket, key);
        if (node != null) {
            bracket.accept(() -> System.arraycopy(value, 0, node.value, 0, valueSize));
            return false;
        }
        Node head = new Node(key, value.clone(), buckets[bucket]);
        bracket.accept(() -> buckets[bucket] = head);
        return true;
    }

    /** Removes {@code key} if present; the unlink runs inside {@code bracket}. Whether it was present. */
    boolean remove(int key, Consumer<Runnable> bracket) {
        int bucket = Buckets.of(key);
        Node previous = null;
        Node node = buckets[bucket];
        while (node != null && node.key != key) {
            previous = node;
            node = node.next;
        }
        if (node == null) {
            return false;
        }
        Node before = previous;
        Node removed = node;
        bracket.accept(() -> unlink(bucket, before, removed));
        return true;
    }

    private void unlink(int bucket, Node previous, Node node) {
        if (previous == null) {
            buckets[bucket] = node.next;
        } else {
            previous.next = node.next;
        }
    }

    private Node find(int bucket, int key) {
        Node node = buckets[bucket];
        while (node != null && node.key != key) {
            node = node.next;
        }
        return node;
    }

    private static final class Node {
        final int key;
        final byte[] value;
        Node next;

        Node(int key, byte[] value, Node next) {
            this.key = key;
            this.value = value;
            this.next = next;
        }
    }
}
