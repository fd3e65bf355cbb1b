package dev.locus.elision;

/**
 * Chooses the mode of each attempt of a critical section (paper 003 §4.2). The library offers
 * only the modes the section is eligible for: HTM if it has an available HTM path, SWOPT if it has
 * an optimistic path and the nesting rules allow it, LOCK always.
 */
public abstract class ElisionPolicy {

    ElisionPolicy() {
    }

    /** Every execution takes the lock: paper 003's "Instrumented" configuration. */
    public static ElisionPolicy lockOnly() {
        return fixed(0, 0);
    }

    /**
     * Paper 003's static policy: up to {@code htmAttempts} attempts in HTM mode where eligible,
     * then up to {@code swoptAttempts} in SWOPT mode where eligible, then the lock.
     *
     * @throws IllegalArgumentException if either is negative
     */
    public static ElisionPolicy fixed(int htmAttempts, int swoptAttempts) {
        if (htmAttempts < 0 || swoptAttempts < 0) {
            throw new IllegalArgumentException("attempts must be >= 0, were " + htmAttempts + " and " + swoptAttempts);
        }
        return new FixedPolicy(htmAttempts, swoptAttempts);
    }

    /**
     * The mode of the next attempt of an execution in {@code granule} that has made
     * {@code htmTried} HTM and {@code swoptTried} SWOPT attempts so far. Must return an eligible mode.
     */
    abstract Mode choose(Granule granule, int htmTried, int swoptTried, boolean htmEligible, boolean swoptEligible);

    /** The static policy. */
    private static final class FixedPolicy extends ElisionPolicy {
        private final int htmAttempts;
        private final int swoptAttempts;

        FixedPolicy(int htmAttempts, int swoptAttempts) {
            this.htmAttempts = htmAttempts;
            this.swoptAttempts = swoptAttempts;
        }

        @Override
        Mode choose(Granule granule, int htmTried, int swoptTried, boolean htmEligible, boolean swoptEligible) {
            if (htmEligible && htmTried < htmAttempts) {
                return Mode.HTM;
            }
            if (swoptEligible && swoptTried < swoptAttempts) {
                return Mode.SWOPT;
            }
            return Mode.LOCK;
        }

        @Override
        public String toString() {
            return htmAttempts == 0 && swoptAttempts == 0 ? "lockOnly" : "static[htm=" + htmAttempts + ", swopt=" + swoptAttempts + "]";
        }
    }
}
