package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;

/**
 * Sorted singly-linked list, the [Bai06] sorted-list benchmark. A transaction conflicts only
 * with transactions that change the list within about one node of its key, not with every
 * transaction that passes the same nodes: the effect the paper gets from early release.
 */
/*
 * Implementation notes
 *
 * Overview. The paper's DSTM list walks transactionally and early-releases the nodes it has
 * passed. Multiverse 0.7 has no early release, so the walk is not transactional at all: it follows
 * next references with atomicWeakGet (the latest committed value, never blocking) to the last node
 * below the key, then reads that node's deleted flag and successor in the transaction and checks
 * that they make a window (LinkedSet.locate's contract: not deleted, successor's key >= key). If
 * the check fails, which happens only when a commit raced with the walk, or when the caller's own
 * transaction changed that part of the list, locate walks again from the head, transactionally.
 *
 * Concurrency. Soundness does not depend on how the window was found: LinkedSet pins the window
 * and GammaStm validates it at commit (proof in LinkedSet), so a concurrent delete of the
 * predecessor or an insert between predecessor and successor that commits first makes this
 * transaction abort. The non-transactional walk terminates because every next reference,
 * committed or being committed, points to a larger key (LinkedSet's invariant) and the tail's key
 * is above every int; a step that does not go up would mean the invariant is broken, and the walk
 * then fails rather than spin (requireAscending). The transactional re-walk terminates because
 * GammaStm keeps a transaction's reads consistent, so it sees one committed list. It is needed
 * because re-trying the hint could loop: once read, a node's references keep the value this
 * transaction first saw, which a fresh non-transactional walk may keep contradicting. Nodes passed by the re-walk stay in the read set
 * (as without early release) until the transaction ends, which costs conflicts, not correctness.
 *
 * Memory ordering. atomicWeakGet is a volatile read of the reference's value; node keys are final.
 *
 * References. [Bai06] §5.2 (sorted linked list with early release); Herlihy et al., DSTM
 * (PODC 2003), the list it takes.
 */
public final class TxnSortedList extends LinkedSet {

    /** An empty list. */
    public TxnSortedList() {
        super(1);
    }

    @Override
    void locate(Txn txn, long key, LinkedNode[] preds, LinkedNode[] succs) {
        LinkedNode pred = head;
        for (LinkedNode n = head.next(0).atomicWeakGet(); n.key < key; n = n.next(0).atomicWeakGet()) {
            requireAscending(pred, n);
            pred = n;
        }
        LinkedNode succ = pred.next(0).get(txn);
        if (pred.deleted.get(txn) || succ.key < key) {
            walk(txn, key, 0, head, preds, succs);
            return;
        }
        preds[0] = pred;
        succs[0] = succ;
    }

    @Override
    int newHeight() {
        return 1;
    }
}
