package dev.locus.htm;

/**
 * The region operations one attempt of a {@link RegionHtmPath} may run, each a hardware
 * transaction of its own that elides the region's lock word. The first operation that does not
 * commit ends the attempt: it and every later operation return {@code false} without effect, and
 * the attempt reports that operation's status, so the section's body should return as soon as one
 * returns {@code false}. Confined to the thread running the attempt.
 *
 * <p>Each operation is atomic; an attempt of several is not, as a whole: Java code runs between
 * them, outside any transaction. A body that reads twice checks what the second read found
 * against the first and calls {@link #changed()} if a writer got in between.
 *
 * <p>After an abort with no cause bits ({@link AbortKind#UNEXPLAINED}), possibly a page fault,
 * which a transaction cannot take, the operation maps its pages outside the transaction (briefly
 * taking the lock word) so that the next attempt does not fault again.
 */
public final class RegionTransaction {

    /** The status an attempt reports after {@link #changed()}: a conflict, retry may succeed. */
    public static final int CHANGED = RtmShim.ABORT_CONFLICT;

    private final NativeRegion region;
    private int status = HtmStatus.COMMITTED;

    RegionTransaction(NativeRegion region) {
        this.region = region;
    }

    /** One transaction copying {@code length} region bytes at {@code offset} into {@code dst}; whether it committed. */
    public boolean read(int offset, byte[] dst, int dstOffset, int length) {
        return !aborted() && record(region.tryHtmRead(offset, dst, dstOffset, length), offset, length);
    }

    /** One transaction copying {@code length} bytes of {@code src} to {@code offset}; whether it committed. */
    public boolean write(int offset, byte[] src, int srcOffset, int length) {
        return !aborted() && record(region.tryHtmWrite(offset, src, srcOffset, length), offset, length);
    }

    /** Ends the attempt as aborted with status {@link #CHANGED}: the data changed between two operations. Returns false. */
    public boolean changed() {
        if (!aborted()) {
            status = CHANGED;
        }
        return false;
    }

    /** Whether an operation of this attempt did not commit. */
    public boolean aborted() {
        return !HtmStatus.isCommitted(status);
    }

    /** {@link HtmStatus#COMMITTED} while every operation committed, else the status that ended the attempt. */
    public int status() {
        return status;
    }

    private boolean record(int result, int offset, int length) {
        if (HtmStatus.isCommitted(result)) {
            return true;
        }
        status = result;
        if (AbortKind.of(result) == AbortKind.UNEXPLAINED) {
            region.prefault(offset, length);
        }
        return false;
    }
}
