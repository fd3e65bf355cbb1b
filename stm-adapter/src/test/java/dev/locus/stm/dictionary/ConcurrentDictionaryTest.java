package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.multiverse.api.callables.TxnVoidCallable;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Several threads, each running one transaction per operation, on one shared dictionary. */
class ConcurrentDictionaryTest {

    private static final int THREADS = 4;

    /** 128 keys in [-64, 64), each thread owning 32 of them. */
    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void concurrentUpdatesOfOwnedKeysAddUp(DictionaryKind kind) throws Exception {
        Transactions transactions = Transactions.countingAborts();
        long seed = ThreadLocalRandom.current().nextLong();
        new OwnedKeysWorkload(THREADS, 2_000, 32).run(kind::create, kind.name(), transactions, 10, seed);
        System.out.printf("%s: 10 rounds x %d threads x 2,000 operations on 128 keys, %d aborts%n",
                kind, THREADS, transactions.aborts());
    }

    /**
     * The concurrency test is not sequential in disguise: transactions on one structure do abort
     * each other. Rounds on 32 keys run until one does (how soon depends on the machine's speed),
     * at most 50. A single thread on the same keys shows that the counter counts nothing else.
     */
    @ParameterizedTest
    @EnumSource(value = DictionaryKind.class, names = {"SORTED_LIST", "RED_BLACK_TREE"})
    void transactionsOnOneStructureConflict(DictionaryKind kind) throws Exception {
        long seed = ThreadLocalRandom.current().nextLong();
        Transactions alone = Transactions.countingAborts();
        new OwnedKeysWorkload(1, 4_000, 32).run(kind::create, kind.name(), alone, 2, seed);
        assertEquals(0, alone.aborts(), "aborts of a single thread");

        Transactions together = Transactions.countingAborts();
        int rounds = new OwnedKeysWorkload(THREADS, 4_000, 8).runUntilAborted(kind::create, kind.name(), together, 50, seed);
        System.out.printf("%s: %d aborts in %d round(s) of %d threads x 4,000 operations on 32 keys%n",
                kind, together.aborts(), rounds, THREADS);
        assertTrue(together.aborts() > 0, "no transaction aborted in 50 rounds; seed " + seed);
    }

    /**
     * Write skew, the anomaly Multiverse's default Snapshot isolation allows: one transaction
     * inserts -1000 unless 1000 is present, another inserts 1000 unless -1000 is present, and both
     * wait after their check until the other has checked too. Run one after the other, exactly
     * one key gets in; so it must here, which takes the dictionary's validation of what the check
     * read. Keys in between put the two keys in different nodes, windows and buckets.
     */
    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void conditionalInsertsDoNotWriteSkew(DictionaryKind kind) throws Exception {
        Transactions transactions = Transactions.countingAborts();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int trial = 0; trial < 20; trial++) {
                TxnDictionary dictionary = kind.create();
                for (int key : new int[] {-500, 0, 500}) {
                    transactions.run(Op.INSERT, dictionary, key);
                }
                CountDownLatch bothChecked = new CountDownLatch(2);
                List<Future<?>> done = List.of(
                        pool.submit(() -> insertUnlessPresent(transactions, dictionary, -1_000, 1_000, bothChecked)),
                        pool.submit(() -> insertUnlessPresent(transactions, dictionary, 1_000, -1_000, bothChecked)));
                for (Future<?> f : done) {
                    f.get();
                }
                int[] keys = dictionary.keys();
                int trialNumber = trial;
                assertEquals(4, keys.length, () -> "trial " + trialNumber + " ended with keys " + Arrays.toString(keys));
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.printf("%s: 20 trials of two conditional inserts, %d aborts%n", kind, transactions.aborts());
        assertTrue(transactions.aborts() > 0, "the two transactions never overlapped");
    }

    private static void insertUnlessPresent(Transactions transactions, TxnDictionary dictionary, int mine, int other,
            CountDownLatch bothChecked) {
        boolean[] waited = {false};
        transactions.executor().execute((TxnVoidCallable) txn -> {
            if (!dictionary.contains(txn, other)) {
                if (!waited[0]) {
                    waited[0] = true;
                    bothChecked.countDown();
                    bothChecked.await(5, TimeUnit.SECONDS);
                }
                dictionary.insert(txn, mine);
            }
        });
    }
}
