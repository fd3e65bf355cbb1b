package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
