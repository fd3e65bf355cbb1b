package dev.locus.jmh.hierarchy;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnLong;

/**
 * The counters of {@link LeafCounters} as Multiverse refs, one {@link TxnLong} per leaf, for the
 * STM suite: {@link #read} and {@link #write} join the transaction running on the calling thread
 * (Multiverse's thread-local one), so a task's work is one transaction, and two overlapping tasks
 * that write a leaf conflict instead of losing an increment.
 */
final class TxnLeafCounters implements LeafValues {

    private final TxnLong[] counts;

    TxnLeafCounters(int leaves) {
        counts = new TxnLong[leaves];
        for (int leaf = 0; leaf < leaves; leaf++) {
            counts[leaf] = StmUtils.newTxnLong(0);
        }
    }

    /** @throws dev.locus.multiverse.api.exceptions.TxnMandatoryException outside a transaction */
    @Override
    public long read(int leaf) {
        return counts[leaf].get();
    }

    /** @throws dev.locus.multiverse.api.exceptions.TxnMandatoryException outside a transaction */
    @Override
    public void write(int leaf, long value) {
        counts[leaf].set(value);
    }

    /** The sum of all counters, the committed increments; call it when no transaction runs. */
    long total() {
        long sum = 0;
        for (TxnLong count : counts) {
            sum += count.atomicGet();
        }
        return sum;
    }
}
