package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * NativeRegion's attempt-then-lock operations over a memory whose transactions answer scripted
 * statuses (bytes in a direct buffer): what they retry, when they touch the range, and that they
 * fall back to the lock as before. Runs without RTM.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RegionRetryTest {

    /** A buffer-backed memory whose transactional reads answer the script, the last status forever. */
    private static final class ScriptedMemory implements RegionMemory {
        private final BufferMemory bytes = BufferMemory.allocate(64);
        private final int[] script;
        int attempts;
        int prefaults;

        ScriptedMemory(int... script) {
            this.script = script;
        }

        @Override
        public int size() {
            return bytes.size();
        }

        @Override
        public LockWord lockWord() {
            return bytes.lockWord();
        }

        @Override
        public int tryHtmRead(int offset, byte[] dst, int dstOffset, int length) {
            return script[Math.min(attempts++, script.length - 1)];
        }

        @Override
        public int tryHtmWrite(int offset, byte[] src, int srcOffset, int length) {
            return HtmStatus.NOT_ATTEMPTED;
        }

        @Override
        public int tryHtmCompareAndSet(int offset, long expected, long newValue) {
            return HtmStatus.NOT_ATTEMPTED;
        }

        @Override
        public void readLocked(long owner, int offset, byte[] dst, int dstOffset, int length) {
            bytes.readLocked(owner, offset, dst, dstOffset, length);
        }

        @Override
        public void writeLocked(long owner, int offset, byte[] src, int srcOffset, int length) {
            bytes.writeLocked(owner, offset, src, srcOffset, length);
        }

        @Override
        public boolean compareAndSetLocked(long owner, int offset, long expected, long newValue) {
            return bytes.compareAndSetLocked(owner, offset, expected, newValue);
        }

        @Override
        public int prefaultLocked(long owner, int offset, int length) {
            assertEquals(owner, lockWord().holder(), "touched under the lock word");
            prefaults++;
            return 0;
        }

        @Override
        public void free(long owner) {
            bytes.free(owner);
        }
    }

    @Test
    void aZeroStatusAbortIsRetriedAfterTouchingTheRangeUnderTheLock() {
        ScriptedMemory memory = new ScriptedMemory(0, HtmStatus.COMMITTED);
        try (NativeRegion region = new NativeRegion(memory)) {
            int status = region.read(0, new byte[8], 0, 8);
            assertTrue(HtmStatus.isCommitted(status), HtmStatus.describe(status));
            assertEquals(2, memory.attempts);
            assertEquals(1, memory.prefaults);
            assertFalse(region.isLocked());
        }
    }

    @Test
    void anAbortThatCannotSucceedFallsBackToTheLockAtOnce() {
        ScriptedMemory memory = new ScriptedMemory(RtmShim.ABORT_CAPACITY);
        try (NativeRegion region = new NativeRegion(memory)) {
            byte[] value = {1, 2, 3, 4, 5, 6, 7, 8};
            region.lock();
            region.writeLocked(0, value, 0, 8);
            region.unlock();

            byte[] back = new byte[8];
            int status = region.read(0, back, 0, 8);
            assertEquals(1, memory.attempts);
            assertTrue(HtmStatus.isCapacity(status) && HtmStatus.ranUnderLock(status), HtmStatus.describe(status));
            assertArrayEquals(value, back);
        }
    }

    @Test
    void theHolderOfTheLockWordIsRefusedRatherThanWaitingForItself() {
        ScriptedMemory memory = new ScriptedMemory(RtmShim.ABORT_EXPLICIT | HtmStatus.CODE_LOCK_HELD << RtmShim.ABORT_CODE_SHIFT);
        try (NativeRegion region = new NativeRegion(memory)) {
            region.lock();
            try {
                assertThrows(IllegalStateException.class, () -> region.read(0, new byte[8], 0, 8));
            } finally {
                region.unlock();
            }
        }
    }

    @Test
    void aHeldLockWordIsWaitedOutThenTheTransactionIsRetried() throws InterruptedException {
        ScriptedMemory memory = new ScriptedMemory(RtmShim.ABORT_EXPLICIT | HtmStatus.CODE_LOCK_HELD << RtmShim.ABORT_CODE_SHIFT,
                HtmStatus.COMMITTED);
        try (NativeRegion region = new NativeRegion(memory)) {
            int[] status = new int[1];
            region.lock();
            Thread reader = new Thread(() -> status[0] = region.read(0, new byte[8], 0, 8));
            reader.start();
            Thread.sleep(50);
            region.unlock();
            reader.join();
            assertTrue(HtmStatus.isCommitted(status[0]), HtmStatus.describe(status[0]));
            assertEquals(2, memory.attempts);
        }
    }

    @Test
    void repeatedZeroStatusAbortsEndAfterOneTouchThenTakeTheLock() {
        ScriptedMemory memory = new ScriptedMemory(0);
        try (NativeRegion region = new NativeRegion(memory)) {
            int status = region.read(0, new byte[8], 0, 8);
            assertEquals(2, memory.attempts);
            assertEquals(1, memory.prefaults);
            assertTrue(HtmStatus.ranUnderLock(status), HtmStatus.describe(status));
        }
    }
}
