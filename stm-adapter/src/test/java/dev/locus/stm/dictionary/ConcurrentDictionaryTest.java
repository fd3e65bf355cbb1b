package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadLocalRandom;
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
}
