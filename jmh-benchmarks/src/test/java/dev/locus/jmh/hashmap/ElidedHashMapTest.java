package dev.locus.jmh.hashmap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.ElisionReport;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.HtmAttempt;
import dev.locus.elision.Mode;
import dev.locus.htm.HtmStatus;
import dev.locus.htm.NativeHtm;
import dev.locus.htm.NativeRegion;
import dev.locus.htm.RegionHtmPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What ALE sees of the HashMaps: which paths each section took, in both of ALE's forms on the heap,
 * and the off-heap layout's limits.
 */
class ElidedHashMapTest {

    private static final int SIZE = 32;

    @ParameterizedTest
    @EnumSource(names = {"SWOPT_10", "SWOPT_10_INLINE"})
    void staticSwoptGetsSucceedOptimisticallyWhileWritersOnlyTakeTheLock(Implementation implementation) {
        ByteValueMap map = implementation.create(SIZE);
        map.insert(1, CheckedValues.of(1, 1, SIZE));
        map.insert(2, CheckedValues.of(2, 1, SIZE));
        map.remove(2);
        byte[] into = new byte[SIZE];
        for (int i = 0; i < 100; i++) {
            assertTrue(map.get(1, into));
        }
        assertFalse(map.get(2, into));
        GranuleReport get = row(map, "get");
        assertEquals(101, get.mode(Mode.SWOPT).successes(), "gets completed optimistically");
        assertEquals(0, get.mode(Mode.LOCK).attempts(), "gets under the lock");
        assertEquals(2, row(map, "insert").mode(Mode.LOCK).successes());
        assertEquals(0, row(map, "insert").mode(Mode.SWOPT).attempts());
        assertEquals(1, row(map, "remove").mode(Mode.LOCK).successes());
    }

    @ParameterizedTest
    @EnumSource(names = {"LOCK_ONLY", "LOCK_ONLY_INLINE"})
    void lockOnlyTakesTheLockForEveryGet(Implementation implementation) {
        ByteValueMap map = implementation.create(SIZE);
        map.insert(1, CheckedValues.of(1, 1, SIZE));
        map.get(1, new byte[SIZE]);
        GranuleReport get = row(map, "get");
        assertEquals(1, get.mode(Mode.LOCK).successes());
        assertEquals(0, get.mode(Mode.SWOPT).attempts());
    }

    @Test
    void offHeapGetsUseHtmOnlyWhereRtmIsSupportedAndElseTheRegionLock() {
        try (OffHeapHashMap map = OffHeapHashMap.create(SIZE, 2, ElisionPolicy.fixed(10, 0))) {
            map.insert(5, CheckedValues.of(5, 1, SIZE));
            byte[] into = new byte[SIZE];
            assertTrue(map.get(5, into));
            assertEquals(null, CheckedValues.problem(5, into, SIZE));
            GranuleReport get = row(map, "get");
            if (NativeHtm.rtmSupported()) {
                assertEquals(1, get.mode(Mode.HTM).successes() + get.mode(Mode.LOCK).successes());
            } else {
                assertEquals(0, get.mode(Mode.HTM).attempts(), "HTM attempts without RTM");
                assertEquals(1, get.mode(Mode.LOCK).successes());
            }
        }
    }

    @Test
    void anHtmAttemptReadsTheKeysSlotOrReportsThatNoTransactionStarted() {
        SlotLayout layout = new SlotLayout(SIZE, 2);
        try (OffHeapHashMap map = OffHeapHashMap.create(SIZE, 2, ElisionPolicy.lockOnly());
                NativeRegion region = NativeRegion.allocate(layout.regionSize())) {
            // A region holding key 3 in slot 1, written as the map writes it.
            byte[] tag = new byte[SlotLayout.TAG_BYTES];
            SlotLayout.writeTag(tag, 0, SlotLayout.tag(3));
            byte[] value = CheckedValues.of(3, 7, SIZE);
            region.write(layout.headerTag(3, 1), tag, 0, tag.length);
            region.write(layout.slot(3, 1), tag, 0, tag.length);
            region.write(layout.value(3, 1), value, 0, SIZE);
            assertEquals(SIZE, map.valueSize());

            ElidedHashMap.Operation op = operation(3, new byte[SIZE], layout);
            RegionHtmPath<ElidedHashMap.Operation, Boolean> path = RegionHtmPath.of(region, new RegionGet(layout));
            assertEquals(NativeHtm.rtmSupported(), path.available());
            HtmAttempt<Boolean> attempt = path.attempt(op);
            if (NativeHtm.rtmSupported()) {
                assertTrue(attempt.committed() && attempt.value(), HtmStatus.describe(attempt.abortStatus()));
                assertEquals(null, CheckedValues.problem(3, op.bytes, SIZE));
            } else {
                assertFalse(attempt.committed());
                assertTrue(HtmStatus.isNotAttempted(attempt.abortStatus()), HtmStatus.describe(attempt.abortStatus()));
            }
        }
    }

    @Test
    void aFullOffHeapBucketRejectsANewKeyAndKeepsItsOwn() {
        try (OffHeapHashMap map = OffHeapHashMap.create(SIZE, 2, ElisionPolicy.lockOnly())) {
            map.insert(0, CheckedValues.of(0, 1, SIZE));
            map.insert(Buckets.COUNT, CheckedValues.of(Buckets.COUNT, 1, SIZE));
            IllegalStateException full = assertThrows(IllegalStateException.class,
                    () -> map.insert(2 * Buckets.COUNT, CheckedValues.of(2 * Buckets.COUNT, 1, SIZE)));
            assertEquals("bucket 0 is full: this off-heap map holds at most 2 keys per bucket, cannot insert key 2048",
                    full.getMessage());
            byte[] into = new byte[SIZE];
            assertFalse(map.get(2 * Buckets.COUNT, into));
            assertTrue(map.get(Buckets.COUNT, into));
            assertFalse(map.insert(0, CheckedValues.of(0, 2, SIZE)), "an overwrite needs no free slot");
            assertTrue(map.remove(0));
            assertTrue(map.insert(2 * Buckets.COUNT, CheckedValues.of(2 * Buckets.COUNT, 1, SIZE)));
        }
    }

    @Test
    void offHeapLayoutLimitsFailClearly() {
        assertEquals("slots per bucket must be in [1, 64], was 0", assertThrows(IllegalArgumentException.class,
                () -> OffHeapHashMap.create(SIZE, 0, ElisionPolicy.lockOnly())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> OffHeapHashMap.create(SIZE, 65, ElisionPolicy.lockOnly()));
    }

    private static GranuleReport row(ByteValueMap map, String section) {
        ElisionReport report = map.elisionReport().orElseThrow();
        return report.rows().stream().filter(r -> r.context().equals(section)).findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + section + " in " + report));
    }

    private static ElidedHashMap.Operation operation(int key, byte[] into, SlotLayout layout) {
        ElidedHashMap.Operation op = new ElidedHashMap.Operation(Math.max(layout.headerBytes(), layout.slotBytes()));
        op.key = key;
        op.bytes = into;
        return op;
    }
}
