package dev.locus.elision;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Critical sections submitted to keyed executors with {@link KeyedSections}: each runs exactly
 * once, sections with one key keep their order under a keyed router, a cancelled section releases
 * its lock, {@code shutdownNow} returns exactly the sections that never started, and the lock's
 * report counts exactly the executions that ran, in the modes they ran in.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class KeyedSectionsTest {

    private static final long WAIT_S = 30;

    static Stream<Arguments> executors() {
        return Stream.of(
                Arguments.of("roundRobin", (Supplier<KeyedExecutorService>) () -> LocusExecutors.roundRobin(2)),
                Arguments.of("fixedRange", (Supplier<KeyedExecutorService>) () -> LocusExecutors.fixedRange(2, 0, 63)),
                Arguments.of("adaptive", (Supplier<KeyedExecutorService>) () -> LocusExecutors.adaptive(2)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("executors")
    void everySectionRunsExactlyOnce(String name, Supplier<KeyedExecutorService> factory) throws Exception {
        int sections = 20_000;
        AtomicIntegerArray ran = new AtomicIntegerArray(sections);
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 2));
        int[] counter = new int[1];
        CriticalSection<Integer, Integer> increment = lock.section("increment", (Integer id) -> { // one, shared
            ran.incrementAndGet(id);
            lock.conflictingAction(() -> counter[0]++);
            return id;
        });
        List<Future<Integer>> futures = new ArrayList<>(sections);
        try (KeyedExecutorService executor = factory.get()) {
            SplittableRandom random = new SplittableRandom(7);
            for (int i = 0; i < sections; i++) {
                futures.add(KeyedSections.submit(executor, random.nextInt(64), increment, i));
            }
            for (int i = 0; i < sections; i++) {
                assertEquals(i, futures.get(i).get(WAIT_S, SECONDS));
            }
        }
        for (int i = 0; i < sections; i++) {
            assertEquals(1, ran.get(i), name + ": section " + i + " ran " + ran.get(i) + " times");
        }
        assertEquals(sections, counter[0], name + ": a locked update was lost");
    }

    @Test
    void sectionsWithOneKeyRunInSubmissionOrderUnderAKeyedRouter() throws Exception {
        int keys = 16;
        int perKey = 500;
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        List<List<Integer>> seen = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
            seen.add(new ArrayList<>());
        }
        try (KeyedExecutorService executor = LocusExecutors.fixedRange(2, 0, keys - 1)) {
            SplittableRandom random = new SplittableRandom(11);
            int[] next = new int[keys];
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int i = 0; i < keys * perKey; i++) {
                int key = random.nextInt(keys);
                int sequence = next[key]++;
                futures.add(KeyedSections.submit(executor, key,
                        lock.section("append", () -> seen.get(key).add(sequence))));
            }
            for (Future<Boolean> f : futures) {
                assertTrue(f.get(WAIT_S, SECONDS));
            }
            for (int k = 0; k < keys; k++) {
                List<Integer> order = seen.get(k);
                assertEquals(next[k], order.size(), "key " + k);
                for (int i = 0; i < order.size(); i++) {
                    assertEquals(i, order.get(i), "key " + k + " ran out of order: " + order);
                }
            }
        }
    }

    @Test
    void aCancelledSectionReleasesItsLockAndTheWorkerGoesOn() throws Exception {
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        try (KeyedExecutorService executor = LocusExecutors.roundRobin(1)) {
            Future<Boolean> blocked = KeyedSections.submit(executor, 0, lock.section("wait", () -> {
                started.countDown();
                try {
                    return never.await(WAIT_S, SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
            }));
            assertTrue(started.await(WAIT_S, SECONDS));
            assertTrue(blocked.cancel(true));
            Future<String> next = KeyedSections.submit(executor, 0, lock.section("after", () -> "ran"));
            assertEquals("ran", next.get(WAIT_S, SECONDS), "the lock or the worker was left behind");
            assertFalse(lock.api().isLocked());
        }
    }

    @Test
    void aSectionThatThrowsFailsItsFutureAndReleasesTheLock() throws Exception {
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        try (KeyedExecutorService executor = LocusExecutors.adaptive(2)) {
            Future<Object> failed = KeyedSections.submit(executor, 3, lock.section("throw", () -> {
                throw new IllegalArgumentException("boom");
            }));
            ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(WAIT_S, SECONDS));
            assertInstanceOf(IllegalArgumentException.class, e.getCause());
            assertEquals(7, KeyedSections.submit(executor, 3, lock.section("after", () -> 7)).get(WAIT_S, SECONDS));
        }
    }

    @Test
    void shutdownNowReturnsExactlyTheSectionsThatNeverStarted() throws Exception {
        for (int round = 0; round < 20; round++) {
            ElidableLock lock = lock(ElisionPolicy.lockOnly());
            int queued = 200;
            AtomicIntegerArray ran = new AtomicIntegerArray(queued);
            CountDownLatch started = new CountDownLatch(1);
            KeyedExecutorService executor = LocusExecutors.roundRobin(1);
            List<Future<Integer>> futures = new ArrayList<>();
            Future<Boolean> first = KeyedSections.submit(executor, 0, lock.section("block", () -> {
                started.countDown();
                try {
                    return new CountDownLatch(1).await(WAIT_S, SECONDS);
                } catch (InterruptedException e) {
                    return false;
                }
            }));
            for (int i = 0; i < queued; i++) {
                int id = i;
                futures.add(KeyedSections.submit(executor, i, lock.section("queued", () -> {
                    ran.incrementAndGet(id);
                    return id;
                })));
            }
            assertTrue(started.await(WAIT_S, SECONDS));
            List<Runnable> neverStarted = executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
            assertFalse(first.get(WAIT_S, SECONDS), "the running section was not interrupted");
            int notRun = 0;
            for (int i = 0; i < queued; i++) {
                if (ran.get(i) == 0) {
                    notRun++;
                    assertTrue(neverStarted.contains((Runnable) futures.get(i)), "section " + i + " was lost");
                } else {
                    assertEquals(1, ran.get(i));
                    assertEquals(i, futures.get(i).get(0, SECONDS));
                }
            }
            assertEquals(notRun, neverStarted.size(), "shutdownNow returned sections that ran, or twice");
            assertThrows(RejectedExecutionException.class,
                    () -> KeyedSections.submit(executor, 0, lock.section("late", () -> 0)));
        }
    }

    @Test
    void theReportCountsWhatRanThroughTheExecutor() throws Exception {
        ElidableLock lock = lock(ElisionPolicy.fixed(0, 3));
        int reads = 1_000;
        int writes = 300;
        int[] data = new int[1];
        try (KeyedExecutorService executor = LocusExecutors.fixedRange(2, 0, 1)) {
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < reads; i++) {
                futures.add(KeyedSections.submit(executor, 0, lock.section("read", () -> data[0])
                        .withSwopt(swopt -> {
                            int v = data[0];
                            swopt.validate();
                            return v;
                        })));
            }
            for (int i = 0; i < writes; i++) { // all on key 1's worker, one after another
                futures.add(KeyedSections.submit(executor, 1, lock.section("write", () -> {
                    lock.conflictingAction(() -> data[0]++);
                    return 0;
                })));
            }
            for (Future<Integer> f : futures) {
                f.get(WAIT_S, SECONDS);
            }
        } catch (TimeoutException e) {
            throw new AssertionError("sections did not complete", e);
        }
        GranuleReport read = row(lock.report(), "read");
        GranuleReport write = row(lock.report(), "write");
        assertEquals(reads, read.executions());
        assertEquals(reads, read.mode(Mode.SWOPT).successes() + read.mode(Mode.LOCK).successes(),
                "every read completed once, optimistically or under the lock: " + lock.report());
        assertTrue(read.mode(Mode.SWOPT).attempts() >= read.mode(Mode.SWOPT).successes());
        assertEquals(writes, write.executions());
        assertEquals(writes, write.mode(Mode.LOCK).successes());
        assertEquals(0, write.mode(Mode.SWOPT).attempts(), "a write has no optimistic body");
        assertEquals(writes, data[0]);
    }

    @Test
    void badInputIsRefused() {
        ElidableLock lock = lock(ElisionPolicy.lockOnly());
        CriticalSection<Void, Integer> section = lock.section("s", () -> 1);
        assertThrows(NullPointerException.class, () -> KeyedSections.submit(null, 0, section));
        assertThrows(NullPointerException.class, () -> KeyedSections.submit(null, 0, section, null));
        try (KeyedExecutorService executor = LocusExecutors.roundRobin(1)) {
            assertThrows(NullPointerException.class, () -> KeyedSections.submit(executor, 0, null));
        }
    }

    private static ElidableLock lock(ElisionPolicy policy) {
        return ElidableLock.builder("keyed", LockApi.of(new ReentrantLock())).policy(policy).build();
    }

    private static GranuleReport row(ElisionReport report, String context) {
        return report.rows().stream().filter(r -> r.context().equals(context)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + context + " in\n" + report));
    }
}
