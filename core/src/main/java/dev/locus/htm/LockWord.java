package dev.locus.htm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A test-and-test-and-set spin lock on one aligned 8-byte word of a direct buffer: 0 when free,
 * else the holder's owner token. In the shim's table, hardware transactions read the same word and
 * abort while it is non-zero, so taking it here excludes them.
 */
final class LockWord {

    private static final VarHandle WORD = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int SPINS_BEFORE_YIELD = 64;

    private final ByteBuffer buffer;
    private final int offset;

    LockWord(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.offset = offset;
    }

    boolean tryLock(long owner) {
        return WORD.compareAndSet(buffer, offset, 0L, owner);
    }

    void lock(long owner) {
        for (int spins = 0; holder() != 0 || !tryLock(owner); spins++) {
            backOff(spins);
        }
    }

    /** Returns once the word is free (it may be taken again right after). */
    void awaitFree() {
        for (int spins = 0; holder() != 0; spins++) {
            backOff(spins);
        }
    }

    private static void backOff(int spins) {
        if (spins < SPINS_BEFORE_YIELD) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /** Releases the word; throws if {@code owner} does not hold it. */
    void unlock(long owner) {
        long holder = holder();
        if (holder != owner) {
            throw new IllegalMonitorStateException("region lock is held by " + holderName(holder)
                    + ", not by thread " + owner);
        }
        WORD.setRelease(buffer, offset, 0L);
    }

    /** The owner token of the holder; 0 when free. */
    long holder() {
        return (long) WORD.getAcquire(buffer, offset);
    }

    static String holderName(long holder) {
        return holder == 0 ? "nobody" : "thread " + holder;
    }
}
