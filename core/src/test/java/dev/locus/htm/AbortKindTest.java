package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Classification of synthetic abort statuses, as RTM's EAX and the shim produce them. */
class AbortKindTest {

    static final int EXPLICIT = RtmShim.ABORT_EXPLICIT;
    static final int RETRY = RtmShim.ABORT_RETRY;
    static final int CONFLICT = RtmShim.ABORT_CONFLICT;
    static final int CAPACITY = RtmShim.ABORT_CAPACITY;
    static final int LOCK_HELD_CODE = EXPLICIT | HtmStatus.CODE_LOCK_HELD << RtmShim.ABORT_CODE_SHIFT;

    @Test
    void aZeroStatusIsUnexplainedAndMayBeRetried() {
        assertEquals(AbortKind.UNEXPLAINED, AbortKind.of(0));
        assertTrue(AbortKind.UNEXPLAINED.retryMaySucceed());
    }

    @Test
    void theRetryBitAndConflictsAreTransient() {
        assertEquals(AbortKind.TRANSIENT, AbortKind.of(RETRY));
        assertEquals(AbortKind.TRANSIENT, AbortKind.of(CONFLICT));
        assertEquals(AbortKind.TRANSIENT, AbortKind.of(CONFLICT | RETRY));
    }

    @Test
    void aHeldLockWordWinsOverTheOtherBits() {
        assertEquals(AbortKind.LOCK_HELD, AbortKind.of(LOCK_HELD_CODE));
        assertEquals(AbortKind.LOCK_HELD, AbortKind.of(CONFLICT | HtmStatus.LOCK_HELD));
        assertEquals(AbortKind.LOCK_HELD, AbortKind.of(CAPACITY | HtmStatus.LOCK_HELD));
        assertTrue(AbortKind.LOCK_HELD.retryMaySucceed());
    }

    @Test
    void capacityOtherExplicitCodesDebugNestedAndNoAttemptNeverSucceed() {
        assertEquals(AbortKind.PERMANENT, AbortKind.of(CAPACITY));
        assertEquals(AbortKind.PERMANENT, AbortKind.of(CAPACITY | RETRY), "capacity wins over the retry bit");
        assertEquals(AbortKind.PERMANENT, AbortKind.of(EXPLICIT | 0x2a << RtmShim.ABORT_CODE_SHIFT));
        assertEquals(AbortKind.PERMANENT, AbortKind.of(RtmShim.ABORT_DEBUG));
        assertEquals(AbortKind.PERMANENT, AbortKind.of(RtmShim.ABORT_NESTED | RETRY));
        assertEquals(AbortKind.PERMANENT, AbortKind.of(HtmStatus.NOT_ATTEMPTED));
        assertFalse(AbortKind.PERMANENT.retryMaySucceed());
    }

    @Test
    void aCommitIsNoAbort() {
        assertThrows(IllegalArgumentException.class, () -> AbortKind.of(HtmStatus.COMMITTED));
    }
}
