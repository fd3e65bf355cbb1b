package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The median of round means, which the adaptive policy compares, and the choice by it. */
class RoundTimesTest {

    @Test
    void oneDisturbedRoundEitherWayDoesNotMoveTheMedian() {
        assertTrue(Double.isNaN(RoundTimes.NONE.median()));
        assertEquals(100, RoundTimes.NONE.plus(100).median());
        assertEquals(150, RoundTimes.NONE.plus(100).plus(200).median());
        assertEquals(101, RoundTimes.NONE.plus(100).plus(90_000).plus(101).median(), "a preemption");
        assertEquals(99, RoundTimes.NONE.plus(100).plus(3).plus(99).median(), "a round without contention");
    }

    @Test
    void theFastestHasTheLowestMedianNotTheLowestRound() {
        Map<String, RoundTimes> times = new LinkedHashMap<>();
        assertNull(RoundTimes.fastest(times));
        times.put("lock", RoundTimes.NONE.plus(400).plus(20).plus(380));
        times.put("swopt", RoundTimes.NONE.plus(60).plus(70).plus(65));
        times.put("unmeasured", RoundTimes.NONE);
        assertEquals("swopt", RoundTimes.fastest(times));
    }
}
