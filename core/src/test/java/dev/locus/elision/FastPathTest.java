package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * A granule keeps its policy's decision for untimed executions (FastPath) and follows the policy
 * when it changes its mind: the next timed execution, which runs the full protocol, refreshes it.
 */
class FastPathTest {

    /** Times 1 in 8, as the adaptive policy's learning phases do; its decision can be switched. */
    private static final class SwitchablePolicy extends ElisionPolicy {
        volatile FastPath current = swoptFirst();
        final AtomicInteger fullExecutions = new AtomicInteger();

        static FastPath swoptFirst() {
            return new FastPath(new Object(), Progression.SWOPT_LOCK, SampledTimer.LEARNING_SAMPLE_SHIFT, false);
        }

        static FastPath lockFirst() {
            return new FastPath(new Object(), Progression.LOCK, SampledTimer.LEARNING_SAMPLE_SHIFT, false);
        }

        @Override
        Mode choose(Execution execution, boolean htmEligible, boolean swoptEligible) {
            return swoptEligible && current.progression().swopt && execution.swoptTried == 0 ? Mode.SWOPT : Mode.LOCK;
        }

        @Override
        FastPath fastPath(Granule granule) {
            return current;
        }

        @Override
        boolean isCurrent(FastPath fastPath) {
            return fastPath == current;
        }

        @Override
        void completed(Execution execution) {
            fullExecutions.incrementAndGet();
        }
    }

    @Test
    void aGranuleFollowsItsPolicyWithinAFewExecutions() {
        SwitchablePolicy policy = new SwitchablePolicy();
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).policy(policy).build();
        AtomicInteger locked = new AtomicInteger();
        CriticalSection<Void, String> section = lock.section("s", () -> {
            locked.incrementAndGet();
            return "lock";
        }, swopt -> "swopt");

        int executions = 4_000;
        int swopt = 0;
        for (int i = 0; i < executions; i++) {
            swopt += "swopt".equals(section.call()) ? 1 : 0;
        }
        assertEquals(executions, swopt, "every execution optimistic while the policy says SWOPT first");
        int full = policy.fullExecutions.get();
        assertTrue(full > executions / 16 && full < executions / 4,
                "about 1 in 8 executions timed, so through the full protocol: " + full);

        policy.current = SwitchablePolicy.lockFirst();
        int stale = 0;
        while (!"lock".equals(section.call())) {
            stale++;
            assertTrue(stale < 400, "still optimistic after " + stale + " executions: (7/8)^400 < 1e-23");
        }
        locked.set(0);
        for (int i = 0; i < executions; i++) {
            assertEquals("lock", section.call(), "after the refresh, execution " + i);
        }
        assertEquals(executions, locked.get());
    }

    @Test
    void theStaticPolicysFastPathIsItsProgressionSampledOneIn1024() {
        FastPath lockOnly = ElisionPolicy.lockOnly().fastPath(null);
        assertEquals(Progression.LOCK, lockOnly.progression());
        assertEquals(Progression.SWOPT_LOCK, ElisionPolicy.fixed(0, 3).fastPath(null).progression());
        assertEquals(Progression.HTM_LOCK, ElisionPolicy.fixed(2, 0).fastPath(null).progression());
        assertEquals(Progression.HTM_SWOPT_LOCK, ElisionPolicy.fixed(2, 3).fastPath(null).progression());
        assertTrue(lockOnly.timed(0) && lockOnly.timed((1 << SampledTimer.SAMPLE_SHIFT) - 1));
        assertTrue(!lockOnly.timed(1 << SampledTimer.SAMPLE_SHIFT) && !lockOnly.timed(-1));
        assertTrue(FastPath.UNDECIDED.timed(-1), "before the policy decided, every execution runs the full protocol");
    }
}
