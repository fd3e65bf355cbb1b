package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RepartitionBackoffTest {

    /** The backoff's clock, in nanoseconds; moved by the tests. */
    private long now;

    /** A backoff whose checks come a second apart: its bound in time never binds. */
    private RepartitionBackoff slowChecks() {
        return new RepartitionBackoff(() -> now += TimeUnit.SECONDS.toNanos(1));
    }

    /** Imbalanced checks until the next one that proceeds. */
    private static int skipped(RepartitionBackoff backoff) {
        int skipped = 0;
        while (!backoff.proceed(true)) {
            skipped++;
        }
        return skipped;
    }

    @Test
    void aFirstFailedAdaptationHoldsBackOneCheckAndNoTime() {
        RepartitionBackoff backoff = new RepartitionBackoff(() -> now);
        backoff.settled();
        assertFalse(backoff.proceed(true), "the one check skipped");
        assertTrue(backoff.proceed(true), "the next, with the clock not moved");
    }

    @Test
    void aSecondFailedAdaptationInARowAlsoHoldsBackForItsTimeWhenChecksComeFast() {
        RepartitionBackoff backoff = new RepartitionBackoff(() -> now);
        backoff.settled();
        skipped(backoff);
        for (int k = 2; k <= RepartitionBackoff.MAX_DOUBLINGS + 1; k++) {
            backoff.settled();
            for (int check = 0; check < 1_000; check++) {
                assertFalse(backoff.proceed(true), "within the hold of failure " + k + ", check " + check);
            }
            long hold = TimeUnit.MILLISECONDS.toNanos(RepartitionBackoff.HOLD_UNIT_MILLIS
                    << Math.min(k, RepartitionBackoff.MAX_DOUBLINGS));
            now += hold - 1;
            assertFalse(backoff.proceed(true), "a nanosecond before the hold of failure " + k + " ends");
            now += 1;
            assertTrue(backoff.proceed(true), "once the hold of failure " + k + " has passed");
        }
    }

    @Test
    void balancedChecksNeverProceedAndImbalancedOnesDoUntilAnAdaptationFails() {
        RepartitionBackoff backoff = slowChecks();
        assertFalse(backoff.proceed(false));
        assertTrue(backoff.proceed(true));
        assertTrue(backoff.proceed(true), "no adaptation judged yet: nothing to hold back");
    }

    @Test
    void eachFailedAdaptationDoublesTheChecksSkippedUpToTheCap() {
        RepartitionBackoff backoff = slowChecks();
        for (int k = 1; k <= RepartitionBackoff.MAX_DOUBLINGS + 2; k++) {
            backoff.settled();
            int expected = (1 << Math.min(k, RepartitionBackoff.MAX_DOUBLINGS)) - 1;
            assertEquals(expected, skipped(backoff), "after " + k + " failed adaptations");
        }
    }

    @Test
    void anAdaptationThatEndsBalancedHalvesTheBackoff() {
        RepartitionBackoff backoff = slowChecks();
        for (int k = 0; k < 3; k++) {
            backoff.settled();
            skipped(backoff);
        }
        backoff.settled();
        assertFalse(backoff.proceed(false), "balanced: nothing to do");
        backoff.settled();
        assertEquals(7, skipped(backoff), "three failures, a success, a failure: 2^(3 - 1 + 1) - 1 checks");
        for (int k = 0; k < 3; k++) {
            backoff.settled();
            assertFalse(backoff.proceed(false));
        }
        backoff.settled();
        assertEquals(1, skipped(backoff), "enough successes clear it: one failure skips one check, as the first did");
    }

    @Test
    void onlyTheFirstCheckAfterAnAdaptationJudgesIt() {
        RepartitionBackoff backoff = slowChecks();
        backoff.settled();
        assertFalse(backoff.proceed(false));
        assertTrue(backoff.proceed(true), "an imbalance found later is a new drift, not a failed adaptation");
    }

    @Test
    void twoFailedAdaptationsInARowAreAChaseUntilSuccessesTakeThemBack() {
        RepartitionBackoff backoff = slowChecks();
        assertFalse(backoff.judging());
        backoff.settled();
        assertTrue(backoff.judging());
        backoff.proceed(true);
        assertFalse(backoff.judging(), "judged by that check");
        assertFalse(backoff.chasing(), "one failure may be a drift that came after the cut");
        backoff.settled();
        backoff.proceed(true);
        assertTrue(backoff.chasing());
        backoff.settled();
        backoff.proceed(false);
        assertFalse(backoff.chasing(), "a success takes one failure back");
    }

    @Test
    void theHoldIsOverOnceTheLastFailuresTimeHasPassed() {
        RepartitionBackoff backoff = new RepartitionBackoff(() -> now);
        assertTrue(backoff.holdOver(), "nothing failed");
        backoff.settled();
        backoff.proceed(true);
        backoff.settled();
        backoff.proceed(true);
        long hold = TimeUnit.MILLISECONDS.toNanos(RepartitionBackoff.HOLD_UNIT_MILLIS << 2);
        now += hold - 1;
        assertFalse(backoff.holdOver(), "a nanosecond before the hold of two failures ends");
        now += 1;
        assertTrue(backoff.holdOver());
    }
}
