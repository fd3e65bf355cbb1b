package dev.locus.elision;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * One phase of the adaptive policy ([Dice14] §4.2) and what executions recorded in it, per
 * granule and over the lock. Immutable but for the recordings, which are thread-safe.
 *
 * @param stage warming up (every path tried once per execution, nothing learned), learning a
 *     progression, measuring the per-granule choices (custom), or done
 * @param progression the progression every granule uses while learning; after learning, the
 *     lock-wide best, used by granules without a choice of their own and by all when uniform
 * @param htmStep for an HTM progression: 1 learns the attempts needed, 2 their histogram, 3
 *     measures the chosen X; 0 otherwise
 * @param round which measurement of this progression (or of the custom choices) this is, from 1
 * @param uniform whether, when done, every granule uses {@code progression}
 * @param startNanos when the phase began ({@link System#nanoTime()})
 */
record LearningPhase(Stage stage, Progression progression, int htmStep, int round, boolean uniform, long startNanos,
        ConcurrentHashMap<Granule, PhaseRecord> records, LongAdder executions, AtomicBoolean ended) {

    enum Stage { WARM_UP, LEARN, CUSTOM, DONE }

    static LearningPhase of(Stage stage, Progression progression, int htmStep, int round, boolean uniform) {
        return new LearningPhase(stage, progression, htmStep, round, uniform, System.nanoTime(),
                new ConcurrentHashMap<>(), new LongAdder(), new AtomicBoolean());
    }

    /**
     * Whether every execution is timed in this phase: while warming up, and while learning an HTM
     * progression, whose attempts' histogram needs every execution. The other learning phases, and
     * the custom one, time a sample of 1 in {@link SampledTimer#LEARNING_ONE_IN}.
     */
    boolean timesEvery() {
        return stage == Stage.WARM_UP || stage == Stage.LEARN && progression.htm;
    }

    /** How many executions one recorded execution stands for in this phase. */
    int sampleWeight() {
        return timesEvery() ? 1 : SampledTimer.LEARNING_ONE_IN;
    }

    PhaseRecord record(Granule granule) {
        PhaseRecord r = records.get(granule);
        return r != null ? r : records.computeIfAbsent(granule, g -> new PhaseRecord());
    }

    @Override
    public String toString() {
        return stage == Stage.WARM_UP ? "warm-up"
                : stage == Stage.LEARN ? "learn " + progression + (htmStep > 0 ? " step " + htmStep : "") + " round " + round
                : stage == Stage.CUSTOM ? "custom round " + round : uniform ? "done: " + progression : "done: per context";
    }
}
