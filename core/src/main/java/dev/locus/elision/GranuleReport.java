package dev.locus.elision;

import java.util.EnumMap;
import java.util.Map;

/**
 * One row of an {@link ElisionReport}: what ALE recorded for one (lock, context) pair. Counts are
 * the statistical counters' estimates, exact below 4,096; times are means over the sampled
 * executions (about 1 in 1,024), NaN where none was sampled.
 *
 * @param lock the lock's label
 * @param context the scopes, outermost first, joined by " > "; the innermost is the critical section's name
 * @param executions executions of critical sections of this lock in this context
 * @param meanExecutionNanos the mean time of an execution, all its attempts included
 * @param modes per mode: attempts, successes and mean times
 * @param htmFailuresLockHeld failed HTM attempts after which the lock was found held
 * @param policy what the lock's policy does for this context now (for the adaptive policy: its
 *     phase, and the progression and HTM attempts it chose)
 */
public record GranuleReport(String lock, String context, long executions, double meanExecutionNanos,
        Map<Mode, ModeReport> modes, long htmFailuresLockHeld, String policy) {

    /**
     * One mode's part of a row. The timed counts are exact, unlike the estimated attempts and
     * successes: with them, two reports of the same granule give the mean time of the attempts
     * between them, (mean₂ × timed₂ − mean₁ × timed₁) ÷ (timed₂ − timed₁).
     *
     * @param attempts attempts in this mode
     * @param successes attempts that completed the critical section
     * @param meanSuccessNanos mean time of a successful attempt
     * @param meanFailureNanos mean time of a failed attempt
     * @param timedSuccesses the successful attempts timed, of which {@code meanSuccessNanos} is the mean
     * @param timedFailures the failed attempts timed, of which {@code meanFailureNanos} is the mean
     */
    public record ModeReport(long attempts, long successes, double meanSuccessNanos, double meanFailureNanos,
            long timedSuccesses, long timedFailures) {
    }

    public GranuleReport {
        modes = Map.copyOf(modes);
    }

    static GranuleReport of(Granule g) {
        Map<Mode, ModeReport> modes = new EnumMap<>(Mode.class);
        for (Mode mode : Mode.values()) {
            ModeStats s = g.stats(mode);
            modes.put(mode, new ModeReport(s.attempts(), s.successes(), s.successTime.meanNanos(),
                    s.failureTime.meanNanos(), s.successTime.samples(), s.failureTime.samples()));
        }
        return new GranuleReport(g.lock.label(), g.context.path(), g.executions(), g.executionTime.meanNanos(),
                modes, g.htmFailuresLockHeld.get(), g.lock.policy().describe(g));
    }

    /** The row for {@code mode}. */
    public ModeReport mode(Mode mode) {
        return modes.get(mode);
    }
}
