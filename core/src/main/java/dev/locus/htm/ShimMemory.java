package dev.locus.htm;

import java.nio.ByteBuffer;

/**
 * A region in the shim's native table, named by its handle; every call is checked again in C.
 * The lock word is the table's word for this region, the one its transactions read. Where RTM is
 * unusable the transactional calls answer {@link HtmStatus#NOT_ATTEMPTED} without crossing JNI
 * (C would answer the same, after its checks, at about 40 ns a call).
 */
final class ShimMemory implements RegionMemory {

    private static final boolean RTM = NativeHtm.rtmSupported();

    private final long handle;
    private final int size;
    private final LockWord lockWord;

    private ShimMemory(long handle, int size) {
        this.handle = handle;
        this.size = size;
        this.lockWord = new LockWord(LockWords.TABLE, RtmShim.lockWordOffset(handle));
    }

    /** A zero-filled region; needs the shim loaded. */
    static ShimMemory allocate(int size) {
        return new ShimMemory(RtmShim.allocate(size), size);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public LockWord lockWord() {
        return lockWord;
    }

    @Override
    public int tryHtmRead(int offset, byte[] dst, int dstOffset, int length) {
        return RTM ? RtmShim.htmRead(handle, offset, dst, dstOffset, length) : HtmStatus.NOT_ATTEMPTED;
    }

    @Override
    public int tryHtmWrite(int offset, byte[] src, int srcOffset, int length) {
        return RTM ? RtmShim.htmWrite(handle, offset, src, srcOffset, length) : HtmStatus.NOT_ATTEMPTED;
    }

    @Override
    public int tryHtmCompareAndSet(int offset, long expected, long newValue) {
        return RTM ? RtmShim.htmCompareAndSet(handle, offset, expected, newValue) : HtmStatus.NOT_ATTEMPTED;
    }

    @Override
    public void readLocked(long owner, int offset, byte[] dst, int dstOffset, int length) {
        RtmShim.readLocked(handle, owner, offset, dst, dstOffset, length);
    }

    @Override
    public void writeLocked(long owner, int offset, byte[] src, int srcOffset, int length) {
        RtmShim.writeLocked(handle, owner, offset, src, srcOffset, length);
    }

    @Override
    public boolean compareAndSetLocked(long owner, int offset, long expected, long newValue) {
        return RtmShim.compareAndSetLocked(handle, owner, offset, expected, newValue);
    }

    @Override
    public int prefaultLocked(long owner, int offset, int length) {
        return RtmShim.prefaultLocked(handle, owner, offset, length);
    }

    @Override
    public void free(long owner) {
        RtmShim.free(handle, owner);
    }

    /** The shim's lock-word table, fetched once. */
    private static final class LockWords {
        static final ByteBuffer TABLE = RtmShim.lockWords();
    }
}
