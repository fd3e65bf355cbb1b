package dev.locus.htm;

import static dev.locus.htm.AbortKindTest.CAPACITY;
import static dev.locus.htm.AbortKindTest.CONFLICT;
import static dev.locus.htm.AbortKindTest.EXPLICIT;
import static dev.locus.htm.AbortKindTest.LOCK_HELD_CODE;
import static dev.locus.htm.AbortKindTest.RETRY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/** The bounded retry policy over scripted attempts: what it retries, what it does first, when it stops. */
class HtmRetryTest {

    /** Answers the scripted statuses in order, the last one forever, and records what happened. */
    private static final class Script implements IntSupplier, HtmRetry.Recovery {
        final int[] statuses;
        final List<String> log = new ArrayList<>();
        int attempts;

        Script(int... statuses) {
            this.statuses = statuses;
        }

        @Override
        public int getAsInt() {
            log.add("attempt");
            return statuses[Math.min(attempts++, statuses.length - 1)];
        }

        @Override
        public void touch() {
            log.add("touch");
        }

        @Override
        public void awaitUnlocked() {
            log.add("await");
        }

        int run() {
            return HtmRetry.run(this, this);
        }
    }

    @Test
    void aZeroStatusAbortTouchesTheRangeOnceThenRetries() {
        Script script = new Script(0, HtmStatus.COMMITTED);
        assertEquals(HtmStatus.COMMITTED, script.run());
        assertEquals(List.of("attempt", "touch", "attempt"), script.log);
    }

    @Test
    void aSecondZeroStatusAfterTouchingIsNoPageFaultAndEndsTheRetries() {
        Script script = new Script(0);
        assertEquals(0, script.run());
        assertEquals(List.of("attempt", "touch", "attempt"), script.log);
    }

    @Test
    void aHeldLockIsWaitedOutBeforeTheRetry() {
        Script script = new Script(LOCK_HELD_CODE, CONFLICT | HtmStatus.LOCK_HELD, HtmStatus.COMMITTED);
        assertEquals(HtmStatus.COMMITTED, script.run());
        assertEquals(List.of("attempt", "await", "attempt", "await", "attempt"), script.log);
    }

    @Test
    void transientAbortsAreRetriedUpToTheBound() {
        Script script = new Script(CONFLICT | RETRY);
        assertEquals(CONFLICT | RETRY, script.run());
        assertEquals(HtmRetry.MAX_ATTEMPTS, script.attempts);
        assertEquals(List.of(), script.log.stream().filter(e -> !e.equals("attempt")).toList());
    }

    @Test
    void anAbortThatCannotSucceedIsNotRetried() {
        for (int status : new int[] {CAPACITY, EXPLICIT | 0x2a << RtmShim.ABORT_CODE_SHIFT, HtmStatus.NOT_ATTEMPTED}) {
            Script script = new Script(status, HtmStatus.COMMITTED);
            assertEquals(status, script.run(), HtmStatus.describe(status));
            assertEquals(List.of("attempt"), script.log, HtmStatus.describe(status));
        }
    }

    @Test
    void aCommitEndsAtOnce() {
        Script script = new Script(HtmStatus.COMMITTED, 0);
        assertEquals(HtmStatus.COMMITTED, script.run());
        assertEquals(1, script.attempts);
    }
}
