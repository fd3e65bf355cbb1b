package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Transactions on a {@link TransactionalExecutor} that read references whose identity hashes lie
 * at the ends of their range, near 0 and near {@link Integer#MAX_VALUE}, after hundreds of other
 * references. A large transaction keeps what it opened in an array probed at the identity hash
 * plus or minus a doubling jump; Multiverse 0.7.0 took that sum modulo the array's length without
 * correcting a negative result, so such a read failed with an
 * {@link ArrayIndexOutOfBoundsException} (first seen in red-black-tree runs on 16 cores).
 * Every transaction must commit and return the sum of what it read.
 *
 * <p>Each transaction reads a different window of a pool of references, so that which slots the
 * edge references' probes find taken varies from one transaction to the next: on 0.7.0 tens to
 * hundreds of the 2,000 transactions failed, whatever hashes the references drew, where the same
 * reads in every transaction often failed none.
 */
class ExtremeIdentityHashTest {

    /** How close to either end a hash must lie: an array of 1,024 or more probes that far. */
    private static final int EDGE = 512;
    private static final int PER_END = 3;
    private static final int POOL = 4_096;
    private static final int MIN_READS = 200;
    private static final int MAX_READS = 1_200;
    private static final int TRANSACTIONS = 2_000;

    @Test
    void transactionsReadingReferencesWithExtremeIdentityHashesCommit() throws Exception {
        List<TxnInteger> extremes = referencesWithExtremeIdentityHashes();
        TxnInteger[] fillers = new TxnInteger[POOL];
        for (int i = 0; i < POOL; i++) {
            fillers[i] = StmUtils.newTxnInteger(1);
        }
        SplittableRandom random = new SplittableRandom(26);
        List<Future<Integer>> sums = new ArrayList<>();
        int[] expected = new int[TRANSACTIONS];
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(2, 0, TRANSACTIONS - 1)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            for (int t = 0; t < TRANSACTIONS; t++) {
                int before = random.nextInt(MIN_READS, MAX_READS + 1);
                int start = random.nextInt(POOL);
                expected[t] = before;
                sums.add(stm.submit(t, txn -> {
                    int sum = 0;
                    for (int i = 0; i < before; i++) {
                        sum += fillers[(start + i) % POOL].get(txn);
                    }
                    for (TxnInteger extreme : extremes) {
                        extreme.ensure(txn);
                        sum += extreme.get(txn);
                    }
                    return sum;
                }));
            }
            List<Throwable> failures = new ArrayList<>();
            for (int t = 0; t < TRANSACTIONS; t++) {
                try {
                    assertEquals(expected[t], sums.get(t).get(1, TimeUnit.MINUTES));
                } catch (ExecutionException e) {
                    failures.add(e.getCause());
                }
            }
            assertEquals(0, failures.size(), () -> failures.size() + " of " + TRANSACTIONS
                    + " transactions failed, the first with " + failures.get(0));
        }
    }

    /**
     * References made by ordinary allocation until {@link #PER_END} have an identity hash within
     * {@link #EDGE} of 0 and as many within it of {@link Integer#MAX_VALUE}; about one in two million
     * qualifies.
     */
    private static List<TxnInteger> referencesWithExtremeIdentityHashes() {
        List<TxnInteger> low = new ArrayList<>();
        List<TxnInteger> high = new ArrayList<>();
        while (low.size() < PER_END || high.size() < PER_END) {
            TxnInteger ref = StmUtils.newTxnInteger(0);
            int hash = System.identityHashCode(ref);
            if (hash < EDGE && low.size() < PER_END) {
                low.add(ref);
            } else if (hash > Integer.MAX_VALUE - EDGE && high.size() < PER_END) {
                high.add(ref);
            }
        }
        low.addAll(high);
        return low;
    }
}
