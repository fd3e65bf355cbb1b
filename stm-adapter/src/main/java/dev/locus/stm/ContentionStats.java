package dev.locus.stm;

import java.util.List;
import java.util.Map;

/**
 * Commits and aborts of the transactions run through a {@link TransactionalExecutor}, as
 * Multiverse's {@code TxnListener} reported them: in total, per worker thread, per transaction
 * type and per key range. Aborts are [Bai06]'s "contention instances"; {@code conflicts} counts
 * the aborts that were read/write conflicts handed to the contention manager (the rest ended a
 * transaction that threw, or waited in a blocking {@code retry()}).
 *
 * @param total      all transactions
 * @param byWorker   by the name of the thread that ran them
 * @param byType     by transaction type id
 * @param byKeyRange by equal-width key range, in key order (ranges with no event included); on
 *                   Toggle by range of the lowest leaf of a transaction's lock set
 */
public record ContentionStats(Counts total, Map<String, Counts> byWorker, Map<Integer, Counts> byType,
                              List<KeyRangeCounts> byKeyRange) {

    public ContentionStats {
        byWorker = Map.copyOf(byWorker);
        byType = Map.copyOf(byType);
        byKeyRange = List.copyOf(byKeyRange);
    }

    /**
     * Event counts.
     *
     * @param commits   committed transactions
     * @param aborts    aborted attempts, whatever the reason
     * @param conflicts aborts on a read/write conflict
     */
    public record Counts(long commits, long aborts, long conflicts) {

        public static final Counts ZERO = new Counts(0, 0, 0);

        /** Aborts per committed transaction; 0 when nothing committed. */
        public double abortsPerCommit() {
            return commits == 0 ? 0 : (double) aborts / commits;
        }

        Counts plus(Counts other) {
            return new Counts(commits + other.commits, aborts + other.aborts, conflicts + other.conflicts);
        }
    }

    /**
     * Counts for the keys in {@code [fromKey, toKey]}.
     */
    public record KeyRangeCounts(long fromKey, long toKey, Counts counts) {
    }
}
