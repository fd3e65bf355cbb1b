package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;
import java.util.stream.IntStream;

/**
 * The update and lookup logic shared by the sorted list and the skip list (a sorted list is a skip
 * list of one level); subclasses choose how to find the nodes around a key and how tall a new node
 * is.
 */
/*
 * Implementation notes
 *
 * Overview. Nodes are linked in ascending key order between a head and a tail sentinel, at levels
 * 0 to height-1 (each node at its own height). An operation on key k asks locate() for the
 * window of k at every level l: preds[l].key < k <= succs[l].key, with succs[l] the value of
 * preds[l].next(l) that this transaction read and preds[l] not deleted in its view. Then insert
 * links a new node between preds[l] and succs[l] at each level of its height; delete, when
 * succs[0] holds k, points preds[l].next(l) past it at each of its levels and sets its deleted
 * flag; contains just compares. locate() may find its windows however it likes (the skip list
 * walks transactionally; the sorted list walks non-transactionally and checks, see TxnSortedList):
 * soundness rests only on what the operation pins below.
 *
 * Concurrency. Every operation pins each window it acts on: it ensures preds[l].deleted and
 * preds[l].next(l) (and delete ensures the victim's next(l) it copies), so at commit GammaStm
 * checks that each is still the value the transaction read, also under Snapshot isolation. The
 * writes (a next reference moved to a different node, a deleted flag turned true) are validated at
 * commit as well. Proof sketch that every committed state satisfies
 *   (I) at each level l, the chain from the head visits exactly the undeleted nodes of height > l,
 *       in ascending key order, ending at the tail; a deleted node's next references never change
 *       again; every next reference points to a node with a larger key:
 * (I) holds for the empty structure. A committing transaction T has all the values above
 * validated, so in the state S just before its commit each pinned pred is undeleted, hence (by I)
 * on the level-l chain, and points to succs[l], with preds[l].key < k <= succs[l].key (keys are
 * final). So k is in S exactly when succs[0].key == k, and splicing a node in or out of these
 * windows keeps (I): insert links a fresh node between adjacent chain nodes; delete points
 * preds[l] at the victim's validated successor and marks the victim deleted, after which nobody
 * can write its next references, since any writer of x.next(l) pins x.deleted == false, and the
 * deleter ensured x.next(l): the two cannot both commit (the later validation sees a new version;
 * simultaneous commits contend for the same two locks). Delete also relies on succs[l] being the
 * victim at each of its levels, which the windows and (I) imply because GammaStm keeps a
 * transaction's reads consistent (see TxnDictionary on isolation levels). Therefore every
 * operation's outcome and effect are those of running it alone at T's commit point, which makes
 * the answer serializable (and linearizable when each operation is its own transaction). At
 * commit, conflicts are limited to operations whose windows share a node: two inserts into the
 * same gap, deletes of adjacent nodes, an insert next to a node being deleted. A transactional
 * walk (the skip list's) may also abort when a node it has passed changes while it is still
 * reading, since GammaStm keeps a transaction's reads consistent.
 *
 * Memory ordering. Node keys are final; everything else is a Multiverse reference (volatile
 * values, written under the STM's commit lock), so a node reached through any reference is fully
 * built.
 *
 * References. [Bai06] §5.2 (sorted linked list); [Maldonado10] §5.1 (skip list and linked list
 * benchmarks).
 */
abstract class LinkedSet implements TxnDictionary {

    final LinkedNode head;

    LinkedSet(int levels) {
        this.head = LinkedNode.emptyHead(levels);
    }

    /**
     * Fills {@code preds[l]} and {@code succs[l]} for every level below {@code preds.length} so
     * that, as read in {@code txn}, {@code preds[l].key < key <= succs[l].key},
     * {@code preds[l].next(l) == succs[l]} and {@code preds[l]} is not deleted.
     */
    abstract void locate(Txn txn, long key, LinkedNode[] preds, LinkedNode[] succs);

    /** The number of levels to link a new node at, between 1 and {@code head.height()}. */
    abstract int newHeight();

    @Override
    public boolean insert(Txn txn, int key) {
        LinkedNode[] preds = new LinkedNode[head.height()];
        LinkedNode[] succs = new LinkedNode[head.height()];
        locate(txn, key, preds, succs);
        if (succs[0].key == key) {
            pin(txn, preds[0], 0);
            return false;
        }
        int height = newHeight();
        LinkedNode node = new LinkedNode(key, height, succs);
        for (int level = 0; level < height; level++) {
            pin(txn, preds[level], level);
            preds[level].next(level).set(txn, node);
        }
        return true;
    }

    @Override
    public boolean delete(Txn txn, int key) {
        LinkedNode[] preds = new LinkedNode[head.height()];
        LinkedNode[] succs = new LinkedNode[head.height()];
        locate(txn, key, preds, succs);
        LinkedNode victim = succs[0];
        if (victim.key != key) {
            pin(txn, preds[0], 0);
            return false;
        }
        for (int level = 0; level < victim.height(); level++) {
            pin(txn, preds[level], level);
            preds[level].next(level).set(txn, Refs.read(txn, victim.next(level)));
        }
        victim.deleted.set(txn, true);
        return true;
    }

    @Override
    public boolean contains(Txn txn, int key) {
        LinkedNode[] preds = new LinkedNode[head.height()];
        LinkedNode[] succs = new LinkedNode[head.height()];
        locate(txn, key, preds, succs);
        pin(txn, preds[0], 0);
        return succs[0].key == key;
    }

    @Override
    public int[] keys() {
        return OwnTransaction.read(txn -> {
            IntStream.Builder keys = IntStream.builder();
            for (LinkedNode n = head.next(0).get(txn); n.key != Long.MAX_VALUE; n = n.next(0).get(txn)) {
                keys.add((int) n.key);
            }
            return keys.build().toArray();
        });
    }

    /**
     * Walks level {@code level} transactionally from {@code start} (whose key is below
     * {@code key}) to the window of {@code key}, and stores it in {@code preds} and {@code succs}.
     */
    static void walk(Txn txn, long key, int level, LinkedNode start, LinkedNode[] preds, LinkedNode[] succs) {
        LinkedNode pred = start;
        LinkedNode succ = pred.next(level).get(txn);
        while (succ.key < key) {
            requireAscending(pred, succ);
            pred = succ;
            succ = pred.next(level).get(txn);
        }
        preds[level] = pred;
        succs[level] = succ;
    }

    /**
     * Fails when a walk steps from {@code from} to a node whose key is not larger: invariant (I)
     * says that never happens, and a walk over a list where it did could go round forever.
     *
     * @throws IllegalStateException naming the two keys
     */
    static void requireAscending(LinkedNode from, LinkedNode to) {
        if (to.key <= from.key) {
            throw new IllegalStateException("list invariant broken: node " + from.key + " links to node " + to.key);
        }
    }

    /** Makes the window after {@code pred} at {@code level} count at commit (see the notes). */
    private static void pin(Txn txn, LinkedNode pred, int level) {
        pred.deleted.ensure(txn);
        pred.next(level).ensure(txn);
    }
}
