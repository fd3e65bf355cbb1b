package dev.locus.elision;

import java.util.EnumMap;
import java.util.Map;

/**
 * What ALE records for one (lock, context) pair (paper 003 §3.4, §4): executions, and per mode
 * attempts, successes and sampled times; for HTM also the failed attempts during which the lock
 * was held, which the paper counts more lightly since they say nothing about the section itself.
 * Thread-safe.
 */
final class Granule {

    final ElidableLock lock;
    final Context context;
    final ProbabilisticCounter executions = new ProbabilisticCounter();
    final SampledTimer executionTime = new SampledTimer();
    final ProbabilisticCounter htmFailuresLockHeld = new ProbabilisticCounter();
    /** Conflicting actions run by this granule's critical sections; grouping makes such sections wait. */
    final ProbabilisticCounter conflictingActions = new ProbabilisticCounter();
    private final Map<Mode, ModeStats> modes = new EnumMap<>(Mode.class);

    Granule(ElidableLock lock, Context context) {
        this.lock = lock;
        this.context = context;
        for (Mode mode : Mode.values()) {
            modes.put(mode, new ModeStats());
        }
    }

    ModeStats stats(Mode mode) {
        return modes.get(mode);
    }
}
