package dev.locus.htm;

import java.util.Objects;
import java.util.function.IntSupplier;

/**
 * An off-heap region of bytes guarded by one 8-byte lock word, with critical sections that run as
 * hardware transactions eliding that lock (transactional lock elision) or under the lock itself.
 *
 * <p>Three ways to run an operation:
 * <ul>
 *   <li>{@code tryHtm…}: one hardware transaction that first reads the lock word and aborts while
 *       it is held; returns an {@link HtmStatus} status. Nothing happens unless it committed; where
 *       RTM is unusable no transaction starts and the status is {@link HtmStatus#NOT_ATTEMPTED}.
 *   <li>{@code …Locked}: the caller already holds the lock word ({@link #lock()}); several such
 *       operations make one critical section.
 *   <li>{@link #read}, {@link #write}, {@link #compareAndSet}: transactional attempts while a retry
 *       may succeed (judged from the abort's cause bits; at most 4), then the lock word if none
 *       committed; the operation always completes.
 * </ul>
 * Transactions and lock holders exclude each other through the same word: a transaction reads it
 * first, so a later acquisition aborts the transaction, and an acquisition already made makes it
 * abort at once. A {@code tryHtm…} call makes one attempt: waiting for the lock to be free and
 * retrying are the caller's policy, which reads the status through {@link HtmStatus}.
 *
 * <p>Every page of a region is mapped when it is allocated: a transaction cannot take a page
 * fault (it aborts with status 0 instead, and the page stays unmapped), so the bytes and the lock
 * word are touched before any transaction runs, and again after an unexplained abort.
 *
 * <p>The lock is not reentrant. Longs are 8 bytes at an offset that is a multiple of 8, in native
 * byte order. Offsets and lengths are checked against the region and the arrays; a closed region
 * throws {@link IllegalStateException}. A region is not freed by the garbage collector:
 * {@linkplain #close() close} it. At most 4,096 shim-backed regions are open at once.
 */
/*
 * Implementation notes
 *
 * Overview. The bytes live in a RegionMemory: the shim's table when the shim is loaded
 * (ShimMemory, handle-addressed, every call checked again in C), else a direct buffer
 * (BufferMemory, no transactions). This class checks arguments, enforces the lock discipline and
 * composes the attempt-then-lock operations; the memory does the bytes.
 *
 * Concurrency. The lock word holds 0 or the holder's owner token (its thread id, never 0). Only
 * the holder runs …Locked operations (checked here, and again in C against the word itself, so a
 * Java bug cannot touch bytes that another holder or close() is changing). close() takes the lock
 * word, marks the region closed and hands the word to free(), which frees the bytes and releases
 * the word: no operation runs during close. A thread that was waiting for the word acquires it
 * after close and finds `closed` set, releases the word and throws. In the shim the word may by then
 * belong to a new region in the same slot; holding it for that moment only delays that region's
 * users, and C rejects the stale handle (its generation changed). Transactions need no such care:
 * close's acquisition of the word aborts any that read it, and later ones find the generation
 * changed before they touch the bytes (see src/native/locus_htm.c).
 *
 * Memory ordering. Acquiring the word is a CAS (volatile), releasing it a release store: what a
 * holder wrote, in Java or in C on the same thread, is visible to the next holder. A committed
 * transaction is atomic with respect to holders: it read the word as 0 and any acquisition during
 * the transaction would have aborted it. `closed` is volatile and written under the word.
 *
 * References. [Dice14] §2 (TLE) and §4 (HTM mode: begin a transaction, check that the lock is not
 * held, abort if it is; is_locked after an abort to spot aborts caused by the lock holder).
 */
public final class NativeRegion implements AutoCloseable {

    /** The largest region, in bytes. */
    public static final int MAX_SIZE = RtmShim.MAX_REGION_SIZE;

    private final RegionMemory memory;
    private final LockWord lockWord;
    private volatile boolean closed;

    NativeRegion(RegionMemory memory) {
        this.memory = memory;
        this.lockWord = memory.lockWord();
    }

    /**
     * A zero-filled region of {@code size} bytes, in the shim's table when {@link NativeHtm#isLoaded()},
     * else in a direct buffer.
     *
     * @throws IllegalArgumentException if {@code size} is not in [1, {@link #MAX_SIZE}]
     * @throws IllegalStateException if the shim's table is full
     */
    public static NativeRegion allocate(int size) {
        if (size < 1 || size > MAX_SIZE) {
            throw new IllegalArgumentException("region size must be in [1, " + MAX_SIZE + "], was " + size);
        }
        return new NativeRegion(NativeHtm.isLoaded() ? ShimMemory.allocate(size) : BufferMemory.allocate(size));
    }

    /** The region's size in bytes. */
    public int size() {
        return memory.size();
    }

    /** Acquires the lock word, spinning and then yielding while another thread holds it. */
    public void lock() {
        long owner = checkAcquirable();
        lockWord.lock(owner);
        checkOpenWhileHolding(owner);
    }

    /** Acquires the lock word if it is free; whether it did. */
    public boolean tryLock() {
        long owner = checkAcquirable();
        if (!lockWord.tryLock(owner)) {
            return false;
        }
        checkOpenWhileHolding(owner);
        return true;
    }

    /**
     * Releases the lock word.
     *
     * @throws IllegalMonitorStateException if this thread does not hold it
     */
    public void unlock() {
        lockWord.unlock(owner());
    }

    /** Whether some thread holds the lock word. */
    public boolean isLocked() {
        checkOpen();
        return lockWord.holder() != 0;
    }

    /** Whether this thread holds the lock word. */
    public boolean isHeldByCurrentThread() {
        checkOpen();
        return lockWord.holder() == owner();
    }

    /** One transaction copying {@code length} bytes at {@code offset} into {@code dst}; its status. */
    public int tryHtmRead(int offset, byte[] dst, int dstOffset, int length) {
        checkBytes(offset, dst, dstOffset, length);
        return memory.tryHtmRead(offset, dst, dstOffset, length);
    }

    /** One transaction copying {@code length} bytes of {@code src} to {@code offset}; its status. */
    public int tryHtmWrite(int offset, byte[] src, int srcOffset, int length) {
        checkBytes(offset, src, srcOffset, length);
        return memory.tryHtmWrite(offset, src, srcOffset, length);
    }

    /**
     * One transaction setting the long at {@code offset} to {@code newValue} if it equals
     * {@code expected}; its status, with {@link HtmStatus#VALUE_MISMATCH} if it committed without
     * writing.
     */
    public int tryHtmCompareAndSet(int offset, long expected, long newValue) {
        checkLong(offset);
        return memory.tryHtmCompareAndSet(offset, expected, newValue);
    }

    /** Copies bytes at {@code offset} into {@code dst}; this thread holds the lock word. */
    public void readLocked(int offset, byte[] dst, int dstOffset, int length) {
        checkBytes(offset, dst, dstOffset, length);
        memory.readLocked(checkHeld(), offset, dst, dstOffset, length);
    }

    /** Copies {@code src} bytes to {@code offset}; this thread holds the lock word. */
    public void writeLocked(int offset, byte[] src, int srcOffset, int length) {
        checkBytes(offset, src, srcOffset, length);
        memory.writeLocked(checkHeld(), offset, src, srcOffset, length);
    }

    /** Sets the long at {@code offset} if it equals {@code expected}; whether it did. This thread holds the lock word. */
    public boolean compareAndSetLocked(int offset, long expected, long newValue) {
        checkLong(offset);
        return memory.compareAndSetLocked(checkHeld(), offset, expected, newValue);
    }

    /**
     * {@link #tryHtmRead}, retried while a retry may succeed (judged from the abort's cause bits,
     * at most 4 attempts), then {@link #readLocked} under the lock if none committed; the last status.
     */
    public int read(int offset, byte[] dst, int dstOffset, int length) {
        checkBytes(offset, dst, dstOffset, length);
        return elide(offset, length, () -> memory.tryHtmRead(offset, dst, dstOffset, length), owner -> {
            memory.readLocked(owner, offset, dst, dstOffset, length);
            return 0;
        });
    }

    /** {@link #tryHtmWrite}, retried as {@link #read} is, then {@link #writeLocked} under the lock; the last status. */
    public int write(int offset, byte[] src, int srcOffset, int length) {
        checkBytes(offset, src, srcOffset, length);
        return elide(offset, length, () -> memory.tryHtmWrite(offset, src, srcOffset, length), owner -> {
            memory.writeLocked(owner, offset, src, srcOffset, length);
            return 0;
        });
    }

    /**
     * {@link #tryHtmCompareAndSet}, retried as {@link #read} is, then {@link #compareAndSetLocked}
     * under the lock if none committed; the last status, which {@link HtmStatus#valueMatched} tells whether it wrote.
     */
    public int compareAndSet(int offset, long expected, long newValue) {
        checkLong(offset);
        return elide(offset, Long.BYTES, () -> memory.tryHtmCompareAndSet(offset, expected, newValue),
                owner -> memory.compareAndSetLocked(owner, offset, expected, newValue) ? 0 : HtmStatus.VALUE_MISMATCH);
    }

    /**
     * Waits for the lock word, then frees the region; later calls do nothing. Other threads'
     * operations then throw {@link IllegalStateException}.
     *
     * @throws IllegalStateException if this thread holds the lock word
     */
    @Override
    public void close() {
        long owner = owner();
        if (lockWord.holder() == owner) {
            throw new IllegalStateException("close() while this thread holds the region lock; unlock first");
        }
        lockWord.lock(owner);
        if (closed) {
            lockWord.unlock(owner);
            return;
        }
        closed = true;
        memory.free(owner);
    }

    /**
     * Maps the pages of {@code length} bytes at {@code offset} by touching them under the lock
     * word, outside any transaction, so that a transaction over them takes no page fault (one
     * would abort it with status 0 every time); changes no byte. How many pages were unmapped.
     */
    int prefault(int offset, int length) {
        checkOpen();
        Objects.checkFromIndexSize(offset, length, memory.size());
        long owner = owner();
        if (lockWord.holder() == owner) {
            return memory.prefaultLocked(owner, offset, length);
        }
        lock();
        try {
            return memory.prefaultLocked(owner, offset, length);
        } finally {
            unlock();
        }
    }

    /** How {@link HtmRetry} recovers before retrying an operation on {@code length} bytes at {@code offset}. */
    HtmRetry.Recovery recovery(int offset, int length) {
        return new HtmRetry.Recovery() {
            @Override
            public void touch() {
                prefault(offset, length);
            }

            @Override
            public void awaitUnlocked() {
                lockWord.awaitFree();
            }
        };
    }

    /** Transactional attempts as {@link HtmRetry} allows, then the lock if none committed. */
    private int elide(int offset, int length, IntSupplier attempt, Locked underLock) {
        checkAcquirable(); // a holder would wait for itself to release the word
        int status = HtmRetry.run(attempt, recovery(offset, length));
        if (HtmStatus.isCommitted(status)) {
            return status;
        }
        lock();
        try {
            return status | HtmStatus.RAN_UNDER_LOCK | underLock.run(owner());
        } finally {
            unlock();
        }
    }

    /** An operation run under the lock word, as {@code owner}; extra status bits. */
    @FunctionalInterface
    private interface Locked {
        int run(long owner);
    }

    /** The calling thread's token in the lock word: its id, unique for the JVM's life and never 0. */
    private static long owner() {
        return Thread.currentThread().getId();
    }

    private long checkAcquirable() {
        checkOpen();
        long owner = owner();
        if (lockWord.holder() == owner) {
            throw new IllegalStateException("this thread already holds the region lock; it is not reentrant");
        }
        return owner;
    }

    private void checkOpenWhileHolding(long owner) {
        if (closed) {
            lockWord.unlock(owner);
            throw closedException();
        }
    }

    private long checkHeld() {
        long owner = owner();
        long holder = lockWord.holder();
        if (holder != owner) {
            throw new IllegalMonitorStateException("the calling thread does not hold the region lock (held by "
                    + LockWord.holderName(holder) + ")");
        }
        return owner;
    }

    private void checkOpen() {
        if (closed) {
            throw closedException();
        }
    }

    private static IllegalStateException closedException() {
        return new IllegalStateException("region is closed");
    }

    private void checkBytes(int offset, byte[] array, int arrayOffset, int length) {
        checkOpen();
        Objects.requireNonNull(array, "array");
        Objects.checkFromIndexSize(offset, length, memory.size());
        Objects.checkFromIndexSize(arrayOffset, length, array.length);
    }

    private void checkLong(int offset) {
        checkOpen();
        Objects.checkFromIndexSize(offset, Long.BYTES, memory.size());
        if (offset % Long.BYTES != 0) {
            throw new IllegalArgumentException("long offset must be a multiple of 8, was " + offset);
        }
    }
}
