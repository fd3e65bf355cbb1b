package dev.locus.elision;

/**
 * What ALE records for one (lock, context) pair ([Dice14] §3.4, §4): executions, and per mode
 * attempts, successes and sampled times; for HTM also the failed attempts during which the lock
 * was held, which the paper counts more lightly since they say nothing about the section itself.
 * Thread-safe.
 */
final class Granule {

    final ElidableLock lock;
    final Context context;
    /** Executions of the full protocol; see {@link #executions()}. */
    final ProbabilisticCounter executions = new ProbabilisticCounter();
    final SampledTimer executionTime = new SampledTimer();
    final ProbabilisticCounter htmFailuresLockHeld = new ProbabilisticCounter();
    /** Conflicting actions run by this granule's critical sections; grouping makes such sections wait. */
    final ProbabilisticCounter conflictingActions = new ProbabilisticCounter();
    /**
     * The adaptive policy's model of this granule, remembered here so that an execution finds it
     * without a map look-up; null until the policy first asks. A lock has one policy, so a granule
     * has at most one model. Volatile: set by whichever thread first asks, read by all.
     */
    volatile GranuleModel adaptiveModel;
    /**
     * What the policy decided for this granule's unnested executions; refreshed by the full
     * protocol when stale. A plain field: a racing reader sees an old or a new decision, each
     * immutable, and an old one only delays the change by a few executions (see FastPath).
     */
    FastPath fastPath = FastPath.UNDECIDED;
    /** Indexed by the mode's ordinal. */
    private final ModeStats[] modes = new ModeStats[Mode.values().length];

    Granule(ElidableLock lock, Context context) {
        this.lock = lock;
        this.context = context;
        for (Mode mode : Mode.values()) {
            modes[mode.ordinal()] = new ModeStats();
        }
    }

    ModeStats stats(Mode mode) {
        return modes[mode.ordinal()];
    }

    /** All executions: those of the full protocol and those completed on the fast path. */
    long executions() {
        long n = executions.get();
        for (ModeStats s : modes) {
            n += s.fastCompletions();
        }
        return n;
    }
}
