package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collection;
import java.util.Random;
import java.util.TreeSet;

/** Assertions shared by the dictionary tests. */
final class DictionaryChecks {

    private static final int[] EXTREMES = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1,
        Integer.MAX_VALUE - 1, Integer.MAX_VALUE};

    private DictionaryChecks() {
    }

    /** Asserts that {@code dictionary} holds exactly {@code expected}, and its structural invariants. */
    static void assertHolds(Collection<Integer> expected, TxnDictionary dictionary, String context) {
        int[] keys = expected.stream().mapToInt(Integer::intValue).sorted().toArray();
        assertArrayEquals(keys, dictionary.keys(), context);
        if (dictionary instanceof TxnRedBlackTree) {
            ((TxnRedBlackTree) dictionary).checkInvariants();
        }
    }

    /**
     * Applies {@code operations} random operations, each in its own transaction, and compares
     * every answer with a {@link TreeSet}'s, and the whole content every 500 operations.
     */
    static void assertBehavesLikeTreeSet(TxnDictionary dictionary, long seed, int operations) {
        Random random = new Random(seed);
        Transactions transactions = Transactions.defaults();
        TreeSet<Integer> model = new TreeSet<>();
        for (int i = 1; i <= operations; i++) {
            Op op = Op.random(random);
            int key = mixedKey(random);
            boolean expected = op.on(model, key);
            assertEquals(expected, transactions.run(op, dictionary, key),
                    () -> "seed " + seed + ": " + op + " " + key);
            if (i % 500 == 0) {
                assertHolds(model, dictionary, "seed " + seed + " after " + i + " operations");
            }
        }
        assertHolds(model, dictionary, "seed " + seed + " at the end");
    }

    /**
     * Mostly small keys around zero, so that inserts meet duplicates and deletes find keys, plus
     * keys of the papers' 16-bit range, arbitrary ints and the extremes.
     */
    private static int mixedKey(Random random) {
        int draw = random.nextInt(10);
        if (draw < 6) {
            return random.nextInt(200) - 100;
        }
        if (draw < 8) {
            return random.nextInt(1 << 16);
        }
        return draw < 9 ? random.nextInt() : EXTREMES[random.nextInt(EXTREMES.length)];
    }
}
