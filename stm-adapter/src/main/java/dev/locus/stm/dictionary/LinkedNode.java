package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.Arrays;

/**
 * A node of a sorted linked list or skip list: an immutable key, one successor reference per level
 * it is linked at, and the flag its deleting transaction sets. Keys are {@code long} so that the
 * head and tail sentinels sit below and above every {@code int}.
 */
final class LinkedNode {

    final long key;
    /** Written once, to true, by the transaction that unlinks this node. Never set on sentinels. */
    final TxnBoolean deleted = StmUtils.newTxnBoolean(false);
    private final TxnRef<LinkedNode>[] next;

    /** A node linked before {@code successors[level]} at each of its {@code height} levels. */
    LinkedNode(long key, int height, LinkedNode[] successors) {
        this.key = key;
        this.next = Refs.array(height, level -> successors[level]);
    }

    /** An empty structure of {@code height} levels: a head sentinel linked to a tail sentinel. */
    static LinkedNode emptyHead(int height) {
        LinkedNode tail = new LinkedNode(Long.MAX_VALUE, 0, new LinkedNode[0]);
        LinkedNode[] tails = new LinkedNode[height];
        Arrays.fill(tails, tail);
        return new LinkedNode(Long.MIN_VALUE, height, tails);
    }

    int height() {
        return next.length;
    }

    TxnRef<LinkedNode> next(int level) {
        return next[level];
    }
}
