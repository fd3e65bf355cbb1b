package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The inline form of a critical section: its modes, counts and policy are the lock's as for a
 * {@link CriticalSection}; a failed or throwing optimistic attempt is counted and run again; and
 * what it gives up is refused where its class comment says. An inline section's first execution
 * always takes the full protocol (its granule's fast path is undecided), later ones mostly the
 * fast path (1 in 1,024 is sampled, and the first): loops of a thousand executions go through both.
 */
class InlineSectionTest {

    private static final int EXECUTIONS = 1_000; // below 4,096: the counters are exact

    private final ReentrantLock jdk = new ReentrantLock();
    private final ExecutorService writerThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopWriter() {
        writerThread.shutdownNow();
    }

    private ElidableLock lock(ElisionPolicy policy) {
        return ElidableLock.builder("inline", LockApi.of(jdk)).policy(policy).build();
    }

    /** Runs {@code body} as an inline section with the loop of InlineSection's class comment. */
    static <T> T run(InlineSection section, Supplier<T> body) {
        long stamp = section.begin();
        while (true) {
            try {
                T value = body.get();
                if (section.end(stamp)) {
                    return value;
                }
            } catch (RuntimeException e) {
                if (section.end(stamp)) {
                    throw e;
                }
            }
            stamp = section.retry(stamp);
        }
    }

    /** A conflicting action of {@code lock}, run and finished on the writer thread. */
    private void interfere(ElidableLock lock) {
        try {
            writerThread.submit(() -> lock.section("writer", () -> {
                lock.conflictingAction(() -> { });
                return null;
            }).call()).get();
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private static GranuleReport row(ElidableLock lock, String context) {
        return lock.report().rows().stream().filter(r -> r.context().equals(context)).findFirst().orElseThrow();
    }

    @Test
    void anOptimisticSectionRunsWithoutTheLockAndCountsAsASectionOfTheSameName() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection get = lock.inlineSection("get").withSwopt();
        CriticalSection<Void, String> lambda = lock.section("get", () -> "lock", swopt -> "swopt");
        for (int i = 0; i < EXECUTIONS; i++) {
            long stamp = get.begin();
            assertEquals(Mode.SWOPT, get.mode(stamp));
            assertFalse(jdk.isLocked(), "an optimistic attempt does not take the lock");
            assertTrue(get.isValid(stamp));
            assertTrue(get.end(stamp));
            assertEquals("swopt", lambda.call());
        }
        GranuleReport row = row(lock, "get");
        assertEquals(2 * EXECUTIONS, row.executions(), "one granule for both forms: " + row);
        assertEquals(2 * EXECUTIONS, row.mode(Mode.SWOPT).successes(), row.toString());
        assertEquals(2 * EXECUTIONS, row.mode(Mode.SWOPT).attempts(), row.toString());
        assertTrue(row.mode(Mode.SWOPT).timedSuccesses() > 0, "sampled executions are timed: " + row);
    }

    @Test
    void underTheLockOnlyPolicyEveryAttemptHoldsTheLockUntilItsEnd() {
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        InlineSection get = lock.inlineSection("get").withSwopt();
        for (int i = 0; i < EXECUTIONS; i++) {
            long stamp = get.begin();
            assertEquals(Mode.LOCK, get.mode(stamp));
            assertTrue(jdk.isHeldByCurrentThread());
            assertTrue(get.isValid(stamp), "an attempt under the lock is always valid");
            assertTrue(get.end(stamp));
            assertFalse(jdk.isLocked());
        }
        GranuleReport row = row(lock, "get");
        assertEquals(EXECUTIONS, row.executions());
        assertEquals(EXECUTIONS, row.mode(Mode.LOCK).successes());
        assertEquals(0, row.mode(Mode.SWOPT).attempts());
    }

    @Test
    void aFailedOptimisticAttemptIsCountedAndTheStaticPolicyFallsBackToTheLockAfterY() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 2));
        InlineSection get = lock.inlineSection("get").withSwopt();
        int executions = 300;
        for (int i = 0; i < executions; i++) {
            List<Mode> modes = new ArrayList<>();
            long stamp = get.begin();
            while (true) {
                modes.add(get.mode(stamp));
                if (get.mode(stamp) == Mode.SWOPT) {
                    interfere(lock);
                }
                if (get.end(stamp)) {
                    break;
                }
                stamp = get.retry(stamp);
            }
            assertEquals(List.of(Mode.SWOPT, Mode.SWOPT, Mode.LOCK), modes, "execution " + i);
        }
        GranuleReport row = row(lock, "get");
        assertEquals(executions, row.executions());
        assertEquals(2 * executions, row.mode(Mode.SWOPT).attempts());
        assertEquals(0, row.mode(Mode.SWOPT).successes());
        assertEquals(executions, row.mode(Mode.LOCK).successes());
    }

    @Test
    void anExceptionOfATornOptimisticBodyIsAFailedAttemptAndTheBodyRunsAgain() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection get = lock.inlineSection("get").withSwopt();
        int executions = 300;
        for (int i = 0; i < executions; i++) {
            int[] runs = {0};
            String value = run(get, () -> {
                if (++runs[0] == 1) {
                    interfere(lock);
                    throw new ArrayIndexOutOfBoundsException("what a torn read can cause");
                }
                return "consistent";
            });
            assertEquals("consistent", value);
            assertEquals(2, runs[0]);
        }
        GranuleReport row = row(lock, "get");
        assertEquals(2 * executions, row.mode(Mode.SWOPT).attempts(), row.toString());
        assertEquals(executions, row.mode(Mode.SWOPT).successes(), row.toString());
    }

    @Test
    void anExceptionOfAValidAttemptIsTheBodysOwnAndReleasesTheLock() {
        ElidableLock optimistic = lock(ElisionPolicy.fixed(0, 3));
        InlineSection get = optimistic.inlineSection("get").withSwopt();
        ElidableLock locked = ElidableLock.builder("locked", LockApi.of(jdk)).build();
        InlineSection update = locked.inlineSection("update");
        for (int i = 0; i < 300; i++) {
            assertThrows(IllegalArgumentException.class, () -> run(get, () -> {
                throw new IllegalArgumentException("the body's own");
            }));
            assertThrows(IllegalArgumentException.class, () -> run(update, () -> {
                throw new IllegalArgumentException("the body's own");
            }));
            assertFalse(jdk.isLocked());
        }
        assertEquals(300, row(optimistic, "get").mode(Mode.SWOPT).successes(), "a valid attempt completed its execution");
    }

    @Test
    void aConflictingActionNeedsAnAttemptThatHoldsTheLockAndNestsAsOne() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection get = lock.inlineSection("get").withSwopt();
        InlineSection remove = lock.inlineSection("remove");
        for (int i = 0; i < 300; i++) {
            long optimistic = get.begin();
            assertThrows(IllegalStateException.class, () -> get.conflictingAction(optimistic, () -> { }));
            assertTrue(get.end(optimistic));

            long before = lock.version();
            long stamp = remove.begin();
            int[] ran = {0};
            remove.conflictingAction(stamp, () -> remove.conflictingAction(stamp, () -> ran[0]++));
            assertThrows(IllegalStateException.class, () -> lock.conflictingAction(() -> { }),
                    "the lock's own needs a frame; on the full protocol the inline attempt has one, and refuses it");
            assertTrue(remove.end(stamp));
            assertEquals(1, ran[0]);
            assertEquals(before + 2, lock.version(), "nested actions count as one: two increments");
        }
        assertEquals(300, row(lock, "remove").mode(Mode.LOCK).successes());
    }

    @Test
    void htmIsNeverChosen() {
        ElidableLock lock = lock(ElisionPolicy.fixed(2, 3));
        InlineSection get = lock.inlineSection("get").withSwopt();
        InlineSection put = lock.inlineSection("put");
        for (int i = 0; i < 300; i++) {
            long stamp = get.begin();
            assertEquals(Mode.SWOPT, get.mode(stamp), "HTM first, then SWOPT: the inline form starts at SWOPT");
            assertTrue(get.end(stamp));
            stamp = put.begin();
            assertEquals(Mode.LOCK, put.mode(stamp));
            assertTrue(put.end(stamp));
        }
        assertEquals(0, row(lock, "get").mode(Mode.HTM).attempts() + row(lock, "put").mode(Mode.HTM).attempts());
    }

    @Test
    void aStampThisSectionDidNotIssueIsRefused() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection a = lock.inlineSection("a").withSwopt();
        InlineSection b = lock.inlineSection("b").withSwopt();
        InlineSection elsewhere = ElidableLock.builder("elsewhere", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 3)).build().inlineSection("a").withSwopt();
        ElidableLock locked = lock(ElisionPolicy.lockOnly());
        InlineSection lockedA = locked.inlineSection("a");
        InlineSection lockedB = locked.inlineSection("b");
        for (long forged : new long[] {0, 1, 2, 3, 7, -1}) {
            assertThrows(IllegalArgumentException.class, () -> b.end(forged), "end(" + forged + ")");
            assertThrows(IllegalArgumentException.class, () -> b.retry(forged), "retry(" + forged + ")");
        }
        assertThrows(IllegalArgumentException.class, () -> b.isValid(0));
        assertThrows(IllegalArgumentException.class, () -> b.mode(0));
        assertThrows(IllegalArgumentException.class, () -> lockedB.conflictingAction(0, () -> { }));
        for (int i = 0; i < 300; i++) {
            long stamp = a.begin();
            assertThrows(IllegalArgumentException.class, () -> b.end(stamp), "another section's, round " + i);
            assertThrows(IllegalArgumentException.class, () -> elsewhere.end(stamp), "another lock's, round " + i);
            assertThrows(IllegalArgumentException.class, () -> b.retry(stamp), "another section's, round " + i);
            assertTrue(a.end(stamp), "the refusals left a's attempt alone, round " + i);

            long held = lockedA.begin();
            assertThrows(IllegalArgumentException.class, () -> lockedB.end(held));
            assertThrows(IllegalArgumentException.class, () -> lockedB.conflictingAction(held, () -> { }));
            assertTrue(lockedA.end(held));
            assertFalse(jdk.isLocked());
        }
    }

    @Test
    void endTwiceAndRetryWithoutAFailedAttemptAreRefused() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection fresh = lock.inlineSection("fresh").withSwopt();
        long first = fresh.begin(); // a first execution: the full protocol
        assertTrue(fresh.end(first));
        assertThrows(IllegalStateException.class, () -> fresh.end(first), "ended already");
        InlineSection get = lock.inlineSection("get").withSwopt();
        for (int i = 0; i < 300; i++) {
            long stamp = get.begin();
            assertThrows(IllegalStateException.class, () -> get.retry(stamp), "still valid, round " + i);
            assertTrue(get.end(stamp));
            assertThrows(IllegalStateException.class, () -> get.retry(stamp), "ended valid, round " + i);
        }
        ElidableLock locked = lock(ElisionPolicy.lockOnly());
        InlineSection put = locked.inlineSection("put");
        for (int i = 0; i < 300; i++) {
            long held = put.begin();
            assertThrows(IllegalStateException.class, () -> put.retry(held), "an attempt under the lock cannot fail");
            assertTrue(put.end(held));
            RuntimeException twice = assertThrows(RuntimeException.class, () -> put.end(held));
            assertTrue(twice instanceof IllegalStateException || twice instanceof IllegalMonitorStateException,
                    "ended twice: refused as not running (full protocol) or by the lock's unlock (fast path): " + twice);
        }
    }

    @Test
    void anInlineSectionBegunInsideACriticalSectionIsRefused() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection inline = lock.inlineSection("inline").withSwopt();
        CriticalSection<Void, Long> outer = lock.section("outer", () -> inline.begin());
        IllegalStateException e = assertThrows(IllegalStateException.class, outer::call);
        assertTrue(e.getMessage().contains("do not nest"), e.getMessage());
        assertFalse(jdk.isLocked(), "the outer section released its lock");
        long stamp = inline.begin();
        assertTrue(inline.end(stamp), "the refusal left nothing open");
    }

    @Test
    void nestingInsideACriticalSectionIsRefusedByTheSampledExecutionsToo() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection inline = lock.inlineSection("inline").withSwopt();
        for (int i = 0; i < 3; i++) { // decides the granule, then this section's view of it: the fast path
            assertTrue(inline.end(inline.begin()));
        }
        CriticalSection<Void, Boolean> outer = lock.section("outer", () -> inline.end(inline.begin()));
        int executions = 0;
        try {
            while (executions < 30_000) { // not refused in 30,000 with odds of (1023/1024)^30000 < 1e-12
                outer.call();
                executions++;
            }
        } catch (IllegalStateException expected) {
            assertTrue(expected.getMessage().contains("do not nest"), expected.getMessage());
        }
        assertTrue(executions < 30_000, "nesting went unchecked in 30,000 executions");
        assertFalse(jdk.isLocked());
    }

    @Test
    void aCriticalSectionOrAConflictingActionInsideAnInlineAttemptIsRefused() {
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        InlineSection inline = lock.inlineSection("inline");
        CriticalSection<Void, String> nested = lock.section("nested", () -> "ran");
        long stamp = inline.begin(); // a first execution: the full protocol, with a frame
        IllegalStateException e = assertThrows(IllegalStateException.class, nested::call);
        assertTrue(e.getMessage().contains("do not nest"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> lock.conflictingAction(() -> { }));
        assertTrue(inline.end(stamp));
        assertEquals("ran", nested.call(), "outside the inline section it runs");
    }

    @Test
    void anInlineSectionBegunInsideAnotherOrAfterOneThatNeverEndedIsRefused() {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        InlineSection outer = lock.inlineSection("outer").withSwopt();
        InlineSection inner = lock.inlineSection("inner").withSwopt();
        long stamp = outer.begin();
        IllegalStateException e = assertThrows(IllegalStateException.class, inner::begin);
        assertTrue(e.getMessage().contains(outer.toString()), e.getMessage());
        assertTrue(outer.end(stamp));

        InlineSection failing = lock.inlineSection("failing").withSwopt();
        long failed = failing.begin();
        interfere(lock);
        assertFalse(failing.end(failed));
        e = assertThrows(IllegalStateException.class, inner::begin, "failing's execution waits for its retry");
        assertTrue(e.getMessage().contains("has not ended"), e.getMessage());
        long retried = failing.retry(failed);
        assertTrue(failing.end(retried));
        assertTrue(inner.end(inner.begin()));
    }

    @Test
    void theAdaptivePolicyLearnsFromInlineExecutionsAndSettlesOnTheCheaperMode() {
        ElidableLock lock = lock(ElisionPolicy.adaptive(200));
        InlineSection probe = lock.inlineSection("probe").withSwopt();
        AdaptivePolicy policy = (AdaptivePolicy) lock.policy();
        Supplier<Mode> call = () -> {
            long stamp = probe.begin();
            Mode mode = probe.mode(stamp);
            SimulatedHtm.spin(mode == Mode.LOCK ? 20_000 : 2_000); // SWOPT ten times cheaper
            assertTrue(probe.end(stamp));
            return mode;
        };
        long start = System.nanoTime();
        while (policy.learning()) { // learning ends only on timed executions: the full protocol's
            call.get();
            assertTrue(System.nanoTime() - start < 60_000_000_000L, "still learning after a minute: " + policy);
        }
        assertTrue(row(lock, "probe").policy().endsWith(Progression.SWOPT_LOCK.toString()), row(lock, "probe").policy());
        int learnings = policy.learnings();
        int optimistic = 0;
        for (int i = 0; i < 100; i++) {
            optimistic += call.get() == Mode.SWOPT ? 1 : 0;
        }
        assertTrue(optimistic == 100 || policy.learnings() > learnings, optimistic + " of 100 optimistic: " + policy);
    }

    @Test
    void aLearningPolicysLockOnTheFastPathIsHeldUntilEndAndRefusedTwice() {
        ElidableLock lock = lock(ElisionPolicy.adaptive(200));
        InlineSection writer = lock.inlineSection("writer"); // no SWOPT: the policy learns the lock alone
        int[] actions = {0};
        int executions = 20_000; // past the warm-up, into lock phases whose untimed executions lock on the fast path
        for (int i = 0; i < executions; i++) {
            long stamp = writer.begin();
            assertEquals(Mode.LOCK, writer.mode(stamp));
            assertTrue(jdk.isHeldByCurrentThread());
            assertEquals(1, jdk.getHoldCount());
            assertTrue(writer.isValid(stamp));
            writer.conflictingAction(stamp, () -> actions[0]++);
            assertTrue(writer.isValid(stamp), "a locked attempt stays valid after its own conflicting action");
            assertThrows(IllegalStateException.class, () -> writer.retry(stamp));
            assertTrue(writer.end(stamp));
            assertFalse(jdk.isHeldByCurrentThread());
            assertThrows(RuntimeException.class, () -> writer.end(stamp), "ended twice"); // the lock's or ALE's refusal
        }
        assertEquals(executions, actions[0]);
        assertTrue(lock.granule(Context.ROOT.enter("writer")).stats(Mode.LOCK).fastCompletions() > 0,
                "no execution took the lock on the fast path: the test did not reach what it checks");
    }
}
