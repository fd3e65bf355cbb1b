package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;

/**
 * Sorted singly-linked list walked inside the transaction, [Maldonado10]'s linked-list benchmark: a
 * transaction reads every node before its key, so it conflicts with any transaction that changes
 * the list before that key and commits first. Its transactions are long (a lookup in a list of n
 * keys reads about n/2 nodes) and hold what others need, which is what the oversubscription
 * claims are about; {@link TxnSortedList} is the same list walked outside the transaction.
 */
public final class TxnLinkedList extends LinkedSet {

    /** An empty list. */
    public TxnLinkedList() {
        super(1);
    }

    @Override
    void locate(Txn txn, long key, LinkedNode[] preds, LinkedNode[] succs) {
        walk(txn, key, 0, head, preds, succs);
    }

    @Override
    int newHeight() {
        return 1;
    }
}
