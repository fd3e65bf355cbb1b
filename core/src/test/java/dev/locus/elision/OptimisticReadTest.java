package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Optimistic readers never return a value that was never stored: a record of 64 words and a
 * checksum is rewritten by racing writers inside conflicting actions, and every snapshot an
 * optimistic or locked reader returns must carry a matching checksum — over every lock adapter.
 */
class OptimisticReadTest {

    private static final int WORDS = 64;
    private static final long ROUNDS_MILLIS = 300;

    static Stream<LockApi> locks() {
        return Stream.of(LockApi.of(new ReentrantLock()), LockApi.writeSide(new ReentrantReadWriteLock()),
                LockApi.of(new StampedLock()));
    }

    /** Shared state: written only inside conflicting actions, read optimistically. */
    private final long[] words = new long[WORDS];
    private long checksum;

    @ParameterizedTest
    @MethodSource("locks")
    void everyReturnedSnapshotWasStored(LockApi api) throws Exception {
        ElidableLock lock = ElidableLock.builder("record", api).policy(ElisionPolicy.fixed(0, 10)).build();
        CriticalSection<Void, long[]> read = lock.section("read", this::snapshot, swopt -> {
            long[] s = snapshot();
            swopt.validate();
            return s;
        });
        CriticalSection<Void, Void> write = lock.section("write", () -> {
            long seed = ThreadLocalRandom.current().nextLong();
            lock.conflictingAction(() -> store(seed));
            return null;
        });
        List<String> torn = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(4);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            boolean writer = t < 2;
            threads.add(new Thread(() -> {
                started.countDown();
                while (!stop.get()) {
                    if (writer) {
                        write.call();
                    } else {
                        long[] s = read.call();
                        if (!consistent(s)) {
                            torn.add(Arrays.toString(s));
                        }
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        started.await();
        Thread.sleep(ROUNDS_MILLIS);
        stop.set(true);
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(List.of(), torn.subList(0, Math.min(3, torn.size())), torn.size() + " torn snapshots");
        GranuleReport reads = lock.report().rows().stream().filter(r -> r.context().equals("read")).findFirst()
                .orElseThrow();
        assertTrue(reads.mode(Mode.SWOPT).successes() > 0, "optimistic reads succeeded: " + reads);
    }

    private long[] snapshot() {
        long[] s = new long[WORDS + 1];
        for (int i = 0; i < WORDS; i++) {
            s[i] = words[i];
            Thread.onSpinWait(); // widen the window in which a writer can interleave
        }
        s[WORDS] = checksum;
        return s;
    }

    private void store(long seed) {
        long sum = 0;
        for (int i = 0; i < WORDS; i++) {
            words[i] = seed + i;
            sum = sum * 31 + words[i];
        }
        checksum = sum;
    }

    private static boolean consistent(long[] s) {
        long sum = 0;
        for (int i = 0; i < WORDS; i++) {
            sum = sum * 31 + s[i];
        }
        return s[WORDS] == sum;
    }
}
