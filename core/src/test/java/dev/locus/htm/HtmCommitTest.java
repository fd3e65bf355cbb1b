package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.function.IntSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hardware transactions where the processor has RTM: they commit, they find a held lock word and
 * abort, and they exclude lock holders. Skipped, with the reason, on machines without RTM.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a broken lock spins; fail, do not hang
class HtmCommitTest {

    @BeforeEach
    void needsRtm() {
        assumeTrue(NativeHtm.rtmSupported(), () -> "no hardware transactions here: "
                + NativeHtm.rtmUnavailableReason().orElse(""));
    }

    @Test
    void anUncontendedTransactionCommits() {
        try (NativeRegion region = NativeRegion.allocate(128)) {
            byte[] value = RegionWorkloads.checksummed(new byte[RegionWorkloads.VALUE_BYTES]);
            byte[] back = new byte[value.length];

            int write = retried(() -> region.tryHtmWrite(64, value, 0, value.length));
            int read = retried(() -> region.tryHtmRead(64, back, 0, back.length));
            int cas = retried(() -> region.tryHtmCompareAndSet(0, 0, 5));
            int miss = retried(() -> region.tryHtmCompareAndSet(0, 0, 6));

            assertTrue(HtmStatus.isCommitted(write), HtmStatus.describe(write));
            assertTrue(HtmStatus.isCommitted(read), HtmStatus.describe(read));
            assertArrayEquals(value, back);
            assertTrue(HtmStatus.valueMatched(cas), HtmStatus.describe(cas));
            assertFalse(HtmStatus.valueMatched(miss), HtmStatus.describe(miss));
        }
    }

    @Test
    void aHeldLockWordAbortsTheTransactionAndItChangesNothing() throws Exception {
        try (NativeRegion region = NativeRegion.allocate(64)) {
            region.lock();
            try {
                int status = region.tryHtmWrite(0, new byte[] {1}, 0, 1);
                assertTrue(HtmStatus.isLockHeld(status), HtmStatus.describe(status));
                assertFalse(HtmStatus.isCommitted(status));
            } finally {
                region.unlock();
            }
            byte[] back = new byte[1];
            region.read(0, back, 0, 1);
            assertEquals(0, back[0]);
        }
    }

    @Test
    void transactionsAndLockHoldersExcludeEachOther() throws InterruptedException {
        try (NativeRegion region = NativeRegion.allocate(64)) {
            // Half the threads increment in transactions (falling back on abort), half under the lock.
            assertEquals(4L * 10_000, RegionWorkloads.countConcurrently(region, 4, 10_000));
        }
        try (NativeRegion region = NativeRegion.allocate(RegionWorkloads.VALUE_BYTES)) {
            assertEquals(0, RegionWorkloads.tornReads(region, RegionWorkloads.VALUE_BYTES, 2, 2, 10_000));
        }
    }

    /** Up to 100 attempts of a transaction that can abort for passing reasons (interrupts, faults). */
    private static int retried(IntSupplier attempt) {
        int status = attempt.getAsInt();
        for (int i = 0; i < 100 && !HtmStatus.isCommitted(status); i++) {
            status = attempt.getAsInt();
        }
        return status;
    }
}
