package dev.locus.htm;

/**
 * What an aborted transaction's status says about retrying it: whether a retry may succeed, and
 * what to do first. Decoded from the RTM abort bits of an {@link HtmStatus} status only, so a
 * policy can classify every abort without allocating.
 */
enum AbortKind {

    /** The processor set the retry bit, or another processor touched the data: retry may succeed. */
    TRANSIENT(true),
    /** The region's lock word was held: retry may succeed once it is free; wait for that first. */
    LOCK_HELD(true),
    /**
     * No cause bit (status 0): an interrupt, or a page fault, which a transaction does not take
     * (it aborts and the page stays unmapped, every time). A retry may succeed after the range is
     * touched outside a transaction; if it aborts with status 0 again, it will not.
     */
    UNEXPLAINED(true),
    /**
     * The transaction outgrew the processor's buffers, aborted itself with a code other than
     * {@link HtmStatus#CODE_LOCK_HELD}, hit a breakpoint or a nested transaction, or never started:
     * retrying the same way will never succeed.
     */
    PERMANENT(false);

    private final boolean retryMaySucceed;

    AbortKind(boolean retryMaySucceed) {
        this.retryMaySucceed = retryMaySucceed;
    }

    /** Whether retrying the same transaction may succeed. */
    public boolean retryMaySucceed() {
        return retryMaySucceed;
    }

    /**
     * The kind of an abort; a status of {@linkplain HtmStatus#isNotAttempted no attempt} is
     * {@link #PERMANENT}.
     *
     * @throws IllegalArgumentException if {@code status} committed
     */
    public static AbortKind of(int status) {
        if (HtmStatus.isCommitted(status)) {
            throw new IllegalArgumentException("not an abort: " + HtmStatus.describe(status));
        }
        if (HtmStatus.isNotAttempted(status)) {
            return PERMANENT;
        }
        if (HtmStatus.isLockHeld(status)) {
            return LOCK_HELD;
        }
        if (HtmStatus.isCapacity(status) || HtmStatus.isExplicitAbort(status)
                || (status & (RtmShim.ABORT_DEBUG | RtmShim.ABORT_NESTED)) != 0) {
            return PERMANENT;
        }
        if (HtmStatus.mayRetry(status) || HtmStatus.isConflict(status)) {
            return TRANSIENT;
        }
        return UNEXPLAINED;
    }
}
