package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TxnHashTableTest {

    @Test
    void defaultsToThePapersPrime() {
        assertEquals(30_031, new TxnHashTable().buckets());
        assertEquals(30_031, ((TxnHashTable) DictionaryKind.HASH_TABLE.create()).buckets());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void rejectsFewerThanOneBucket(int buckets) {
        assertThrows(IllegalArgumentException.class, () -> new TxnHashTable(buckets));
    }

    @Test
    void routesByTheBucketAlsoForNegativeKeys() {
        TxnHashTable table = new TxnHashTable(7);
        assertEquals(0, table.routingKey(0));
        assertEquals(3, table.routingKey(10));
        assertEquals(6, table.routingKey(-1));
        assertEquals(4, table.routingKey(-10));
        assertEquals(Math.floorMod(Integer.MIN_VALUE, 7), table.routingKey(Integer.MIN_VALUE));
        assertEquals(30_030, new TxnHashTable().routingKey(-1));
    }

    /** Few buckets make long chains, so deletes inside chains and negative buckets get exercised. */
    @ParameterizedTest
    @ValueSource(ints = {1, 7})
    void longChainsBehaveLikeATreeSet(int buckets) {
        DictionaryChecks.assertBehavesLikeTreeSet(new TxnHashTable(buckets), ThreadLocalRandom.current().nextLong(), 3_000);
    }

    /**
     * With the default 30,031 buckets the concurrency suite's keys never share a bucket, so its
     * hash-table transactions never conflict; seven buckets make every thread's keys share them.
     * Five rounds, then more (at most 50) until some transaction has aborted.
     */
    @Test
    void concurrentUpdatesOnSharedBucketsAddUp() throws Exception {
        Transactions transactions = Transactions.countingAborts();
        long seed = ThreadLocalRandom.current().nextLong();
        OwnedKeysWorkload workload = new OwnedKeysWorkload(4, 2_000, 32);
        workload.run(() -> new TxnHashTable(7), "7 buckets", transactions, 5, seed);
        int more = workload.runUntilAborted(() -> new TxnHashTable(7), "7 buckets", transactions, 50, seed + 1_000);
        System.out.printf("HASH_TABLE, 7 buckets: %d aborts in %d rounds of 4 threads x 2,000 operations on 128 keys%n",
                transactions.aborts(), 5 + more);
        assertTrue(transactions.aborts() > 0, "no transaction aborted in 55 rounds; seed " + seed);
    }
}
