package dev.locus.htm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A region in a direct buffer, for when the shim is not loaded: no transactions (every attempt is
 * {@link HtmStatus#NOT_ATTEMPTED}), every operation under the lock word, which lives in a small
 * buffer of its own.
 */
final class BufferMemory implements RegionMemory {

    private final ByteBuffer data;
    private final LockWord lockWord;

    private BufferMemory(int size) {
        this.data = ByteBuffer.allocateDirect(size).order(ByteOrder.nativeOrder());
        this.lockWord = new LockWord(ByteBuffer.allocateDirect(2 * Long.BYTES).alignedSlice(Long.BYTES), 0);
    }

    /** A zero-filled region. */
    static BufferMemory allocate(int size) {
        return new BufferMemory(size);
    }

    @Override
    public int size() {
        return data.capacity();
    }

    @Override
    public LockWord lockWord() {
        return lockWord;
    }

    @Override
    public int tryHtmRead(int offset, byte[] dst, int dstOffset, int length) {
        return HtmStatus.NOT_ATTEMPTED;
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
        data.get(offset, dst, dstOffset, length);
    }

    @Override
    public void writeLocked(long owner, int offset, byte[] src, int srcOffset, int length) {
        data.put(offset, src, srcOffset, length);
    }

    @Override
    public boolean compareAndSetLocked(long owner, int offset, long expected, long newValue) {
        if (data.getLong(offset) != expected) {
            return false;
        }
        data.putLong(offset, newValue);
        return true;
    }

    @Override
    public int prefaultLocked(long owner, int offset, int length) {
        return 0; // allocateDirect zero-filled, so mapped, every page; and no transaction runs here
    }

    @Override
    public void free(long owner) {
        lockWord.unlock(owner);
    }
}
