package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pre-faulting through the shim (needs it loaded, not RTM): a transaction cannot take a page fault,
 * so every page of a region must be mapped before the first one, and touching the pages again after
 * a zero-status abort must change no byte.
 */
class RegionPrefaultTest {

    /** Past glibc's mmap threshold (128 KiB): fresh pages that only a touch maps. */
    private static final int SIZE = 4 << 20;

    @BeforeEach
    void needsTheShim() {
        assumeTrue(NativeHtm.isLoaded(), () -> "shim not loaded: " + NativeHtm.unavailableReason().orElse(""));
    }

    @Test
    void everyPageOfANewRegionIsAlreadyMapped() {
        try (NativeRegion region = NativeRegion.allocate(SIZE)) {
            assertEquals(0, region.prefault(0, SIZE), "pages a first transaction would fault on");
        }
    }

    @Test
    void touchingChangesNoByteAndLeavesTheLockFree() {
        try (NativeRegion region = NativeRegion.allocate(SIZE)) {
            byte[] value = new byte[3 * 4096 + 17];
            ThreadLocalRandom.current().nextBytes(value);
            region.write(4000, value, 0, value.length);

            assertEquals(0, region.prefault(4000, value.length));
            assertEquals(0, region.prefault(SIZE, 0), "an empty range at the end touches nothing");
            byte[] back = new byte[value.length];
            region.read(4000, back, 0, back.length);
            assertArrayEquals(value, back);
            assertFalse(region.isLocked());
        }
    }

    @Test
    void aRangeOutsideTheRegionOrAClosedRegionIsRejected() {
        NativeRegion region = NativeRegion.allocate(64);
        assertThrows(IndexOutOfBoundsException.class, () -> region.prefault(32, 64));
        region.close();
        assertThrows(IllegalStateException.class, () -> region.prefault(0, 8));
    }
}
