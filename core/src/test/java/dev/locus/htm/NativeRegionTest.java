package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of {@link NativeRegion} over both memories: the shim's table (skipped, with its
 * reason, where the shim is not loaded) and the direct-buffer fallback. Where RTM is unusable
 * every operation must complete through the lock word.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a broken lock spins; fail, do not hang
class NativeRegionTest {

    private static final int THREADS = 4;
    private static final int INCREMENTS = 20_000;

    static Stream<Arguments> memories() {
        return Stream.of(
                Arguments.of("shim", (IntFunction<RegionMemory>) ShimMemory::allocate),
                Arguments.of("buffer", (IntFunction<RegionMemory>) BufferMemory::allocate));
    }

    private static NativeRegion region(String kind, IntFunction<RegionMemory> memory, int size) {
        if (kind.equals("shim")) {
            assumeTrue(NativeHtm.isLoaded(), () -> "shim not loaded: " + NativeHtm.unavailableReason().orElse(""));
        }
        return new NativeRegion(memory.apply(size));
    }

    private static boolean transactional(String kind) {
        return kind.equals("shim") && NativeHtm.rtmSupported();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void writesAreReadBackAndCompleteThroughTheLockWithoutRtm(String kind, IntFunction<RegionMemory> memory) {
        try (NativeRegion region = region(kind, memory, 256)) {
            byte[] value = RegionWorkloads.checksummed(new byte[RegionWorkloads.VALUE_BYTES]);
            value[3] = 42;
            int written = region.write(128, value, 0, value.length);
            byte[] back = new byte[value.length];
            int read = region.read(128, back, 0, back.length);

            assertArrayEquals(value, back);
            for (int status : new int[] {written, read}) {
                assertTrue(HtmStatus.isCompleted(status), HtmStatus.describe(status));
                if (!transactional(kind)) {
                    assertTrue(HtmStatus.isNotAttempted(status) && HtmStatus.ranUnderLock(status),
                            HtmStatus.describe(status));
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void compareAndSetWritesOnlyTheExpectedValue(String kind, IntFunction<RegionMemory> memory) {
        try (NativeRegion region = region(kind, memory, 64)) {
            int hit = region.compareAndSet(8, 0, 7);
            int miss = region.compareAndSet(8, 0, 9);
            byte[] bytes = new byte[Long.BYTES];
            region.read(8, bytes, 0, Long.BYTES);

            assertTrue(HtmStatus.valueMatched(hit), HtmStatus.describe(hit));
            assertFalse(HtmStatus.valueMatched(miss), HtmStatus.describe(miss));
            assertTrue(HtmStatus.isCompleted(miss), HtmStatus.describe(miss));
            assertEquals(7, RegionWorkloads.asLong(bytes));
            region.lock();
            try {
                assertTrue(region.compareAndSetLocked(8, 7, 11));
                assertFalse(region.compareAndSetLocked(8, 7, 13));
            } finally {
                region.unlock();
            }
            region.read(8, bytes, 0, Long.BYTES);
            assertEquals(11, RegionWorkloads.asLong(bytes));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void withoutRtmNoTransactionStartsAndNothingChanges(String kind, IntFunction<RegionMemory> memory) {
        try (NativeRegion region = region(kind, memory, 64)) {
            assumeFalse(transactional(kind), "RTM is usable here; HtmCommitTest covers the transactional path");
            byte[] ones = {1, 1, 1, 1, 1, 1, 1, 1};

            assertEquals(HtmStatus.NOT_ATTEMPTED, region.tryHtmWrite(0, ones, 0, ones.length));
            assertEquals(HtmStatus.NOT_ATTEMPTED, region.tryHtmCompareAndSet(8, 0, 5));
            byte[] back = new byte[16];
            assertEquals(HtmStatus.NOT_ATTEMPTED, region.tryHtmRead(0, back, 0, back.length));
            region.read(0, back, 0, back.length);
            assertArrayEquals(new byte[16], back);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void racingIncrementsAreNeverLost(String kind, IntFunction<RegionMemory> memory) throws InterruptedException {
        try (NativeRegion region = region(kind, memory, 64)) {
            assertEquals((long) THREADS * INCREMENTS, RegionWorkloads.countConcurrently(region, THREADS, INCREMENTS));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void readersNeverSeeATornValue(String kind, IntFunction<RegionMemory> memory) throws InterruptedException {
        // 64-byte values as the issue asks; 4 KB ones too, whose copies are long enough to overlap often.
        for (int valueBytes : new int[] {RegionWorkloads.VALUE_BYTES, 4096}) {
            try (NativeRegion region = region(kind, memory, valueBytes)) {
                assertEquals(0, RegionWorkloads.tornReads(region, valueBytes, 2, 2, INCREMENTS / 4), valueBytes + " B");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void theLockWordExcludesOtherThreads(String kind, IntFunction<RegionMemory> memory) throws Exception {
        try (NativeRegion region = region(kind, memory, 64)) {
            region.lock();
            try {
                assertTrue(region.isLocked());
                assertTrue(region.isHeldByCurrentThread());
                assertEquals(Boolean.FALSE, onOtherThread(region::tryLock));
                assertEquals(IllegalMonitorStateException.class, onOtherThread(() -> {
                    try {
                        region.unlock();
                        return null;
                    } catch (IllegalMonitorStateException e) {
                        return e.getClass();
                    }
                }));
                if (!transactional(kind)) {
                    // An elided operation from another thread must wait for this holder.
                    CountDownLatch done = new CountDownLatch(1);
                    Thread writer = new Thread(() -> {
                        region.write(0, new byte[] {9}, 0, 1);
                        done.countDown();
                    });
                    writer.start();
                    assertFalse(done.await(100, TimeUnit.MILLISECONDS), "a write ran while the lock was held");
                    region.unlock();
                    assertTrue(done.await(10, TimeUnit.SECONDS));
                    writer.join();
                    region.lock();
                }
            } finally {
                region.unlock();
            }
            assertFalse(region.isLocked());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void lockMisuseIsReported(String kind, IntFunction<RegionMemory> memory) {
        try (NativeRegion region = region(kind, memory, 64)) {
            byte[] bytes = new byte[8];
            assertThrows(IllegalMonitorStateException.class, () -> region.readLocked(0, bytes, 0, 8));
            assertThrows(IllegalMonitorStateException.class, () -> region.writeLocked(0, bytes, 0, 8));
            assertThrows(IllegalMonitorStateException.class, () -> region.compareAndSetLocked(0, 0, 1));
            assertThrows(IllegalMonitorStateException.class, region::unlock);
            region.lock();
            try {
                IllegalStateException reentry = assertThrows(IllegalStateException.class, region::lock);
                assertTrue(reentry.getMessage().contains("reentrant"), reentry.getMessage());
                // Its transaction would abort on the held word; waiting for the word to be free would hang.
                assertThrows(IllegalStateException.class, () -> region.read(0, bytes, 0, 8));
                assertThrows(IllegalStateException.class, region::close);
            } finally {
                region.unlock();
            }
        }
    }

    @Test
    void sizesOutsideTheLimitsAreRejected() {
        for (int size : new int[] {0, -1, Integer.MIN_VALUE, NativeRegion.MAX_SIZE + 1}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NativeRegion.allocate(size));
            assertTrue(e.getMessage().contains("region size"), e.getMessage());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void badArgumentsAreRejected(String kind, IntFunction<RegionMemory> memory) {
        try (NativeRegion region = region(kind, memory, 64)) {
            byte[] bytes = new byte[8];
            assertThrows(NullPointerException.class, () -> region.read(0, null, 0, 8));
            assertThrows(NullPointerException.class, () -> region.tryHtmWrite(0, null, 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> region.read(-1, bytes, 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> region.read(0, bytes, 0, -1));
            assertThrows(IndexOutOfBoundsException.class, () -> region.write(60, bytes, 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> region.write(0, bytes, 4, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> region.tryHtmRead(Integer.MAX_VALUE, bytes, 0, 8));
            assertThrows(IndexOutOfBoundsException.class, () -> region.compareAndSet(64, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> region.compareAndSet(4, 0, 1));
            assertThrows(IllegalArgumentException.class, () -> region.tryHtmCompareAndSet(12, 0, 1));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void aClosedRegionRejectsEveryOperation(String kind, IntFunction<RegionMemory> memory) {
        NativeRegion region = region(kind, memory, 64);
        region.close();
        region.close();
        byte[] bytes = new byte[8];
        assertThrows(IllegalStateException.class, () -> region.read(0, bytes, 0, 8));
        assertThrows(IllegalStateException.class, () -> region.tryHtmRead(0, bytes, 0, 8));
        assertThrows(IllegalStateException.class, () -> region.write(0, bytes, 0, 8));
        assertThrows(IllegalStateException.class, () -> region.compareAndSet(0, 0, 1));
        assertThrows(IllegalStateException.class, region::lock);
        assertThrows(IllegalStateException.class, region::tryLock);
        assertThrows(IllegalStateException.class, region::isLocked);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("memories")
    void closeWaitsForTheHolderAndThenFailsItsWaiters(String kind, IntFunction<RegionMemory> memory) throws Exception {
        NativeRegion region = region(kind, memory, 64);
        region.lock();
        CountDownLatch closed = new CountDownLatch(1);
        Thread closer = new Thread(() -> {
            region.close();
            closed.countDown();
        });
        closer.start();
        AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                region.write(0, new byte[8], 0, 8);
            } catch (Throwable e) {
                waiterFailure.set(e);
            }
        });
        waiter.start();
        assertFalse(closed.await(100, TimeUnit.MILLISECONDS), "close() returned while the lock was held");
        region.unlock();
        assertTrue(closed.await(10, TimeUnit.SECONDS));
        closer.join();
        waiter.join();
        // The waiter either wrote before close took the word, or found the region closed.
        assertTrue(waiterFailure.get() == null || waiterFailure.get() instanceof IllegalStateException,
                String.valueOf(waiterFailure.get()));
        assertThrows(IllegalStateException.class, region::lock);
    }

    private static <T> T onOtherThread(Callable<T> task) throws Exception {
        FutureTask<T> future = new FutureTask<>(task);
        Thread thread = new Thread(future);
        thread.start();
        return future.get(10, TimeUnit.SECONDS);
    }
}
