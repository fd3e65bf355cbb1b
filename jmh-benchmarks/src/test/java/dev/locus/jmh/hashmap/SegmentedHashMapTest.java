package dev.locus.jmh.hashmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.KeyedSections;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The elided-placement suite's map: operations submitted as critical sections to a keyed executor
 * by bucket (two workers, per-key order), in ALE's lambda or inline form, end in the state and
 * return the results a sequential map gives for the same operations, on one lock and on 16
 * segments; get's counts add up.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SegmentedHashMapTest {

    private static final int VALUE_SIZE = 16;
    private static final int KEYS = 4096;

    @ParameterizedTest(name = "{0} segment(s), inline form {1}")
    @CsvSource({"1, false", "16, false", "1, true", "16, true"})
    void sectionsOnAKeyedExecutorAgreeWithASequentialMap(int segments, boolean inline) throws Exception {
        SegmentedHashMap map = new SegmentedHashMap(segments, VALUE_SIZE, () -> ElisionPolicy.fixed(0, 1));
        Map<Integer, Byte> model = new HashMap<>();
        List<Future<Boolean>> futures = new ArrayList<>();
        List<Boolean> expected = new ArrayList<>();
        int gets = 0;
        try (KeyedExecutorService executor = LocusExecutors.fixedRange(2, 0, SegmentedHashMap.BUCKETS - 1)) {
            SplittableRandom random = new SplittableRandom(9);
            for (int i = 0; i < 3_000; i++) {
                int key = random.nextInt(KEYS);
                int operation = random.nextInt(10);
                if (operation < 6) {
                    gets++;
                    submit(executor, map, inline, futures, SegmentedHashMap.Op.get(key, new byte[VALUE_SIZE]));
                    expected.add(model.containsKey(key));
                } else if (operation < 8) {
                    byte[] value = new byte[VALUE_SIZE];
                    value[0] = (byte) i;
                    submit(executor, map, inline, futures, SegmentedHashMap.Op.insert(key, value));
                    expected.add(model.put(key, (byte) i) == null);
                } else {
                    submit(executor, map, inline, futures, SegmentedHashMap.Op.remove(key));
                    expected.add(model.remove(key) != null);
                }
            }
            for (int i = 0; i < futures.size(); i++) {
                assertEquals(expected.get(i), futures.get(i).get(30, TimeUnit.SECONDS), "operation " + i);
            }
        }
        SegmentedHashMap.GetCounts counts = map.getCounts(); // exact: below 4,096 gets per granule
        assertEquals(gets, counts.optimisticSuccesses() + counts.lockFallbacks(), "every get completed once: " + counts);
        assertTrue(counts.optimisticFailures() >= counts.lockFallbacks(), counts.toString());
        for (int key = 0; key < KEYS; key++) {
            byte[] into = new byte[VALUE_SIZE];
            assertEquals(model.containsKey(key), map.call(SegmentedHashMap.Op.get(key, into)), "key " + key);
            if (model.containsKey(key)) {
                byte[] value = new byte[VALUE_SIZE];
                value[0] = model.get(key);
                assertArrayEquals(value, into, "key " + key);
            }
        }
        assertTrue(map.report().rows().size() <= 3 * segments, map.report().toText());
    }

    private static void submit(KeyedExecutorService executor, SegmentedHashMap map, boolean inline,
            List<Future<Boolean>> futures, SegmentedHashMap.Op op) {
        futures.add(inline ? executor.submit(op.bucket(), () -> map.callInline(op))
                : KeyedSections.submit(executor, op.bucket(), map.section(op), op));
    }

    @Test
    void badSegmentCountsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SegmentedHashMap(0, VALUE_SIZE, ElisionPolicy::lockOnly));
        assertThrows(IllegalArgumentException.class,
                () -> new SegmentedHashMap(SegmentedHashMap.BUCKETS + 1, VALUE_SIZE, ElisionPolicy::lockOnly));
    }
}
