package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** The static policy makes exactly X HTM and Y SWOPT attempts before it takes the lock ([Dice14] §4.2). */
class StaticPolicyTest {

    private static final int EXECUTIONS = 500;

    @Test
    void failingPathsGetExactlyXAndYAttemptsThenTheLock() {
        AtomicInteger optimistic = new AtomicInteger();
        AtomicInteger locked = new AtomicInteger();
        SimulatedHtm<String> htm = new SimulatedHtm<>(0, () -> "htm");
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(3, 2)).build();
        CriticalSection<Void, String> cs = optimistsAlwaysFail(lock, "cs", locked, optimistic).withHtm(htm);
        for (int i = 0; i < EXECUTIONS; i++) {
            assertEquals("lock", cs.call());
        }
        assertEquals(3 * EXECUTIONS, htm.attempts());
        assertEquals(2 * EXECUTIONS, optimistic.get());
        assertEquals(EXECUTIONS, locked.get());
        GranuleReport row = lock.report().rows().get(0);
        assertEquals(3 * EXECUTIONS, row.mode(Mode.HTM).attempts());
        assertEquals(0, row.mode(Mode.HTM).successes());
        assertEquals(2 * EXECUTIONS, row.mode(Mode.SWOPT).attempts());
        assertEquals(EXECUTIONS, row.mode(Mode.LOCK).successes());
    }

    /**
     * Without HTM the static policy's executions start on the section's fast path; a failed first
     * optimistic attempt hands over to the full protocol, which must count it against Y, and every
     * execution must be counted once whichever path completed it (the first execution, before the
     * policy decided, and 1 in 1,024 take the full protocol, so both paths run here).
     */
    @Test
    void theFastPathKeepsYAndTheCounts() {
        AtomicInteger optimistic = new AtomicInteger();
        AtomicInteger locked = new AtomicInteger();
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 2)).build();
        CriticalSection<Void, String> failing = optimistsAlwaysFail(lock, "failing", locked, optimistic);
        CriticalSection<Void, String> succeeding = lock.section("succeeding", () -> "lock", swopt -> "swopt");
        CriticalSection<Void, String> lockOnly = lock.section("lockOnly", () -> "lock");
        int executions = 2_000; // every counter stays below 4,096, where it is exact
        for (int i = 0; i < executions; i++) {
            assertEquals("lock", failing.call());
            assertEquals("swopt", succeeding.call());
            assertEquals("lock", lockOnly.call());
        }
        assertEquals(2 * executions, optimistic.get());
        assertEquals(executions, locked.get());
        Map<String, GranuleReport> rows = new HashMap<>();
        lock.report().rows().forEach(r -> rows.put(r.context(), r));
        GranuleReport fail = rows.get("failing");
        assertEquals(executions, fail.executions());
        assertEquals(2 * executions, fail.mode(Mode.SWOPT).attempts());
        assertEquals(0, fail.mode(Mode.SWOPT).successes());
        assertEquals(executions, fail.mode(Mode.LOCK).successes());
        GranuleReport succeed = rows.get("succeeding");
        assertEquals(executions, succeed.executions());
        assertEquals(executions, succeed.mode(Mode.SWOPT).attempts());
        assertEquals(executions, succeed.mode(Mode.SWOPT).successes());
        assertEquals(0, succeed.mode(Mode.LOCK).attempts());
        GranuleReport plain = rows.get("lockOnly");
        assertEquals(executions, plain.executions());
        assertEquals(executions, plain.mode(Mode.LOCK).attempts());
        assertEquals(executions, plain.mode(Mode.LOCK).successes());
        assertTrue(plain.meanExecutionNanos() > 0, "sampled executions are timed: " + plain.meanExecutionNanos());
    }

    @Test
    void aModeThatSucceedsEndsTheExecution() {
        SimulatedHtm<String> htm = new SimulatedHtm<>(1, () -> "htm");
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(3, 2)).build();
        CriticalSection<Void, String> cs = lock.section("cs", () -> "lock", swopt -> "swopt").withHtm(htm);
        for (int i = 0; i < EXECUTIONS; i++) {
            assertEquals("htm", cs.call());
        }
        GranuleReport row = lock.report().rows().get(0);
        assertEquals(EXECUTIONS, row.mode(Mode.HTM).successes());
        assertEquals(0, row.mode(Mode.SWOPT).attempts() + row.mode(Mode.LOCK).attempts());

        CriticalSection<Void, String> noHtm = lock.section("noHtm", () -> "lock", swopt -> "swopt");
        assertEquals("swopt", noHtm.call(), "without an HTM path, SWOPT comes first");
    }

    @Test
    void anUnavailableHtmPathIsNeverAttempted() {
        HtmPath<Object, String> absent = new HtmPath<>() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public HtmAttempt<String> attempt(Object ignored) {
                throw new AssertionError("attempted an unavailable HTM path");
            }
        };
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(5, 0)).build();
        assertEquals("lock", lock.section("cs", () -> "lock").withHtm(absent).call());
    }

    @Test
    void lockOnlyNeverElides() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).build();
        assertEquals("lock", lock.section("cs", () -> "lock", swopt -> "swopt")
                .withHtm(new SimulatedHtm<>(1, () -> "htm")).call());
        assertThrows(IllegalArgumentException.class, () -> ElisionPolicy.fixed(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> ElisionPolicy.fixed(0, -1));
    }

    /** A section whose every optimistic attempt fails; both bodies count their runs. */
    private static CriticalSection<Void, String> optimistsAlwaysFail(ElidableLock lock, String name, AtomicInteger locked,
            AtomicInteger optimistic) {
        return lock.section(name, () -> {
            locked.incrementAndGet();
            return "lock";
        }, swopt -> {
            optimistic.incrementAndGet();
            throw Interference.INSTANCE;
        });
    }
}
