package dev.locus.htm;

import java.util.function.IntSupplier;

/**
 * The bounded retry policy of a transactional operation: at most {@link #MAX_ATTEMPTS} attempts,
 * each retry only when {@link AbortKind#retryMaySucceed()}, after what that kind needs — wait for
 * the lock word to be free, touch the range outside a transaction (at most once: a second
 * unexplained abort after touching is no page fault, and a retry will not succeed), or nothing.
 */
final class HtmRetry {

    /** Attempts of one operation before its caller falls back to the lock. */
    static final int MAX_ATTEMPTS = 4;

    private HtmRetry() {
    }

    /** What {@link #run} does before a retry. */
    interface Recovery {

        /** Maps the operation's pages by touching them outside any transaction. */
        void touch();

        /** Returns once the lock word is free. */
        void awaitUnlocked();
    }

    /** Runs {@code attempt} until it commits or a retry cannot succeed, within the bound; the last status. */
    static int run(IntSupplier attempt, Recovery recovery) {
        int status = attempt.getAsInt();
        boolean touched = false;
        for (int attempts = 1; attempts < MAX_ATTEMPTS && !HtmStatus.isCommitted(status); attempts++) {
            if (!prepare(status, touched, recovery)) {
                return status;
            }
            touched |= AbortKind.of(status) == AbortKind.UNEXPLAINED;
            status = attempt.getAsInt();
        }
        return status;
    }

    /**
     * Prepares a retry of an attempt that ended with {@code status}, {@code touched} telling
     * whether its range was already touched after an unexplained abort; whether a retry may succeed.
     */
    static boolean prepare(int status, boolean touched, Recovery recovery) {
        switch (AbortKind.of(status)) {
            case TRANSIENT -> Thread.onSpinWait();
            case LOCK_HELD -> recovery.awaitUnlocked();
            case UNEXPLAINED -> {
                if (touched) {
                    return false;
                }
                recovery.touch();
            }
            case PERMANENT -> {
                return false;
            }
        }
        return true;
    }
}
