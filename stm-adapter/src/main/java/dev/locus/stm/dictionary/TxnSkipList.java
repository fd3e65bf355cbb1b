package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Transactional skip list, the [Maldonado10] skip-list benchmark: a new node gets level {@code h}
 * with probability {@code 2^-h} (capped at the maximum level), drawn from the calling thread's
 * random generator, and every search walks down from the top level in the transaction. The update
 * logic and its soundness argument are shared with {@link TxnSortedList}.
 */
public final class TxnSkipList extends LinkedSet {

    /** Enough levels for about a million keys at expected logarithmic cost. */
    public static final int DEFAULT_MAX_LEVEL = 20;

    /** An empty skip list with at most {@value #DEFAULT_MAX_LEVEL} levels. */
    public TxnSkipList() {
        this(DEFAULT_MAX_LEVEL);
    }

    /**
     * An empty skip list with at most {@code maxLevel} levels.
     *
     * @throws IllegalArgumentException unless {@code 1 <= maxLevel <= 32}
     */
    public TxnSkipList(int maxLevel) {
        super(checkMaxLevel(maxLevel));
    }

    private static int checkMaxLevel(int maxLevel) {
        if (maxLevel < 1 || maxLevel > Integer.SIZE) {
            throw new IllegalArgumentException("maxLevel must be in [1, 32], was " + maxLevel);
        }
        return maxLevel;
    }

    @Override
    void locate(Txn txn, long key, LinkedNode[] preds, LinkedNode[] succs) {
        LinkedNode pred = head;
        for (int level = head.height() - 1; level >= 0; level--) {
            walk(txn, key, level, pred, preds, succs);
            pred = preds[level];
        }
    }

    @Override
    int newHeight() {
        int cap = 1 << (head.height() - 1);
        return 1 + Integer.numberOfTrailingZeros(ThreadLocalRandom.current().nextInt() | cap);
    }
}
