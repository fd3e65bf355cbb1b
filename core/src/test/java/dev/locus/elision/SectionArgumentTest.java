package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * Sections whose bodies take the call's argument, each path given it, and one section shared by
 * more threads than its table of callers has slots: every thread runs with its own state.
 */
class SectionArgumentTest {

    /** More than CriticalSection's caller slots, so that some threads share a slot and use the ThreadLocal. */
    private static final int THREADS = 40;
    private static final int CALLS = 2_000;

    @Test
    void eachPathIsGivenTheCallsArgument() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).build();
        CriticalSection<Integer, String> locked = lock.section("locked", (Integer n) -> "locked " + n);
        assertEquals("locked 7", locked.call(7));
        assertEquals("locked null", locked.call(), "call() passes null");

        ElidableLock optimistic = ElidableLock.builder("o", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 1)).build();
        CriticalSection<Integer, String> swopt = optimistic.section("swopt", (Integer n) -> "locked " + n)
                .withSwopt((n, attempt) -> "optimistic " + n);
        for (int n = 0; n < 300; n++) {
            assertEquals("optimistic " + n, swopt.call(n), "fast path and timed executions alike");
        }

        ElidableLock transactional = ElidableLock.builder("t", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(1, 0)).build();
        CriticalSection<Integer, String> htm = transactional.section("htm", (Integer n) -> "locked " + n)
                .withHtm(new HtmPath<Integer, String>() {
                    @Override
                    public boolean available() {
                        return true;
                    }

                    @Override
                    public HtmAttempt<String> attempt(Integer n) {
                        return n % 2 == 0 ? HtmAttempt.committed("committed " + n) : HtmAttempt.aborted(0);
                    }
                });
        assertEquals("committed 4", htm.call(4));
        assertEquals("locked 5", htm.call(5), "an aborted attempt falls back to the lock with the same argument");
    }

    /**
     * Forty threads share an outer and an inner section, passing each their own cell: the outer runs
     * under lock a, the inner under lock b runs a conflicting action of a, which needs the calling
     * thread's own frame of a. A thread handed another's state would find no frame (and fail) or
     * the other's, and its context would be wrong; a lost or doubled increment shows in the cells.
     */
    @Test
    void threadsSharingASectionEachRunWithTheirOwnState() throws InterruptedException {
        ElidableLock a = ElidableLock.builder("a", LockApi.of(new ReentrantLock())).build();
        ElidableLock b = ElidableLock.builder("b", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 2)).build();
        long[] cells = new long[THREADS];
        CriticalSection<Integer, String> inner = b.section("inner", (Integer cell) -> {
            a.conflictingAction(() -> cells[cell]++);
            return Scope.currentPath();
        });
        CriticalSection<Integer, String> outer = a.section("outer", (Integer cell) -> inner.call(cell));
        CriticalSection<Integer, Long> read = a.section("read", (Integer cell) -> cells[cell])
                .withSwopt((cell, swopt) -> {
                    long value = cells[cell];
                    swopt.validate();
                    return value;
                });

        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int cell = t;
            threads.add(new Thread(() -> {
                try {
                    start.await();
                    for (int i = 1; i <= CALLS; i++) {
                        String context = outer.call(cell);
                        if (!context.equals("outer > inner")) {
                            throw new AssertionError("thread " + cell + " ran in context " + context);
                        }
                        long seen = read.call(cell);
                        if (seen != i) {
                            throw new AssertionError("thread " + cell + " read " + seen + " after " + i + " increments");
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertTrue(!thread.isAlive(), "a thread did not finish");
        }
        assertNull(failure.get());
        long[] expected = new long[THREADS];
        Arrays.fill(expected, CALLS);
        assertArrayEquals(expected, cells);
    }
}
