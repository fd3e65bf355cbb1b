package dev.locus.htm;

import java.nio.ByteBuffer;

/**
 * The JNI boundary: every native method of the shim ({@code src/native/locus_htm.c}) and the
 * numbers both sides agree on. {@code javac -h} turns this class into the C header, constants
 * included, so the C file compiles against these values rather than copies of them.
 *
 * <p>Call only after {@link NativeHtm#isLoaded()}. Every method validates its arguments in C
 * (handle, owner, offsets, lengths, arrays) and throws on bad input; none takes an address.
 */
final class RtmShim {

    // Status bits 0-5 and 24-31 are the RTM abort status of EAX; the C file asserts they match.
    static final int ABORT_EXPLICIT = 1;
    static final int ABORT_RETRY = 1 << 1;
    static final int ABORT_CONFLICT = 1 << 2;
    static final int ABORT_CAPACITY = 1 << 3;
    static final int ABORT_DEBUG = 1 << 4;
    static final int ABORT_NESTED = 1 << 5;
    static final int ABORT_CODE_SHIFT = 24;
    // Bits 8-12 are the shim's own; RTM leaves bits 6-23 of the abort status zero.
    static final int COMMITTED = 1 << 8;
    static final int NOT_ATTEMPTED = 1 << 9;
    static final int LOCK_HELD = 1 << 10;
    static final int RAN_UNDER_LOCK = 1 << 11;
    static final int VALUE_MISMATCH = 1 << 12;
    /** Explicit abort code: the transaction found the region's lock word held. */
    static final int CODE_LOCK_HELD = 0xff;

    // Bits of cpuidRtm().
    static final int CPUID_LEAF7 = 1;
    static final int CPUID_RTM = 1 << 1;
    static final int CPUID_RTM_ALWAYS_ABORT = 1 << 2;

    /** Regions the native table holds at once. */
    static final int MAX_REGIONS = 4096;
    /** Largest region, in bytes. */
    static final int MAX_REGION_SIZE = 1 << 30;
    /** Bytes between two lock words in {@link #lockWords()}: one cache line each. */
    static final int LOCK_WORD_STRIDE = 64;

    private RtmShim() {
    }

    /** CPUID leaf 7 as the {@code CPUID_*} bits; never executes a transaction. */
    static native int cpuidRtm();

    /**
     * Runs up to {@code attempts} empty transactions if CPUID reports RTM; the first commit enables
     * the HTM entry points. Returns {@link #COMMITTED}, the last abort status, or
     * {@link #NOT_ATTEMPTED} when CPUID reports no RTM (then nothing was executed).
     */
    static native int probeRtm(int attempts);

    /** The table of lock words, {@link #LOCK_WORD_STRIDE} bytes apart; never freed. */
    static native ByteBuffer lockWords();

    /** A zero-filled region of {@code size} bytes; its handle. */
    static native long allocate(int size);

    /** Byte offset of the region's lock word in {@link #lockWords()}. */
    static native int lockWordOffset(long handle);

    /** Frees the region; the caller holds its lock word as {@code owner}, which this releases. */
    static native void free(long handle, long owner);

    /** One transaction copying region bytes into {@code dst}; the status. */
    static native int htmRead(long handle, int offset, byte[] dst, int dstOffset, int length);

    /** One transaction copying {@code src} into the region; the status. */
    static native int htmWrite(long handle, int offset, byte[] src, int srcOffset, int length);

    /** One transaction comparing and setting the native-order long at {@code offset}; the status. */
    static native int htmCompareAndSet(long handle, int offset, long expected, long newValue);

    /** Copies region bytes into {@code dst}; the caller holds the lock word as {@code owner}. */
    static native void readLocked(long handle, long owner, int offset, byte[] dst, int dstOffset, int length);

    /** Copies {@code src} into the region; the caller holds the lock word as {@code owner}. */
    static native void writeLocked(long handle, long owner, int offset, byte[] src, int srcOffset, int length);

    /**
     * Maps every page of the range by touching it outside any transaction, so that the next
     * transaction over it takes no page fault; the caller holds the lock word as {@code owner}.
     * Changes no byte. Returns how many of the range's pages were not mapped before.
     */
    static native int prefaultLocked(long handle, long owner, int offset, int length);

    /** Compares and sets the long at {@code offset}; the caller holds the lock word as {@code owner}. */
    static native boolean compareAndSetLocked(long handle, long owner, int offset, long expected, long newValue);
}
