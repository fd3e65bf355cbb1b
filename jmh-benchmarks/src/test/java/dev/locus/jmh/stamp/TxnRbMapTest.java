package dev.locus.jmh.stamp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.callables.TxnBooleanCallable;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.multiverse.api.callables.TxnIntCallable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The vacation tables' red-black map against {@link TreeMap}, with its invariants checked. */
class TxnRbMapTest {

    private static final int CAPACITY = 512;

    private final TxnRbMap<String> map = new TxnRbMap<>(CAPACITY);

    @Test
    void randomInsertsAndRemovesMatchATreeMapAndKeepTheTreeBalanced() {
        TreeMap<Integer, String> expected = new TreeMap<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            int key = 1 + random.nextInt(CAPACITY);
            if (random.nextBoolean()) {
                String value = "v" + i;
                boolean absent = !expected.containsKey(key);
                assertEquals(absent, atomic(txn -> map.insert(txn, key, value)), "insert " + key);
                expected.putIfAbsent(key, value);
            } else {
                assertEquals(expected.remove(key) != null, atomic(txn -> map.remove(txn, key)), "remove " + key);
            }
            if (i % 1_000 == 0) {
                assertEquals(expected.size(), checkInvariants());
            }
            String found = StmUtils.atomic((TxnCallable<String>) txn -> map.find(txn, key));
            assertEquals(expected.get(key), found, "find " + key);
        }
        assertEquals(expected.size(), checkInvariants());
        List<Integer> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        StmUtils.atomic(txn -> {
            map.forEach(txn, (value, key) -> {
                keys.add(key);
                values.add(value);
            });
        });
        assertEquals(List.copyOf(expected.keySet()), keys);
        assertEquals(List.copyOf(expected.values()), values);
    }

    @Test
    void checkInvariantsFindsAKeyWithoutAValue() {
        atomic(txn -> map.insert(txn, 1, "one"));
        atomic(txn -> map.keys.insert(txn, 2));

        IllegalStateException e = assertThrows(IllegalStateException.class, this::checkInvariants);
        assertTrue(e.getMessage().startsWith("the tree holds 2 keys, 1 have values"), e.getMessage());
    }

    private int checkInvariants() {
        return StmUtils.atomic((TxnIntCallable) map::checkInvariants);
    }

    private static boolean atomic(TxnBooleanCallable callable) {
        return StmUtils.atomic(callable);
    }
}
