package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** The static policy makes exactly X HTM and Y SWOPT attempts before it takes the lock (paper 003 §4.2). */
class StaticPolicyTest {

    private static final int EXECUTIONS = 500;

    @Test
    void failingPathsGetExactlyXAndYAttemptsThenTheLock() {
        AtomicInteger optimistic = new AtomicInteger();
        AtomicInteger locked = new AtomicInteger();
        SimulatedHtm<String> htm = new SimulatedHtm<>(0, () -> "htm");
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(3, 2)).build();
        CriticalSection<String> cs = lock.section("cs", () -> {
            locked.incrementAndGet();
            return "lock";
        }, swopt -> {
            optimistic.incrementAndGet();
            throw Interference.INSTANCE; // every optimistic attempt fails
        }).withHtm(htm);
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

    @Test
    void aModeThatSucceedsEndsTheExecution() {
        SimulatedHtm<String> htm = new SimulatedHtm<>(1, () -> "htm");
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(3, 2)).build();
        CriticalSection<String> cs = lock.section("cs", () -> "lock", swopt -> "swopt").withHtm(htm);
        for (int i = 0; i < EXECUTIONS; i++) {
            assertEquals("htm", cs.call());
        }
        GranuleReport row = lock.report().rows().get(0);
        assertEquals(EXECUTIONS, row.mode(Mode.HTM).successes());
        assertEquals(0, row.mode(Mode.SWOPT).attempts() + row.mode(Mode.LOCK).attempts());

        CriticalSection<String> noHtm = lock.section("noHtm", () -> "lock", swopt -> "swopt");
        assertEquals("swopt", noHtm.call(), "without an HTM path, SWOPT comes first");
    }

    @Test
    void anUnavailableHtmPathIsNeverAttempted() {
        HtmPath<String> absent = new HtmPath<>() {
            @Override
            public boolean available() {
                return false;
            }

            @Override
            public HtmAttempt<String> attempt() {
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
}
