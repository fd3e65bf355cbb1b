package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The adaptive policy settles, per context, on HTM where it commits, on SWOPT where HTM aborts and
 * SWOPT succeeds, and on the lock where both fail ([Dice14] §4.2). The paths are simulated with
 * set costs: the lock body 20 µs, an optimistic attempt 2 µs, a committing HTM attempt 0.5 µs and
 * an aborting one 10 µs (it aborts halfway through the body, as a capacity abort does). So every
 * wrong choice costs at least 50% more than the right one: the policy learns from timed phases, and
 * a difference of a few percent is within their noise on a busy machine (an aborting attempt of
 * 0.5 µs against the 20 µs lock made this test fail in CI). HTM is a test double with a set commit
 * rate.
 */
class AdaptivePolicyTest {

    private static final int PHASE = 1_000;
    private static final int SETTLED_EXECUTIONS = 300;
    private static final long LOCK_NANOS = 20_000;
    private static final long SWOPT_NANOS = 2_000;
    private static final long COMMITTING_HTM_NANOS = 500;
    private static final long ABORTING_HTM_NANOS = 10_000;

    @Test
    void eachContextSettlesOnTheModeThatWorksForIt() {
        ElidableLock lock = ElidableLock.builder("adaptive", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.adaptive(PHASE)).build();
        Probe htmCommits = new Probe(lock, "htmCommits", 1.0, COMMITTING_HTM_NANOS, true);
        Probe htmAborts = new Probe(lock, "htmAborts", 0.0, ABORTING_HTM_NANOS, true);
        Probe bothFail = new Probe(lock, "bothFail", 0.0, ABORTING_HTM_NANOS, false);
        AdaptivePolicy policy = (AdaptivePolicy) lock.policy();
        learnUntilDone(policy, htmCommits, htmAborts, bothFail);
        List<String> wrong = whileSettled(policy, () -> {
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < SETTLED_EXECUTIONS; i++) {
                expect(seen, "htm", htmCommits);
                expect(seen, "swopt", htmAborts);
                expect(seen, "lock", bothFail);
            }
            return seen;
        }, htmCommits, htmAborts, bothFail);
        String settled = lock.report().rows().stream().map(r -> r.context() + ": " + r.policy())
                .collect(Collectors.joining("; "));
        assertEquals(List.of(), wrong, settled);
        assertEquals(SETTLED_EXECUTIONS, htmCommits.htm.attempts(), "one HTM attempt each: " + settled);
        assertEquals(0, htmCommits.swoptAttempts.get(), settled);
        assertEquals(0, htmAborts.htm.attempts(), "no HTM attempt where HTM never commits: " + settled);
        assertEquals(SETTLED_EXECUTIONS, htmAborts.swoptAttempts.get(), settled);
        assertEquals(0, bothFail.htm.attempts() + bothFail.swoptAttempts.get(),
                "neither HTM nor SWOPT where both always fail: " + settled);
    }

    @Test
    void onceDoneItLearnsAgainAfterTheFirstIntervalAndSettlesAgain() {
        ElidableLock lock = ElidableLock.builder("relearning", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.adaptive(PHASE)).build();
        Probe htmAborts = new Probe(lock, "htmAborts", 0.0, ABORTING_HTM_NANOS, true);
        AdaptivePolicy policy = (AdaptivePolicy) lock.policy();
        learnUntilDone(policy, htmAborts);
        long done = System.nanoTime();
        while (!policy.learning()) {
            htmAborts.section.call();
            assertTrue(System.nanoTime() - done < TimeUnit.SECONDS.toNanos(30), "never learned again: " + policy);
        }
        long doneFor = System.nanoTime() - done;
        assertTrue(doneFor >= AdaptivePolicy.FIRST_RELEARN_NANOS * 9 / 10,
                "learned again " + doneFor + " ns after it was done, before the first interval");
        assertEquals(2, policy.learnings());
        learnUntilDone(policy, htmAborts);
        List<String> wrong = whileSettled(policy, () -> {
            List<String> seen = new ArrayList<>();
            for (int i = 0; i < SETTLED_EXECUTIONS; i++) {
                expect(seen, "swopt", htmAborts);
            }
            return seen;
        }, htmAborts);
        assertEquals(List.of(), wrong, policy.toString());
        assertEquals(0, htmAborts.htm.attempts(), "no HTM attempt where HTM never commits: " + policy);
    }

    /** Calls each probe's section in turn until the policy is done learning, failing after a minute. */
    private static void learnUntilDone(AdaptivePolicy policy, Probe... probes) {
        long start = System.nanoTime();
        while (policy.learning()) {
            for (Probe probe : probes) {
                probe.section.call();
            }
            assertTrue(System.nanoTime() - start < TimeUnit.MINUTES.toNanos(1), "still learning after a minute: " + policy);
        }
    }

    /**
     * Runs {@code window} on the settled policy, the probes' counts reset, and returns what it
     * returned. A busy machine can stretch a window past the moment the policy learns again, and
     * executions in a learning phase try other modes; so a window during which the policy began
     * to learn again is run once more after that learning, at most five times in all.
     */
    private static List<String> whileSettled(AdaptivePolicy policy, Supplier<List<String>> window, Probe... probes) {
        for (int attempt = 1; ; attempt++) {
            int learnings = policy.learnings();
            for (Probe probe : probes) {
                probe.reset();
            }
            List<String> result = window.get();
            if (policy.learnings() == learnings) {
                return result;
            }
            assertTrue(attempt < 5, "learned again during each of five settled windows: " + policy);
            learnUntilDone(policy, probes);
        }
    }

    /** Calls {@code probe}'s section once; notes in {@code wrong} (the first ten) a result other than {@code expected}. */
    private static void expect(List<String> wrong, String expected, Probe probe) {
        String result = probe.section.call();
        if (!expected.equals(result) && wrong.size() < 10) {
            wrong.add(probe.section + " returned " + result + ", expected " + expected);
        }
    }

    @Test
    void anAdaptivePolicyLearnsOneLock() {
        ElisionPolicy adaptive = ElisionPolicy.adaptive();
        ElidableLock.builder("first", LockApi.of(new ReentrantLock())).policy(adaptive).build();
        assertThrows(IllegalStateException.class,
                () -> ElidableLock.builder("second", LockApi.of(new ReentrantLock())).policy(adaptive).build());
        assertThrows(IllegalArgumentException.class, () -> ElisionPolicy.adaptive(0));
    }

    @Test
    void theHtmAttemptModelPicksNoneWhenHtmNeverCommitsAndOneWhenItAlwaysDoes() {
        PhaseRecord never = new PhaseRecord();
        PhaseRecord always = new PhaseRecord();
        for (int i = 0; i < 100; i++) {
            never.executions.increment();
            never.nanos.add(3_000 + 10_000);
            never.failedAttempts.add(3);
            never.failedAttemptNanos.add(3_000);
            never.neverCommitted.increment();
            never.fallbackNanos.add(10_000);
            always.executions.increment();
            always.nanos.add(1_000);
            always.committedAt.incrementAndGet(1);
            always.committingAttemptNanos.add(1_000);
        }
        assertEquals(0, AdaptivePolicy.bestHtmAttempts(never, 3, 10_000));
        assertEquals(1, AdaptivePolicy.bestHtmAttempts(always, 2, 10_000));
    }

    /**
     * A section whose HTM path commits with {@code htmCommitRate}, each attempt taking
     * {@code htmNanos}, and whose SWOPT path succeeds or always fails, with exact counts of the
     * attempts in each (the report's counts are estimates beyond 4,096).
     */
    private static final class Probe {
        final SimulatedHtm<String> htm;
        final AtomicInteger swoptAttempts = new AtomicInteger();
        final CriticalSection<Void, String> section;

        Probe(ElidableLock lock, String name, double htmCommitRate, long htmNanos, boolean swoptSucceeds) {
            htm = new SimulatedHtm<>(htmCommitRate, htmNanos, () -> "htm");
            section = lock.section(name, () -> {
                SimulatedHtm.spin(LOCK_NANOS);
                return "lock";
            }, swopt -> {
                swoptAttempts.incrementAndGet();
                SimulatedHtm.spin(SWOPT_NANOS);
                if (!swoptSucceeds) {
                    throw Interference.INSTANCE;
                }
                return "swopt";
            }).withHtm(htm);
        }

        void reset() {
            htm.reset();
            swoptAttempts.set(0);
        }
    }
}
