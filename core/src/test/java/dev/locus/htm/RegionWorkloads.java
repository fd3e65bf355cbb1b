package dev.locus.htm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Racing workloads over a region's public API, shared by the in-JVM tests and the fallback
 * process ({@link FallbackMain}); each returns what a correct region must produce.
 */
final class RegionWorkloads {

    /** Bytes of the smallest checksummed value: 56 random bytes and their checksum. */
    static final int VALUE_BYTES = 64;

    private RegionWorkloads() {
    }

    /**
     * {@code threads} threads each add 1 to the long at offset 0, {@code perThread} times, through
     * {@link NativeRegion#compareAndSet} loops (half of the threads) or {@link NativeRegion#lock()}
     * with read-modify-write (the other half); the final value of the counter.
     */
    static long countConcurrently(NativeRegion region, int threads, int perThread) throws InterruptedException {
        run(threads, thread -> {
            byte[] bytes = new byte[Long.BYTES];
            for (int i = 0; i < perThread; i++) {
                if (thread % 2 == 0) {
                    long seen;
                    do {
                        region.read(0, bytes, 0, Long.BYTES);
                        seen = asLong(bytes);
                    } while (!HtmStatus.valueMatched(region.compareAndSet(0, seen, seen + 1)));
                } else {
                    region.lock();
                    try {
                        region.readLocked(0, bytes, 0, Long.BYTES);
                        region.writeLocked(0, longBytes(asLong(bytes) + 1), 0, Long.BYTES);
                    } finally {
                        region.unlock();
                    }
                }
            }
        });
        byte[] bytes = new byte[Long.BYTES];
        region.read(0, bytes, 0, Long.BYTES);
        return asLong(bytes);
    }

    /**
     * {@code writers} threads write checksummed values of {@code valueBytes} bytes at offset 0
     * while {@code readers} threads read them, {@code perThread} operations each; the number of
     * reads whose checksum did not match (0 unless a read saw a torn value).
     */
    static long tornReads(NativeRegion region, int valueBytes, int writers, int readers, int perThread)
            throws InterruptedException {
        region.write(0, checksummed(new byte[valueBytes]), 0, valueBytes);
        AtomicLong torn = new AtomicLong();
        run(writers + readers, thread -> {
            byte[] value = new byte[valueBytes];
            for (int i = 0; i < perThread; i++) {
                if (thread < writers) {
                    ThreadLocalRandom.current().nextBytes(value);
                    region.write(0, checksummed(value), 0, valueBytes);
                } else {
                    region.read(0, value, 0, valueBytes);
                    if (!checksumMatches(value)) {
                        torn.incrementAndGet();
                    }
                }
            }
        });
        return torn.get();
    }

    /** Sets the last 8 bytes of {@code value} to a checksum of the others; the same array. */
    static byte[] checksummed(byte[] value) {
        ByteBuffer.wrap(value).order(ByteOrder.nativeOrder()).putLong(value.length - Long.BYTES, checksum(value));
        return value;
    }

    static boolean checksumMatches(byte[] value) {
        return ByteBuffer.wrap(value).order(ByteOrder.nativeOrder()).getLong(value.length - Long.BYTES) == checksum(value);
    }

    private static long checksum(byte[] value) {
        long sum = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < value.length - Long.BYTES; i++) {
            sum = (sum ^ value[i]) * 0x100000001B3L;
        }
        return sum;
    }

    static long asLong(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder()).getLong(0);
    }

    static byte[] longBytes(long value) {
        return ByteBuffer.allocate(Long.BYTES).order(ByteOrder.nativeOrder()).putLong(0, value).array();
    }

    /** Runs {@code body} on {@code threads} threads started together; rethrows the first failure. */
    static void run(int threads, ThreadBody body) throws InterruptedException {
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> started = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    body.run(thread);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "region-workload-" + t);
            worker.setDaemon(true); // a broken lock must fail the test by its timeout, not hang the JVM
            worker.start();
            started.add(worker);
        }
        for (Thread worker : started) {
            worker.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a workload thread failed", failure.get());
        }
    }

    @FunctionalInterface
    interface ThreadBody {
        void run(int thread) throws Exception;
    }
}
