package dev.locus.elision;

/**
 * What a policy has decided for the untimed, unnested executions of one granule, kept in the
 * granule so that such an execution reads one field instead of asking the policy: the progression
 * whose first attempt it makes without an {@link Execution}, and which share of executions is
 * timed instead (and so runs the full protocol, where the policy sees it).
 *
 * <p>A granule's fast path is refreshed by the full protocol when its policy no longer
 * {@linkplain ElisionPolicy#isCurrent recognizes} it, e.g. after the adaptive policy has moved to
 * another phase. Until then executions keep the older decision: at most about as many as one timed
 * execution in {@code 2^(32 - sampleShift)} takes to come round (8 while learning, 1,024 once done),
 * which runs them in the mode of the phase before, unrecorded by the new one.
 *
 * @param stamp what the policy decided from (its identity, or the adaptive policy's phase)
 * @param progression the modes the first attempt is taken from, in their order; null when every
 *     execution is timed and runs the full protocol
 * @param sampleShift an execution is timed when its random bits shifted right by this are 0
 * @param groups whether a first attempt in LOCK mode must first ask the policy whether it would
 *     wait for retrying optimists ({@link ElisionPolicy#locksWithoutWaiting})
 */
record FastPath(Object stamp, Progression progression, int sampleShift, boolean groups) {

    /** A granule's fast path before its policy first decided: every execution runs the full protocol. */
    static final FastPath UNDECIDED = new FastPath(null, null, 0, false);

    /** Whether the execution with these random bits is timed, and so runs the full protocol. */
    boolean timed(int random) {
        return progression == null || random >>> sampleShift == 0;
    }

    /**
     * The mode of an untimed execution's first attempt, for a section that has an available HTM
     * path ({@code htmPath}) and an optimistic one ({@code swoptPath}): SWOPT or LOCK; null where
     * the full protocol decides (no progression yet, or HTM first) or where a LOCK start must first
     * ask the policy ({@link #locksFirstUnlessWaiting}).
     */
    Mode firstMode(boolean htmPath, boolean swoptPath) {
        if (progression == null || progression.htm && htmPath) {
            return null;
        }
        if (progression.swopt && swoptPath) {
            return Mode.SWOPT;
        }
        return groups ? null : Mode.LOCK;
    }

    /**
     * Whether, for a section with these paths, an untimed execution starts in LOCK mode if the policy
     * does not make it wait ({@link ElisionPolicy#locksWithoutWaiting}), and otherwise runs the full
     * protocol.
     */
    boolean locksFirstUnlessWaiting(boolean htmPath, boolean swoptPath) {
        return groups && progression != null && !(progression.htm && htmPath) && !(progression.swopt && swoptPath);
    }
}
