package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Decoding of status words as the shim produces them (RTM abort bits in EAX, plus the shim's). */
class HtmStatusTest {

    private static final int EXPLICIT = 1;
    private static final int RETRY = 2;
    private static final int CONFLICT = 4;
    private static final int CAPACITY = 8;

    @Test
    void committedAndNotAttemptedAreNotAborts() {
        assertTrue(HtmStatus.isCommitted(HtmStatus.COMMITTED));
        assertTrue(HtmStatus.isCompleted(HtmStatus.COMMITTED));
        assertFalse(HtmStatus.isAborted(HtmStatus.COMMITTED));
        assertTrue(HtmStatus.isNotAttempted(HtmStatus.NOT_ATTEMPTED));
        assertFalse(HtmStatus.isAborted(HtmStatus.NOT_ATTEMPTED));
        assertFalse(HtmStatus.isCompleted(HtmStatus.NOT_ATTEMPTED));
        assertEquals("committed", HtmStatus.describe(HtmStatus.COMMITTED));
        assertEquals("not attempted, ran under lock",
                HtmStatus.describe(HtmStatus.NOT_ATTEMPTED | HtmStatus.RAN_UNDER_LOCK));
    }

    @Test
    void anExplicitAbortCarriesItsCode() {
        int lockHeld = EXPLICIT | HtmStatus.CODE_LOCK_HELD << 24;
        assertTrue(HtmStatus.isExplicitAbort(lockHeld));
        assertEquals(0xff, HtmStatus.explicitCode(lockHeld));
        assertTrue(HtmStatus.isLockHeld(lockHeld));
        assertEquals("aborted(explicit 0xff)", HtmStatus.describe(lockHeld));

        int other = EXPLICIT | 0x2a << 24;
        assertEquals(0x2a, HtmStatus.explicitCode(other));
        assertFalse(HtmStatus.isLockHeld(other));
    }

    @Test
    void conflictCapacityAndRetryAreReadFromTheAbortBits() {
        int conflict = CONFLICT | RETRY | HtmStatus.LOCK_HELD;
        assertTrue(HtmStatus.isConflict(conflict));
        assertTrue(HtmStatus.mayRetry(conflict));
        assertTrue(HtmStatus.isLockHeld(conflict));
        assertFalse(HtmStatus.isCapacity(conflict));
        assertFalse(HtmStatus.isExplicitAbort(conflict));
        assertEquals("aborted(conflict, retry, lock held)", HtmStatus.describe(conflict));

        assertTrue(HtmStatus.isCapacity(CAPACITY));
        assertFalse(HtmStatus.mayRetry(CAPACITY));
        assertEquals("aborted(other)", HtmStatus.describe(0));
        assertTrue(HtmStatus.isAborted(0));
    }

    @Test
    void aFallbackAfterAnAbortCompletesAndReportsItsCompareAndSet() {
        int missed = CONFLICT | HtmStatus.RAN_UNDER_LOCK | HtmStatus.VALUE_MISMATCH;
        assertTrue(HtmStatus.isCompleted(missed));
        assertTrue(HtmStatus.isConflict(missed));
        assertFalse(HtmStatus.valueMatched(missed));
        assertTrue(HtmStatus.valueMatched(CONFLICT | HtmStatus.RAN_UNDER_LOCK));
        assertFalse(HtmStatus.valueMatched(CONFLICT), "an abort did nothing");
        assertEquals("aborted(conflict), ran under lock, value mismatch", HtmStatus.describe(missed));
    }
}
