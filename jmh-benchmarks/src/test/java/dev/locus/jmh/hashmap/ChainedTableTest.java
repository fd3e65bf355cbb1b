package dev.locus.jmh.hashmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * [Dice14] Figure 1's rules, checked step by step: get validates after every read it goes on to
 * use and after copying the value, and reports interference found at any of those points;
 * writers bracket exactly their structural change. Deterministic, unlike a race, which on two
 * cores rarely catches a reader mid-copy.
 */
class ChainedTableTest {

    private static final int SIZE = 16;

    /** Keys 0, 1,024 and 2,048 share bucket 0; the newest is the chain's head, so key 0 is last. */
    private final ChainedTable table = new ChainedTable(SIZE);
    private final byte[] zero = CheckedValues.of(0, 1, SIZE);

    ChainedTableTest() {
        table.insert(0, zero, ChainedTable.UNBRACKETED);
        table.insert(Buckets.COUNT, CheckedValues.of(Buckets.COUNT, 1, SIZE), ChainedTable.UNBRACKETED);
        table.insert(2 * Buckets.COUNT, CheckedValues.of(2 * Buckets.COUNT, 1, SIZE), ChainedTable.UNBRACKETED);
    }

    @Test
    void getValidatesAfterEachNodeItReadsAndLastAfterCopyingTheValue() {
        byte[] into = new byte[SIZE];
        List<Boolean> copiedWhenValidated = new ArrayList<>();
        assertEquals(1, table.get(0, into, () -> copiedWhenValidated.add(Arrays.equals(into, zero))));
        assertEquals(List.of(false, false, false, true), copiedWhenValidated,
                "validations after the head, each next link, and the copy");
    }

    @Test
    void interferenceFoundAtAnyValidationMeansNothingToUse() {
        for (int failing = 1; failing <= 4; failing++) {
            int[] calls = {0};
            int at = failing;
            assertEquals(-1, table.get(0, new byte[SIZE], () -> ++calls[0] != at), "failing validation " + at);
        }
        assertEquals(-1, table.get(Buckets.COUNT + 5, new byte[SIZE], () -> false), "an absent key too");
    }

    @Test
    void eachWriterBracketsOnlyItsStructuralChange() {
        byte[] into = new byte[SIZE];
        byte[] newer = CheckedValues.of(0, 2, SIZE);
        List<Boolean> before = new ArrayList<>();
        Consumer<Runnable> bracket = change -> {
            before.add(table.get(0, into, Validation.NONE) > 0 && Arrays.equals(into, zero));
            change.run();
        };
        assertFalse(table.insert(0, newer, bracket), "overwrite");
        assertEquals(1, table.get(0, into, Validation.NONE));
        assertArrayEquals(newer, into);
        assertTrue(table.remove(0, bracket));
        assertEquals(0, table.get(0, into, Validation.NONE));
        assertFalse(table.remove(0, bracket), "nothing to unlink, nothing bracketed");
        assertTrue(table.insert(0, zero, bracket));
        assertEquals(List.of(true, false, false), before,
                "the old value stayed until the overwrite's bracket ran; the later brackets found it changed or gone");
    }
}
