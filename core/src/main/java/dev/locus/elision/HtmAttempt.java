package dev.locus.elision;

/**
 * The outcome of one hardware-transactional attempt of a critical section: its value if it
 * committed, else the abort status the hardware reported (on x86, RTM's EAX bits), which ALE
 * records and a policy may learn from.
 *
 * @param committed whether the transaction committed
 * @param value the critical section's result; null unless committed
 * @param abortStatus the hardware's abort status; 0 when committed
 */
public record HtmAttempt<T>(boolean committed, T value, int abortStatus) {

    /** A committed attempt with result {@code value}. */
    public static <T> HtmAttempt<T> committed(T value) {
        return new HtmAttempt<>(true, value, 0);
    }

    /** An aborted attempt with the hardware's {@code status}. */
    public static <T> HtmAttempt<T> aborted(int status) {
        return new HtmAttempt<>(false, null, status);
    }
}
