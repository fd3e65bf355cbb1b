package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The C side checks its own input: these call the JNI entry points directly, past every Java
 * check, with forged handles, closed regions, bad ranges and a caller that does not hold the lock
 * word. Each must throw, never touch memory (a wrong answer would crash this JVM).
 */
class ShimBoundaryTest {

    private static final long OWNER = 77;

    @BeforeEach
    void needsTheShim() {
        assumeTrue(NativeHtm.isLoaded(), () -> "shim not loaded: " + NativeHtm.unavailableReason().orElse(""));
    }

    @Test
    void forgedHandlesAreNotRegionHandles() {
        byte[] bytes = new byte[8];
        // Slot index past the table, an even (free) generation, zero, all ones.
        for (long forged : new long[] {0L, -1L, (1L << 32) | RtmShim.MAX_REGIONS, (2L << 32) | 3, Long.MIN_VALUE}) {
            assertRejected(IllegalArgumentException.class, "not a region handle",
                    () -> RtmShim.htmRead(forged, 0, bytes, 0, 8),
                    () -> RtmShim.htmWrite(forged, 0, bytes, 0, 8),
                    () -> RtmShim.htmCompareAndSet(forged, 0, 0, 1),
                    () -> RtmShim.readLocked(forged, OWNER, 0, bytes, 0, 8),
                    () -> RtmShim.writeLocked(forged, OWNER, 0, bytes, 0, 8),
                    () -> RtmShim.compareAndSetLocked(forged, OWNER, 0, 0, 1),
                    () -> RtmShim.lockWordOffset(forged),
                    () -> RtmShim.free(forged, OWNER));
        }
    }

    @Test
    void aWellFormedHandleThatWasNeverIssuedIsRejected() {
        long region = RtmShim.allocate(64);
        long other = region + (2L << 32); // same slot, a generation not issued yet
        try {
            assertRejected(IllegalStateException.class, "closed or was never allocated",
                    () -> RtmShim.htmRead(other, 0, new byte[8], 0, 8),
                    () -> RtmShim.free(other, OWNER));
        } finally {
            free(region);
        }
    }

    @Test
    void aClosedHandleIsRejected() {
        long region = RtmShim.allocate(64);
        free(region);
        byte[] bytes = new byte[8];
        assertRejected(IllegalStateException.class, "closed",
                () -> RtmShim.htmRead(region, 0, bytes, 0, 8),
                () -> RtmShim.htmCompareAndSet(region, 0, 0, 1),
                () -> RtmShim.readLocked(region, OWNER, 0, bytes, 0, 8),
                () -> RtmShim.compareAndSetLocked(region, OWNER, 0, 0, 1),
                () -> RtmShim.free(region, OWNER));
    }

    @Test
    void rangesOutsideTheRegionOrTheArrayAreRejected() {
        long region = RtmShim.allocate(64);
        LockWord word = lockWord(region);
        word.lock(OWNER);
        try {
            byte[] bytes = new byte[8];
            int[][] bad = { // offset, arrayOffset, length
                {-1, 0, 8}, {0, 0, -1}, {57, 0, 8}, {Integer.MAX_VALUE, 0, 8}, {8, Integer.MAX_VALUE, 8},
                {0, -1, 8}, {0, 1, 8}, {0, 0, 65}, {64, 0, Integer.MAX_VALUE}};
            for (int[] b : bad) {
                assertRejected(IndexOutOfBoundsException.class, "out of bounds",
                        () -> RtmShim.htmRead(region, b[0], bytes, b[1], b[2]),
                        () -> RtmShim.htmWrite(region, b[0], bytes, b[1], b[2]),
                        () -> RtmShim.readLocked(region, OWNER, b[0], bytes, b[1], b[2]),
                        () -> RtmShim.writeLocked(region, OWNER, b[0], bytes, b[1], b[2]));
            }
            assertRejected(NullPointerException.class, "null",
                    () -> RtmShim.htmWrite(region, 0, null, 0, 8),
                    () -> RtmShim.readLocked(region, OWNER, 0, null, 0, 8));
            assertRejected(IndexOutOfBoundsException.class, "out of bounds",
                    () -> RtmShim.htmCompareAndSet(region, 64, 0, 1),
                    () -> RtmShim.compareAndSetLocked(region, OWNER, -8, 0, 1));
            assertRejected(IllegalArgumentException.class, "multiple of 8",
                    () -> RtmShim.htmCompareAndSet(region, 4, 0, 1),
                    () -> RtmShim.compareAndSetLocked(region, OWNER, 12, 0, 1));
        } finally {
            RtmShim.free(region, OWNER);
        }
    }

    @Test
    void lockedAccessNeedsTheCallerToHoldTheWord() {
        long region = RtmShim.allocate(64);
        try {
            byte[] bytes = new byte[8];
            assertRejected(IllegalMonitorStateException.class, "not by the caller",
                    () -> RtmShim.readLocked(region, OWNER, 0, bytes, 0, 8),
                    () -> RtmShim.writeLocked(region, 0, 0, bytes, 0, 8),
                    () -> RtmShim.compareAndSetLocked(region, OWNER, 0, 0, 1),
                    () -> RtmShim.free(region, OWNER));
            LockWord word = lockWord(region);
            word.lock(OWNER + 1);
            assertRejected(IllegalMonitorStateException.class, "not by the caller",
                    () -> RtmShim.readLocked(region, OWNER, 0, bytes, 0, 8),
                    () -> RtmShim.free(region, OWNER));
            word.unlock(OWNER + 1);
        } finally {
            free(region);
        }
    }

    @Test
    void badSizesAndAFullTableAreRejected() {
        for (int size : new int[] {0, -5, RtmShim.MAX_REGION_SIZE + 1}) {
            assertRejected(IllegalArgumentException.class, "region size", () -> RtmShim.allocate(size));
        }
        List<Long> regions = new ArrayList<>();
        try {
            IllegalStateException full = assertThrows(IllegalStateException.class, () -> {
                while (true) {
                    regions.add(RtmShim.allocate(8));
                }
            });
            assertTrue(full.getMessage().contains("in use"), full.getMessage());
            assertTrue(regions.size() <= RtmShim.MAX_REGIONS && regions.size() > RtmShim.MAX_REGIONS - 64,
                    "table held " + regions.size());
        } finally {
            regions.forEach(ShimBoundaryTest::free);
        }
    }

    @Test
    void aReusedSlotGetsANewGenerationAndTheOldHandleStaysDead() {
        long first = RtmShim.allocate(64);
        free(first);
        long again = RtmShim.allocate(64);
        for (int i = 0; i < RtmShim.MAX_REGIONS && (int) again != (int) first; i++) {
            free(again);
            again = RtmShim.allocate(64);
        }
        long reused = again;
        try {
            assertEquals((int) first, (int) reused, "the slot came round again");
            assertEquals((int) first * RtmShim.LOCK_WORD_STRIDE, RtmShim.lockWordOffset(reused));
            assertTrue(reused != first, "a freed handle must not be issued again");
            assertRejected(IllegalStateException.class, "closed", () -> RtmShim.htmRead(first, 0, new byte[8], 0, 8));
        } finally {
            free(reused);
        }
    }

    private static LockWord lockWord(long region) {
        return new LockWord(RtmShim.lockWords(), RtmShim.lockWordOffset(region));
    }

    private static void free(long region) {
        lockWord(region).lock(OWNER);
        RtmShim.free(region, OWNER);
    }

    private static void assertRejected(Class<? extends Throwable> type, String message, Executable... calls) {
        for (Executable call : calls) {
            Throwable e = assertThrows(type, call);
            assertTrue(e.getMessage().contains(message), () -> "message: " + e.getMessage());
        }
    }
}
