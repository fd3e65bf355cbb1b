package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The adaptive policy settles, per context, on HTM where it commits, on SWOPT where HTM aborts and
 * SWOPT succeeds, and on the lock where both fail (paper 003 §4.2). The paths are simulated with
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
        int rounds = 0;
        while (policy.learning()) {
            htmCommits.section.call();
            htmAborts.section.call();
            bothFail.section.call();
            assertTrue(++rounds < 25 * PHASE, "still learning after " + rounds + " rounds: " + policy);
        }
        String settled = lock.report().rows().stream().map(r -> r.context() + ": " + r.policy())
                .collect(Collectors.joining("; "));
        List.of(htmCommits, htmAborts, bothFail).forEach(Probe::reset);
        for (int i = 0; i < SETTLED_EXECUTIONS; i++) {
            assertEquals("htm", htmCommits.section.call(), settled);
            assertEquals("swopt", htmAborts.section.call(), settled);
            assertEquals("lock", bothFail.section.call(), settled);
        }
        assertEquals(SETTLED_EXECUTIONS, htmCommits.htm.attempts(), "one HTM attempt each: " + settled);
        assertEquals(0, htmCommits.swoptAttempts.get(), settled);
        assertEquals(0, htmAborts.htm.attempts(), "no HTM attempt where HTM never commits: " + settled);
        assertEquals(SETTLED_EXECUTIONS, htmAborts.swoptAttempts.get(), settled);
        assertEquals(0, bothFail.htm.attempts() + bothFail.swoptAttempts.get(),
                "neither HTM nor SWOPT where both always fail: " + settled);
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
