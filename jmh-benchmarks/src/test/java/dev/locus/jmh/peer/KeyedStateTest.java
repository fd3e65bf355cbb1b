package dev.locus.jmh.peer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Completion;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The peer suite's final-state checks catch what they are for: a task that never ran, one run
 * twice, and (for the per-key records) an update torn by a race. A check that cannot fail would
 * let a broken executor, or a missing lock, pass the suite.
 */
class KeyedStateTest {

    private static final long[] KEYS = {0, 1, 1, 7, 99_999, 0, 1};

    static Stream<KeyedState> states() {
        return Stream.of(new CounterArray(), new KeyRecords(KeyStream.KEYS, false),
                new KeyRecords(KeyStream.KEYS, true));
    }

    @ParameterizedTest
    @MethodSource("states")
    void tasksRunOnceEachPassTheCheck(KeyedState state) {
        assertDoesNotThrow(() -> state.check(runAll(state)));
    }

    @ParameterizedTest
    @MethodSource("states")
    void aLostTaskOrALostUpdateFailsTheCheck(KeyedState state) {
        long completed = runAll(state);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> state.check(completed + 1));
        assertTrue(e.getMessage().contains((completed + 1) + " tasks completed"), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("states")
    void aTaskRunTwiceFailsTheCheck(KeyedState state) {
        Completion completion = new Completion();
        state.task(3, completion).run();
        state.task(3, new Completion()).run();
        assertThrows(IllegalStateException.class, () -> state.check(completion.sum()));
    }

    @ParameterizedTest
    @MethodSource("states")
    void anEmptyStatePassesWithNoTasks(KeyedState state) {
        assertDoesNotThrow(() -> state.check(0));
    }

    @Test
    void aTornRecordFailsTheCheckEvenWhereTheCountsAddUp() {
        KeyRecords records = new KeyRecords(KeyStream.KEYS, false);
        long completed = runAll(records);
        records.tear(7);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> records.check(completed + 1));
        assertTrue(e.getMessage().contains("key 7's record is torn"), e.getMessage());
    }

    /** Runs a task per key of {@link #KEYS} on this thread; returns how many completed. */
    private static long runAll(KeyedState state) {
        Completion completion = new Completion();
        for (long key : KEYS) {
            state.task(key, completion).run();
        }
        return completion.sum();
    }
}
