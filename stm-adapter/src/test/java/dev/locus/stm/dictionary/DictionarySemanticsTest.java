package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.callables.TxnVoidCallable;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Single-threaded behaviour every dictionary kind must have. */
class DictionarySemanticsTest {

    private final Transactions transactions = Transactions.defaults();

    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void emptyDictionaryHoldsNothing(DictionaryKind kind) {
        TxnDictionary dictionary = kind.create();
        assertArrayEquals(new int[0], dictionary.keys());
        for (int key : new int[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}) {
            assertFalse(transactions.run(Op.CONTAINS, dictionary, key), "contains " + key);
            assertFalse(transactions.run(Op.DELETE, dictionary, key), "delete " + key);
        }
        DictionaryChecks.assertHolds(Set.of(), dictionary, "empty");
    }

    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void duplicatesAndAbsentKeysChangeNothing(DictionaryKind kind) {
        TxnDictionary dictionary = kind.create();
        assertTrue(transactions.run(Op.INSERT, dictionary, 7));
        assertFalse(transactions.run(Op.INSERT, dictionary, 7), "duplicate insert");
        assertFalse(transactions.run(Op.DELETE, dictionary, 8), "delete of an absent key");
        assertFalse(transactions.run(Op.DELETE, dictionary, 6), "delete of an absent key");
        DictionaryChecks.assertHolds(Set.of(7), dictionary, "after duplicate insert and absent deletes");
        assertTrue(transactions.run(Op.DELETE, dictionary, 7));
        assertFalse(transactions.run(Op.DELETE, dictionary, 7), "second delete");
        assertFalse(transactions.run(Op.CONTAINS, dictionary, 7));
        DictionaryChecks.assertHolds(Set.of(), dictionary, "after delete");
    }

    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void extremeKeysAreOrderedKeys(DictionaryKind kind) {
        TxnDictionary dictionary = kind.create();
        List<Integer> keys = List.of(Integer.MAX_VALUE, 0, Integer.MIN_VALUE, -1, 65_536, -30_031, 30_031);
        for (int key : keys) {
            assertTrue(transactions.run(Op.INSERT, dictionary, key), "insert " + key);
        }
        for (int key : keys) {
            assertTrue(transactions.run(Op.CONTAINS, dictionary, key), "contains " + key);
        }
        DictionaryChecks.assertHolds(keys, dictionary, "extremes");
    }

    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void randomOperationsMatchTreeSet(DictionaryKind kind) {
        DictionaryChecks.assertBehavesLikeTreeSet(kind.create(), ThreadLocalRandom.current().nextLong(), 10_000);
    }

    @ParameterizedTest
    @EnumSource(DictionaryKind.class)
    void operationsJoinTheCallersTransaction(DictionaryKind kind) {
        TxnDictionary dictionary = kind.create();
        int[] keysSeenInside = transactions.executor().execute((Txn txn) -> {
            assertTrue(dictionary.insert(txn, 5));
            assertTrue(dictionary.insert(txn, 9));
            assertTrue(dictionary.contains(txn, 5), "sees its own insert");
            assertFalse(dictionary.insert(txn, 5), "sees its own insert");
            assertTrue(dictionary.delete(txn, 5));
            assertFalse(dictionary.contains(txn, 5), "sees its own delete");
            return dictionary.keys();
        });
        assertArrayEquals(new int[0], keysSeenInside, "keys() runs in a transaction of its own");
        DictionaryChecks.assertHolds(Set.of(9), dictionary, "after commit");

        assertThrows(IllegalStateException.class, () -> transactions.executor().execute((TxnVoidCallable) txn -> {
            dictionary.insert(txn, 1);
            dictionary.delete(txn, 9);
            throw new IllegalStateException("abort");
        }));
        DictionaryChecks.assertHolds(Set.of(9), dictionary, "an aborted transaction leaves no trace");
    }

    @ParameterizedTest
    @EnumSource(value = DictionaryKind.class, names = "HASH_TABLE", mode = EnumSource.Mode.EXCLUDE)
    void orderedDictionariesRouteByTheKeyItself(DictionaryKind kind) {
        TxnDictionary dictionary = kind.create();
        for (int key : new int[] {Integer.MIN_VALUE, -40_000, -1, 0, 1, 40_000, Integer.MAX_VALUE}) {
            assertEquals(key, dictionary.routingKey(key));
        }
    }
}
