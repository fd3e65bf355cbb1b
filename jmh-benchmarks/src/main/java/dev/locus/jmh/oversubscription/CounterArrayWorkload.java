package dev.locus.jmh.oversubscription;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnLong;
import dev.locus.stm.TransactionalExecutor;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * A high-contention counter array whose two transaction types differ in how much they conflict,
 * so that conflict avoidance has something to choose: half the transactions are <em>hot</em>
 * (type {@value #HOT}) and add one to each of the array's first {@value #HOT_COUNTERS} counters,
 * so any two hot transactions that overlap conflict; the others are <em>cold</em> (type
 * {@value #COLD}) and add one to {@value #COUNTERS_PER_TRANSACTION} counters drawn from the
 * remaining {@value #COLD_COUNTERS}, so two of them seldom conflict (about 6% of overlapping
 * pairs) and a cold one never conflicts with a hot one. Both types read and write the same number
 * of counters, so they cost the same when they do not conflict.
 *
 * <p>Each transaction reads every counter it increments, so concurrent increments of one counter
 * conflict (Multiverse's {@code increment} would commute and never conflict).
 */
final class CounterArrayWorkload implements SpmdWorkload {

    static final int HOT = 0;
    static final int COLD = 1;
    static final int COUNTERS_PER_TRANSACTION = 8;
    static final int HOT_COUNTERS = COUNTERS_PER_TRANSACTION;
    static final int COLD_COUNTERS = 1016;
    /** Percentage of transactions that are hot. */
    static final int HOT_PERCENT = 50;

    private final TxnLong[] counters = Stream.generate(() -> StmUtils.newTxnLong(0))
            .limit(HOT_COUNTERS + COLD_COUNTERS).toArray(TxnLong[]::new);

    /** The counters, hot ones first, for checks. */
    TxnLong[] counters() {
        return counters;
    }

    @Override
    public ThreadProgram program(SplittableRandom random) {
        return new Program(random);
    }

    private static void increment(Txn txn, TxnLong counter) {
        counter.set(txn, counter.get(txn) + 1);
    }

    /** One thread's mix of hot and cold transactions. */
    private final class Program implements ThreadProgram {

        private final SplittableRandom random;
        private final int[] cold = new int[COUNTERS_PER_TRANSACTION];
        private boolean hot;

        Program(SplittableRandom random) {
            this.random = random;
        }

        @Override
        public int chooseNext() {
            hot = random.nextInt(100) < HOT_PERCENT;
            if (!hot) {
                for (int i = 0; i < cold.length; i++) {
                    cold[i] = HOT_COUNTERS + random.nextInt(COLD_COUNTERS);
                }
            }
            return hot ? HOT : COLD;
        }

        @Override
        public void runChosen(TransactionalExecutor stm) throws Exception {
            if (hot) {
                stm.call(0, HOT, txn -> {
                    for (int i = 0; i < HOT_COUNTERS; i++) {
                        increment(txn, counters[i]);
                    }
                    return null;
                });
            } else {
                stm.call(cold[0], COLD, txn -> {
                    for (int index : cold) {
                        increment(txn, counters[index]);
                    }
                    return null;
                });
            }
        }
    }
}
