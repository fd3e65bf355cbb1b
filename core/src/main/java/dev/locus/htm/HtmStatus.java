package dev.locus.htm;

/**
 * Decodes the {@code int} status that {@link NativeRegion}'s transactional operations return, so a
 * policy can learn from every attempt without allocating.
 *
 * <p>A status is exactly one of: {@linkplain #isCommitted committed} (the hardware transaction
 * did the operation), {@linkplain #isNotAttempted not attempted} (no transaction was started:
 * RTM is unusable here, see {@link NativeHtm#rtmUnavailableReason()}), or
 * {@linkplain #isAborted aborted}, with the processor's abort bits ({@linkplain #isConflict
 * conflict}, {@linkplain #isCapacity capacity}, {@linkplain #mayRetry retry possible},
 * {@linkplain #isExplicitAbort explicit} with an {@linkplain #explicitCode code}). An abort with
 * none of those bits set happened for another reason (an interrupt, a page fault, an instruction
 * that transactions do not allow). Operations that fall back to the lock add
 * {@link #RAN_UNDER_LOCK} to the status of their attempt.
 *
 * <p>Bits 0-5 and 24-31 are those of the RTM abort status in EAX (Intel SDM vol. 1, ch. 16).
 */
public final class HtmStatus {

    /** The transaction committed: the operation took effect. */
    public static final int COMMITTED = RtmShim.COMMITTED;
    /** No transaction was started, because RTM is not usable on this machine or the shim is absent. */
    public static final int NOT_ATTEMPTED = RtmShim.NOT_ATTEMPTED;
    /** The region's lock word was held right after the abort: the lock holder probably caused it. */
    public static final int LOCK_HELD = RtmShim.LOCK_HELD;
    /** The operation ran under the region's lock word after the transactional attempt. */
    public static final int RAN_UNDER_LOCK = RtmShim.RAN_UNDER_LOCK;
    /** A completed compare-and-set found another value and wrote nothing. */
    public static final int VALUE_MISMATCH = RtmShim.VALUE_MISMATCH;
    /** The explicit abort code of a transaction that found the region's lock word held. */
    public static final int CODE_LOCK_HELD = RtmShim.CODE_LOCK_HELD;

    private static final int ABORT_CODE_MASK = 0xff;

    private HtmStatus() {
    }

    /** Whether a hardware transaction committed. */
    public static boolean isCommitted(int status) {
        return (status & COMMITTED) != 0;
    }

    /** Whether no transaction was started. */
    public static boolean isNotAttempted(int status) {
        return (status & NOT_ATTEMPTED) != 0;
    }

    /** Whether a transaction was started and aborted. */
    public static boolean isAborted(int status) {
        return (status & (COMMITTED | NOT_ATTEMPTED)) == 0;
    }

    /** Whether the transaction aborted itself with {@code XABORT}; see {@link #explicitCode}. */
    public static boolean isExplicitAbort(int status) {
        return isAborted(status) && (status & RtmShim.ABORT_EXPLICIT) != 0;
    }

    /** The code of an explicit abort, 0 to 255; meaningful only if {@link #isExplicitAbort}. */
    public static int explicitCode(int status) {
        return (status >>> RtmShim.ABORT_CODE_SHIFT) & ABORT_CODE_MASK;
    }

    /** Whether another processor touched the transaction's data. */
    public static boolean isConflict(int status) {
        return isAborted(status) && (status & RtmShim.ABORT_CONFLICT) != 0;
    }

    /** Whether the transaction outgrew the processor's buffers; retrying the same way rarely helps. */
    public static boolean isCapacity(int status) {
        return isAborted(status) && (status & RtmShim.ABORT_CAPACITY) != 0;
    }

    /** Whether the processor says the transaction may succeed on a retry. */
    public static boolean mayRetry(int status) {
        return isAborted(status) && (status & RtmShim.ABORT_RETRY) != 0;
    }

    /**
     * Whether the abort is explained by the lock: the transaction found the lock word held, or the
     * word was held right after the abort ([Dice14] §4 weighs such aborts lightly).
     */
    public static boolean isLockHeld(int status) {
        return isAborted(status) && ((status & LOCK_HELD) != 0
                || (isExplicitAbort(status) && explicitCode(status) == CODE_LOCK_HELD));
    }

    /** Whether the operation ran under the lock word after its attempt. */
    public static boolean ranUnderLock(int status) {
        return (status & RAN_UNDER_LOCK) != 0;
    }

    /** Whether the operation took effect, in a transaction or under the lock. */
    public static boolean isCompleted(int status) {
        return isCommitted(status) || ranUnderLock(status);
    }

    /** Whether a compare-and-set completed and found the expected value (so it wrote). */
    public static boolean valueMatched(int status) {
        return isCompleted(status) && (status & VALUE_MISMATCH) == 0;
    }

    /** The status in words, for logs and test messages: e.g. {@code "aborted(conflict, retry)"}. */
    public static String describe(int status) {
        StringBuilder text = new StringBuilder();
        if (isCommitted(status)) {
            text.append("committed");
        } else if (isNotAttempted(status)) {
            text.append("not attempted");
        } else {
            text.append("aborted(");
            appendIf(text, isExplicitAbort(status), "explicit 0x" + Integer.toHexString(explicitCode(status)));
            appendIf(text, isConflict(status), "conflict");
            appendIf(text, isCapacity(status), "capacity");
            appendIf(text, mayRetry(status), "retry");
            appendIf(text, (status & RtmShim.ABORT_DEBUG) != 0, "debug");
            appendIf(text, (status & RtmShim.ABORT_NESTED) != 0, "nested");
            appendIf(text, (status & LOCK_HELD) != 0, "lock held");
            if (text.charAt(text.length() - 1) == '(') {
                text.append("other");
            }
            text.append(')');
        }
        if (ranUnderLock(status)) {
            text.append(", ran under lock");
        }
        if ((status & VALUE_MISMATCH) != 0) {
            text.append(", value mismatch");
        }
        return text.toString();
    }

    private static void appendIf(StringBuilder text, boolean condition, String word) {
        if (condition) {
            text.append(text.charAt(text.length() - 1) == '(' ? "" : ", ").append(word);
        }
    }
}
