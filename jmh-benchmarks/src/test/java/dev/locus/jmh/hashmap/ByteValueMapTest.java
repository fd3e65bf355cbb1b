package dev.locus.jmh.hashmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.locus.elision.ElisionPolicy;
import dev.locus.htm.NativeHtm;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of every {@link ByteValueMap}: each benchmarked {@link Implementation} and the
 * off-heap map (which runs through its lock-word fallback where RTM is absent).
 */
class ByteValueMapTest {

    private static final int SLOTS = 4;
    /** Gets each reader makes at least in the race of readers and a writer. */
    private static final int READS = 20_000;
    private final List<ByteValueMap> opened = new ArrayList<>();

    static Stream<Named<IntFunction<ByteValueMap>>> maps() {
        Stream<Named<IntFunction<ByteValueMap>>> benchmarked = Stream.of(Implementation.values())
                .filter(implementation -> !implementation.needsRtm() || NativeHtm.rtmSupported())
                .map(implementation -> Named.of(implementation.name(), implementation::create));
        return Stream.concat(benchmarked, Stream.of(
                Named.of("offHeap lockOnly", size -> OffHeapHashMap.create(size, SLOTS, ElisionPolicy.lockOnly())),
                Named.of("offHeap htm 10", size -> OffHeapHashMap.create(size, SLOTS, ElisionPolicy.fixed(10, 0)))));
    }

    @AfterEach
    void close() {
        for (ByteValueMap map : opened) {
            map.close();
        }
    }

    private ByteValueMap open(IntFunction<ByteValueMap> factory, int valueSize) {
        ByteValueMap map = factory.apply(valueSize);
        opened.add(map);
        return map;
    }

    /** Operations alternate between the map and a caller's view of it, which share its contents. */
    @ParameterizedTest
    @MethodSource("maps")
    void randomOperationsBehaveAsJavaUtilHashMap(IntFunction<ByteValueMap> factory) {
        int size = 16;
        ByteValueMap opened = open(factory, size);
        ByteValueMap[] maps = {opened, opened.forCaller()};
        Map<Integer, byte[]> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(3);
        byte[] into = new byte[size + 3];
        // Keys below 3 × 1,024: chains (or slots) of up to three keys, so removal from the middle happens.
        for (int i = 0; i < 30_000; i++) {
            ByteValueMap map = maps[random.nextInt(2)];
            int key = random.nextInt(3 * Buckets.COUNT);
            switch (random.nextInt(3)) {
                case 0 -> {
                    byte[] value = CheckedValues.of(key, i, size);
                    assertEquals(expected.put(key, value) == null, map.insert(key, value), "insert " + key);
                }
                case 1 -> assertEquals(expected.remove(key) != null, map.remove(key), "remove " + key);
                default -> {
                    byte[] value = expected.get(key);
                    assertEquals(value != null, map.get(key, into), "get " + key);
                    if (value != null) {
                        assertArrayEquals(value, java.util.Arrays.copyOf(into, size), "value of " + key);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("maps")
    void getLeavesTheDestinationAloneForAnAbsentKeyAndInsertCopiesTheValue(IntFunction<ByteValueMap> factory) {
        ByteValueMap map = open(factory, 8);
        byte[] value = {1, 2, 3, 4, 5, 6, 7, 8};
        assertTrue(map.insert(7, value));
        value[0] = 99; // the map holds a copy
        byte[] into = new byte[8];
        assertTrue(map.get(7, into));
        assertEquals(1, into[0]);
        byte[] untouched = {9, 9, 9, 9, 9, 9, 9, 9};
        assertFalse(map.get(8, untouched));
        assertArrayEquals(new byte[] {9, 9, 9, 9, 9, 9, 9, 9}, untouched);
    }

    @ParameterizedTest
    @MethodSource("maps")
    void badInputFailsClearly(IntFunction<ByteValueMap> factory) {
        ByteValueMap map = open(factory, 64);
        assertEquals("into", assertThrows(NullPointerException.class, () -> map.get(1, null)).getMessage());
        assertEquals("value", assertThrows(NullPointerException.class, () -> map.insert(1, null)).getMessage());
        assertEquals("a value of this map is 64 bytes; cannot copy it into 63",
                assertThrows(IllegalArgumentException.class, () -> map.get(1, new byte[63])).getMessage());
        assertEquals("values of this map are 64 bytes, was 65",
                assertThrows(IllegalArgumentException.class, () -> map.insert(1, new byte[65])).getMessage());
        for (var call : List.<Runnable>of(() -> map.get(-1, new byte[64]), () -> map.insert(-1, new byte[64]),
                () -> map.remove(-1))) {
            assertEquals("keys must be >= 0, was -1",
                    assertThrows(IllegalArgumentException.class, call::run).getMessage());
        }
        assertFalse(map.get(1, new byte[64]), "a rejected insert left the key absent");
        assertEquals("value size must be in [4, 4096] bytes, was 3",
                assertThrows(IllegalArgumentException.class, () -> open(factory, 3)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> open(factory, 4097));
    }

    /**
     * One writer inserts, overwrites and removes checksummed values of a few keys that share
     * buckets, as fast as it can, while two readers get them, each through its own caller's view: a value read, optimistically or under the lock, is
     * always one that was stored for that key.
     */
    @ParameterizedTest
    @MethodSource("maps")
    void readersRacingWritersNeverSeeAValueThatWasNeverStored(IntFunction<ByteValueMap> factory) throws Exception {
        int size = 1024;
        ByteValueMap map = open(factory, size);
        int[] keys = new int[16];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = (i % 4) + (i / 4) * Buckets.COUNT; // four buckets of four keys each
            map.insert(keys[i], CheckedValues.of(keys[i], 0, size));
        }
        // Readers make at least READS gets each, and go on for 400 ms; the writer writes until they
        // are done, so every get races it however late the scheduler starts a thread.
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(400);
        AtomicReference<String> problem = new AtomicReference<>();
        AtomicLong found = new AtomicLong();
        AtomicBoolean readersDone = new AtomicBoolean();
        // Values made in advance, so that the writer spends its time writing, mostly overwriting.
        byte[][][] values = new byte[keys.length][8][];
        for (int k = 0; k < keys.length; k++) {
            for (int seed = 0; seed < values[k].length; seed++) {
                values[k][seed] = CheckedValues.of(keys[k], seed, size);
            }
        }
        Thread writer = new Thread(() -> {
            ByteValueMap view = map.forCaller();
            SplittableRandom random = new SplittableRandom(1);
            while (!readersDone.get() && problem.get() == null) {
                int k = random.nextInt(keys.length);
                if (random.nextInt(8) == 0) {
                    view.remove(keys[k]);
                } else {
                    view.insert(keys[k], values[k][random.nextInt(values[k].length)]);
                }
            }
        });
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            SplittableRandom random = new SplittableRandom(10 + r);
            readers.add(new Thread(() -> {
                ByteValueMap view = map.forCaller();
                byte[] into = new byte[size];
                for (int reads = 0; (reads < READS || System.nanoTime() < end) && problem.get() == null; reads++) {
                    int key = keys[random.nextInt(keys.length)];
                    if (view.get(key, into)) {
                        found.incrementAndGet();
                        String wrong = CheckedValues.problem(key, into, size);
                        if (wrong != null) {
                            problem.compareAndSet(null, wrong);
                        }
                    }
                }
            }));
        }
        writer.start();
        readers.forEach(Thread::start);
        for (Thread reader : readers) {
            reader.join();
        }
        readersDone.set(true);
        writer.join();
        assertNull(problem.get());
        // 7 keys in 8 are present at any time on average (the writer removes 1 write in 8).
        assertTrue(found.get() > READS, "readers found only " + found.get() + " values in " + 2 * READS + " gets");
    }

    @Test
    void htmConfigurationsAreRefusedWithoutRtm() {
        assumeFalse(NativeHtm.rtmSupported(), "this CPU has RTM");
        for (Implementation implementation : Implementation.values()) {
            if (implementation.needsRtm()) {
                UnsupportedOperationException refused = assertThrows(UnsupportedOperationException.class,
                        () -> implementation.create(64));
                assertTrue(refused.getMessage().contains("RTM"), refused.getMessage());
            }
        }
    }
}
