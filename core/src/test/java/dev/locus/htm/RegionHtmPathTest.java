package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.HtmAttempt;
import dev.locus.elision.Mode;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The library's HTM path over a region, through an ElidableLock: on every machine the section's
 * results are right; where RTM is unusable it runs its lock path and never attempts HTM, where RTM
 * is usable its transactions commit.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RegionHtmPathTest {

    private static final int VALUE = RegionWorkloads.VALUE_BYTES;

    @Test
    void aReadSectionReturnsTheRegionsValueOnWhicheverPathRuns() {
        try (NativeRegion region = NativeRegion.allocate(VALUE)) {
            byte[] value = RegionWorkloads.checksummed(new byte[VALUE]);
            region.write(0, value, 0, VALUE);
            ElidableLock lock = ElidableLock.builder("region", RegionLockApi.of(region))
                    .policy(ElisionPolicy.fixed(2, 0)).build();
            CriticalSection<Void, byte[]> read = readSection(lock, region);

            for (int i = 0; i < 100; i++) {
                assertArrayEquals(value, read.call());
            }

            GranuleReport row = lock.report().rows().get(0);
            assertEquals(100, row.executions());
            if (NativeHtm.rtmSupported()) {
                assertTrue(row.mode(Mode.HTM).successes() > 0, row.toString());
            } else {
                assertEquals(0, row.mode(Mode.HTM).attempts(), "an unavailable HTM path is never attempted");
                assertEquals(100, row.mode(Mode.LOCK).successes());
            }
        }
    }

    @Test
    void readersNeverSeeAWriteHalfDone() throws InterruptedException {
        try (NativeRegion region = NativeRegion.allocate(VALUE)) {
            region.write(0, RegionWorkloads.checksummed(new byte[VALUE]), 0, VALUE);
            ElidableLock lock = ElidableLock.builder("region", RegionLockApi.of(region))
                    .policy(ElisionPolicy.fixed(3, 0)).build();
            CriticalSection<Void, byte[]> read = readSection(lock, region);
            AtomicLong torn = new AtomicLong();
            RegionWorkloads.run(4, thread -> {
                byte[] value = new byte[VALUE];
                CriticalSection<Void, Void> write = lock.section("write", () -> {
                    region.writeLocked(0, value, 0, VALUE);
                    return null;
                });
                for (int i = 0; i < 5_000; i++) {
                    if (thread % 2 == 0) {
                        ThreadLocalRandom.current().nextBytes(value);
                        RegionWorkloads.checksummed(value);
                        write.call();
                    } else if (!RegionWorkloads.checksumMatches(read.call())) {
                        torn.incrementAndGet();
                    }
                }
            });
            assertEquals(0, torn.get());
        }
    }

    @Test
    void theFirstOperationThatDoesNotCommitEndsTheAttempt() {
        try (NativeRegion region = NativeRegion.allocate(VALUE)) {
            byte[] into = new byte[8];
            HtmAttempt<String> attempt = RegionHtmPath.<Void, String>of(region, (ignored, tx) -> {
                boolean first = tx.read(0, into, 0, 8);
                boolean second = tx.write(8, into, 0, 8);
                return first + "," + second;
            }).attempt(null);
            if (NativeHtm.rtmSupported()) {
                assertTrue(attempt.committed(), HtmStatus.describe(attempt.abortStatus()));
                assertEquals("true,true", attempt.value());
            } else {
                assertFalse(attempt.committed());
                assertTrue(HtmStatus.isNotAttempted(attempt.abortStatus()), HtmStatus.describe(attempt.abortStatus()));
                assertNull(attempt.value());
            }
        }
    }

    @Test
    void aChangeSeenBetweenOperationsAbortsAsAConflictAndABodyWithoutOperationsCommits() {
        try (NativeRegion region = NativeRegion.allocate(VALUE)) {
            HtmAttempt<Boolean> changed = RegionHtmPath.<Void, Boolean>of(region, (ignored, tx) -> tx.changed()).attempt(null);
            assertFalse(changed.committed());
            assertEquals(RegionTransaction.CHANGED, changed.abortStatus());
            assertEquals(AbortKind.TRANSIENT, AbortKind.of(changed.abortStatus()));

            HtmAttempt<String> none = RegionHtmPath.<Void, String>of(region, (ignored, tx) -> "nothing to do").attempt(null);
            assertTrue(none.committed());
            assertEquals("nothing to do", none.value());
        }
    }

    /** A section reading the region's value: under the lock word, or in one transaction. */
    private static CriticalSection<Void, byte[]> readSection(ElidableLock lock, NativeRegion region) {
        return lock.section("read", () -> {
            byte[] value = new byte[VALUE];
            region.readLocked(0, value, 0, VALUE);
            return value;
        }).withHtm(RegionHtmPath.of(region, (ignored, tx) -> {
            byte[] value = new byte[VALUE];
            return tx.read(0, value, 0, VALUE) ? value : null;
        }));
    }
}
