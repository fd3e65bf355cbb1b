package dev.locus.htm;

/**
 * The memory behind a {@link NativeRegion} and its lock word: the shim's table
 * ({@link ShimMemory}) or a direct buffer ({@link BufferMemory}). {@link NativeRegion} checks the
 * arguments and the lock discipline first; an {@code owner} is the caller's token in the lock word.
 */
interface RegionMemory {

    int size();

    LockWord lockWord();

    int tryHtmRead(int offset, byte[] dst, int dstOffset, int length);

    int tryHtmWrite(int offset, byte[] src, int srcOffset, int length);

    int tryHtmCompareAndSet(int offset, long expected, long newValue);

    void readLocked(long owner, int offset, byte[] dst, int dstOffset, int length);

    void writeLocked(long owner, int offset, byte[] src, int srcOffset, int length);

    boolean compareAndSetLocked(long owner, int offset, long expected, long newValue);

    /** Maps the range's pages outside any transaction, changing no byte; how many were unmapped. */
    int prefaultLocked(long owner, int offset, int length);

    /** Frees the memory and releases the lock word, which {@code owner} holds. */
    void free(long owner);
}
