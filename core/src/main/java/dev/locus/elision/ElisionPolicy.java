package dev.locus.elision;

/**
 * Chooses the mode of each attempt of a critical section ([Dice14] §4.2). The library offers
 * only the modes the section is eligible for: HTM if it has an available HTM path, SWOPT if it has
 * an optimistic path and the nesting rules allow it, LOCK always.
 */
public abstract class ElisionPolicy {

    ElisionPolicy() {
    }

    /** Every execution takes the lock: [Dice14]'s "Instrumented" configuration. */
    public static ElisionPolicy lockOnly() {
        return fixed(0, 0);
    }

    /**
     * [Dice14]'s adaptive policy (§4.2), learning per lock which mode progression (LOCK,
     * SWOPT+LOCK, HTM+LOCK, HTM+SWOPT+LOCK) and how many HTM attempts suit each (lock, context),
     * with phases of 1,000 executions and at least 10 ms, each progression measured in three
     * rounds, then grouping retrying optimistic executions ahead of conflicting ones. One instance
     * per lock.
     */
    public static ElisionPolicy adaptive() {
        return adaptive(1_000);
    }

    /**
     * As {@link #adaptive()}, with learning phases that end when a context has completed
     * {@code phaseExecutions} executions in them and at least 10 ms have passed.
     *
     * @throws IllegalArgumentException if {@code phaseExecutions < 1}
     */
    public static ElisionPolicy adaptive(int phaseExecutions) {
        if (phaseExecutions < 1) {
            throw new IllegalArgumentException("phaseExecutions must be >= 1, was " + phaseExecutions);
        }
        return new AdaptivePolicy(phaseExecutions);
    }

    /**
     * [Dice14]'s static policy: up to {@code htmAttempts} attempts in HTM mode where eligible,
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
     * The mode of {@code execution}'s next attempt, given the attempts it has made so far. Must
     * return an eligible mode.
     */
    abstract Mode choose(Execution execution, boolean htmEligible, boolean swoptEligible);

    /**
     * What this policy does now for the executions of {@code granule} that are not nested in another
     * section: which of them it times, and for the others the progression whose first attempt the
     * section makes without an {@link Execution} or a call to this policy ({@link FastPath}). The
     * section continues with the full protocol only if that attempt was an optimistic one that
     * failed, and uses the full protocol from the start where the first attempt would be HTM.
     */
    abstract FastPath fastPath(Granule granule);

    /** Whether {@code fastPath}, which this policy gave, is still what it would give now. */
    abstract boolean isCurrent(FastPath fastPath);

    /**
     * Whether an execution of {@code granule} may take the lock at once, without this policy making
     * it wait in {@link #beforeExclusiveAttempt}; asked by the fast path when its
     * {@link FastPath#groups()} says so.
     */
    boolean locksWithoutWaiting(Granule granule) {
        return true;
    }

    /** Called once by the lock this policy serves; a policy with per-lock state refuses a second lock. */
    void bind(ElidableLock lock) {
    }

    /** An optimistic attempt of {@code execution} failed, and the execution will try again. */
    void optimisticAttemptFailed(Execution execution) {
    }

    /** An attempt of {@code execution} that may run conflicting actions (LOCK or HTM) is about to start; may wait. */
    void beforeExclusiveAttempt(Execution execution) {
    }

    /** What this policy does for {@code granule} now, for reports. */
    String describe(Granule granule) {
        return toString();
    }

    /** {@code execution} ended, by completing the section or by an exception. */
    void completed(Execution execution) {
    }

    /** The static policy. */
    private static final class FixedPolicy extends ElisionPolicy {
        private final int htmAttempts;
        private final int swoptAttempts;
        private final FastPath fastPath;

        FixedPolicy(int htmAttempts, int swoptAttempts) {
            this.htmAttempts = htmAttempts;
            this.swoptAttempts = swoptAttempts;
            Progression progression = htmAttempts > 0
                    ? swoptAttempts > 0 ? Progression.HTM_SWOPT_LOCK : Progression.HTM_LOCK
                    : swoptAttempts > 0 ? Progression.SWOPT_LOCK : Progression.LOCK;
            this.fastPath = new FastPath(null, progression, SampledTimer.SAMPLE_SHIFT, false);
        }

        @Override
        Mode choose(Execution execution, boolean htmEligible, boolean swoptEligible) {
            if (htmEligible && execution.htmTried < htmAttempts) {
                return Mode.HTM;
            }
            if (swoptEligible && execution.swoptTried < swoptAttempts) {
                return Mode.SWOPT;
            }
            return Mode.LOCK;
        }

        @Override
        FastPath fastPath(Granule granule) {
            return fastPath;
        }

        @Override
        boolean isCurrent(FastPath fastPath) {
            return fastPath == this.fastPath;
        }

        @Override
        public String toString() {
            return htmAttempts == 0 && swoptAttempts == 0 ? "lockOnly" : "static[htm=" + htmAttempts + ", swopt=" + swoptAttempts + "]";
        }
    }
}
