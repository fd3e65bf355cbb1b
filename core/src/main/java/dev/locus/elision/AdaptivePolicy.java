package dev.locus.elision;

import dev.locus.elision.LearningPhase.Stage;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * [Dice14]'s adaptive policy (§4.2): learns, per lock, which mode progression and how many HTM
 * attempts suit each granule, then runs with those choices, and groups optimistic executions so
 * that conflicting ones wait while optimists retry.
 */
/*
 * Implementation notes
 *
 * Overview. A warm-up phase first tries every path once per execution and records nothing, so that
 * the first progression measured is not charged with class loading and JIT compilation (the
 * paper does not say how it avoids this bias; without it, X comes out too high, because the
 * upper bound of the fallback time is measured cold). Then the lock goes through learning phases,
 * one per mode progression: LOCK, then SWOPT+LOCK
 * if some section offered SWOPT, then HTM+LOCK and HTM+SWOPT+LOCK if some section offered an
 * available HTM path. A phase ends when one granule (context) has completed phaseExecutions
 * executions in it (the paper does not wait for every context). Executions are timed while
 * learning. An HTM progression has three steps:
 *   1. X = 10: the most attempts any execution needed to commit, plus one, becomes X1.
 *   2. X = X1: a histogram of the attempt at which executions committed, and the count of those
 *      that never did; with it, X is set to the x in [0, X1] that minimizes the expected time
 *        E(x) = sum_{k<=x} p_k ((k-1) tf + ts) + (1 - sum_{k<=x} p_k) (x tf + F(x)),
 *      where tf and ts are the mean times of a failed and of a committing attempt, and F(x), the
 *      time to finish without HTM after x failures, is interpolated linearly from the time the
 *      progression without HTM took (x = 0, the upper bound) to the fallback time measured after X1
 *      failures (x = X1, the lower bound).
 *   3. X as chosen: the progression's time is measured.
 * Then every granule takes its fastest progression, and a custom phase measures the lock with
 * those choices; if its mean time is not lower than the best uniform progression's, every granule
 * takes that one instead. After that the policy is done (no more timing beyond the steady-state
 * sample of SampledTimer).
 * A granule first seen after learning uses the lock-wide best with X = 1.
 *
 * Rounds and phase length (not in [Dice14]). A phase's mean time is at the mercy of what falls in
 * it: a preemption, GC pause or compilation adds time, and a phase shorter than a scheduling
 * quantum may see only one of the threads, so that the lock measures uncontended. So a phase lasts
 * phaseExecutions executions of one granule and at least MIN_PHASE_NANOS, several quanta; the
 * progressions are measured in MEASUREMENT_ROUNDS rounds (the first with the HTM steps 1-3, the
 * later ones with X as chosen), as is the custom phase; and every comparison uses the median of
 * the round means (RoundTimes), which one disturbed round does not move far.
 *
 * Lock-wide comparisons (not in [Dice14]). The uniform progressions and the custom phase are
 * compared by the lock's wall time per execution in the phase (its inverse throughput), not by
 * the mean execution time: under a barging lock one thread can starve for a whole phase, and the
 * executions recorded are then the other thread's uncontended ones. Per-granule choices use the
 * granules' mean times, as [Dice14] does; the custom phase then has to beat the best uniform
 * progression's throughput.
 *
 * Sampled phases. Timing an execution costs two clock reads and the full protocol, more than the
 * difference between the lock and SWOPT for a short section; timing every execution would make
 * every progression measure about the same. So only the warm-up and the HTM progressions (whose
 * histogram needs every execution) time every execution; the other learning phases and the custom
 * phase time 1 in 8 and run the rest on the section's fast path, in the mode the phase prescribes.
 * A recorded execution stands for 8 (LearningPhase.sampleWeight) in the phase's length and in its
 * wall time per execution; per-granule means come from the sample.
 *
 * Learning again (not in [Dice14], whose C code is compiled before it runs). On the JVM the first
 * learning runs while the JIT is still compiling the sections, so what it measures is partly the
 * compiler's progress. Once done, the policy learns again after 0.25 s, then after 1 s, 4 s, 16 s
 * and so on (at most an hour): the second learning comes early, when little has been decided; the
 * third is the first to measure compiled code throughout (the full protocol and the phase records
 * are hot only while learning, so C2 compiles them during the second); the later ones follow
 * changes in the workload, at a cost that shrinks with the interval. The check rides on the
 * sampled executions, which have read the clock anyway. docs/elision-cost.md has the measurements
 * behind each of these choices.
 *
 * Grouping. An execution whose optimistic attempt failed arrives at a scalable non-zero
 * indicator and departs when it ends or falls back to an exclusive attempt. Before a LOCK or HTM
 * attempt of a granule that has run conflicting actions, the thread waits (spinning, then
 * yielding, at most 1 ms) while the indicator says optimists are retrying, so that they can finish
 * without interference. SWOPT still allows 100 attempts, the paper's "large Y", against livelock.
 *
 * Concurrency. `phase` is replaced whole by the one thread that wins its `ended` flag; recordings
 * go into the phase object they were made under. An execution that straddles a phase change is
 * recorded in the later phase, which blurs the measurement a little and nothing else. Models are
 * written only by the thread ending a phase.
 *
 * Memory ordering. `phase` is volatile; the models' maps are replaced whole through volatile
 * fields, so a reader sees a complete map.
 *
 * References. [Dice14] §4.2 (policies, learning, grouping), §4.3.
 */
final class AdaptivePolicy extends ElisionPolicy {

    /** X while learning how many HTM attempts executions need (step 1). */
    static final int LEARNING_HTM_ATTEMPTS = 10;
    /** How often each progression, and the custom phase, is measured; see the notes. */
    static final int MEASUREMENT_ROUNDS = 3;
    /** The shortest phase; see the notes. */
    static final long MIN_PHASE_NANOS = 10_000_000;
    /**
     * Whether a phase has ended is checked about once in this many executions: the check sums
     * LongAdders, and summing on every execution pulled each thread's cell into the other's cache,
     * so that half the time of a learning phase went into the adders' CAS (async-profiler, 2
     * threads) and every progression measured about 500 ns an execution whatever its mode.
     */
    static final int PHASE_END_CHECK_ONE_IN = 64;
    /** How long after it is first done the policy learns again; each later interval is 4 times longer. */
    static final long FIRST_RELEARN_NANOS = 250_000_000;
    private static final long MAX_RELEARN_NANOS = 3_600_000_000_000L;
    /** The paper's "large Y". */
    static final int SWOPT_ATTEMPTS = 100;
    private static final int HTM_SLACK = 1;
    private static final long GROUPING_WAIT_NANOS = 1_000_000;
    private static final int SPINS_BEFORE_YIELD = 64;

    private final int phaseExecutions;
    private final Map<Granule, GranuleModel> models = new ConcurrentHashMap<>();
    private final ScalableNonZeroIndicator retryingOptimists = new ScalableNonZeroIndicator();
    /** Lock-wide round means of each progression measured; guarded by this. */
    private final Map<Progression, RoundTimes> uniformTimes = new EnumMap<>(Progression.class);
    private final Set<Progression> htmLearned = EnumSet.noneOf(Progression.class); // guarded by this
    private RoundTimes customTimes = RoundTimes.NONE; // guarded by this
    /** When the policy learns again, once done: System.nanoTime() then; see "Learning again". */
    private volatile long relearnAtNanos;
    private long relearnIntervalNanos = FIRST_RELEARN_NANOS; // guarded by this
    /** How many times the policy has begun to learn, the first time included. */
    private volatile int learnings = 1;
    private volatile LearningPhase phase = LearningPhase.of(Stage.WARM_UP, Progression.HTM_SWOPT_LOCK, 0, 1, true);
    private volatile boolean sawSwopt;
    private volatile boolean sawHtm;
    private ElidableLock lock; // guarded by this

    AdaptivePolicy(int phaseExecutions) {
        this.phaseExecutions = phaseExecutions;
    }

    @Override
    synchronized void bind(ElidableLock lock) {
        if (this.lock != null) {
            throw new IllegalStateException("an adaptive policy learns one lock; " + this.lock.label()
                    + " has this one, give " + lock.label() + " its own");
        }
        this.lock = lock;
    }

    /** Whether the policy is still learning, not yet done. */
    boolean learning() {
        return phase.stage() != Stage.DONE;
    }

    /** How many times the policy has begun to learn, the first time included; see "Learning again". */
    int learnings() {
        return learnings;
    }

    /**
     * While learning, every execution timed or 1 in 8 (see "Sampled phases"), once done the usual
     * sample; the others start with the granule's progression in this phase. Decided from the
     * phase, so that the next phase makes it stale.
     */
    @Override
    FastPath fastPath(Granule granule) {
        LearningPhase p = phase;
        if (p.timesEvery()) {
            return new FastPath(p, null, 0, true);
        }
        int shift = p.stage() == Stage.DONE ? SampledTimer.SAMPLE_SHIFT : SampledTimer.LEARNING_SAMPLE_SHIFT;
        return new FastPath(p, progressionFor(p, granule), shift, true);
    }

    @Override
    boolean isCurrent(FastPath fastPath) {
        return fastPath.stamp() == phase;
    }

    /** Unless grouping would make the execution wait: see "Grouping". */
    @Override
    boolean locksWithoutWaiting(Granule granule) {
        return granule.conflictingActions.get() == 0 || !retryingOptimists.isNonZero();
    }

    @Override
    Mode choose(Execution e, boolean htmEligible, boolean swoptEligible) {
        if (swoptEligible && !sawSwopt) {
            sawSwopt = true;
        }
        if (htmEligible && !sawHtm) {
            sawHtm = true;
        }
        LearningPhase p = phase;
        Progression progression = progressionFor(p, e.granule);
        if (progression.htm && htmEligible && e.htmTried < htmAttemptsFor(p, e.granule, progression)) {
            return Mode.HTM;
        }
        if (progression.swopt && swoptEligible && e.swoptTried < swoptAttemptsFor(p)) {
            return Mode.SWOPT;
        }
        return Mode.LOCK;
    }

    @Override
    void optimisticAttemptFailed(Execution e) {
        if (e.optimistStripe < 0) {
            e.optimistStripe = retryingOptimists.arrive();
        }
    }

    @Override
    void beforeExclusiveAttempt(Execution e) {
        leaveOptimists(e);
        if (locksWithoutWaiting(e.granule)) {
            return;
        }
        e.waited();
        long deadline = System.nanoTime() + GROUPING_WAIT_NANOS;
        for (int spins = 0; retryingOptimists.isNonZero() && System.nanoTime() < deadline; spins++) {
            if (spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    @Override
    void completed(Execution e) {
        leaveOptimists(e);
        if (!e.timed) {
            return;
        }
        LearningPhase p = phase;
        if (p.stage() == Stage.DONE) {
            if (e.lastClockNanos() - relearnAtNanos >= 0 && p.ended().compareAndSet(false, true)) {
                learnAgain();
            }
            return;
        }
        PhaseRecord r = p.record(e.granule);
        r.record(e);
        p.executions().increment();
        if (ThreadLocalRandom.current().nextInt(PHASE_END_CHECK_ONE_IN / p.sampleWeight()) != 0) {
            return;
        }
        if (r.executions.sum() * p.sampleWeight() >= phaseExecutions && System.nanoTime() - p.startNanos() >= MIN_PHASE_NANOS
                && p.ended().compareAndSet(false, true)) {
            endPhase(p);
        }
    }

    @Override
    String describe(Granule granule) {
        LearningPhase p = phase;
        Progression progression = progressionFor(p, granule);
        return "adaptive, " + p + ": " + progression + (progression.htm ? " X=" + htmAttemptsFor(p, granule, progression) : "");
    }

    /** The progression {@code granule} uses in phase {@code p}. */
    Progression progressionFor(LearningPhase p, Granule granule) {
        if (p.stage() == Stage.LEARN || p.uniform()) {
            return p.progression();
        }
        Progression own = model(granule).choice();
        return own != null ? own : p.progression();
    }

    private static int swoptAttemptsFor(LearningPhase p) {
        return p.stage() == Stage.WARM_UP ? 1 : SWOPT_ATTEMPTS;
    }

    private int htmAttemptsFor(LearningPhase p, Granule granule, Progression progression) {
        if (p.stage() == Stage.WARM_UP) {
            return 1;
        }
        if (p.stage() == Stage.LEARN && p.htmStep() == 1) {
            return LEARNING_HTM_ATTEMPTS;
        }
        return model(granule).htmAttempts(progression);
    }

    /** The granule's model: looked up once in {@code models}, then through the granule's own reference. */
    private GranuleModel model(Granule granule) {
        GranuleModel m = granule.adaptiveModel;
        if (m == null) {
            m = models.computeIfAbsent(granule, g -> new GranuleModel());
            granule.adaptiveModel = m;
        }
        return m;
    }

    private void leaveOptimists(Execution e) {
        if (e.optimistStripe >= 0) {
            retryingOptimists.depart(e.optimistStripe);
            e.optimistStripe = -1;
        }
    }

    /** Learns from phase {@code p}, which this thread ended, and starts the next. */
    private synchronized void endPhase(LearningPhase p) {
        switch (p.stage()) {
            case WARM_UP -> {
                phase = LearningPhase.of(Stage.LEARN, Progression.LOCK, 0, 1, true);
                return;
            }
            case LEARN -> learn(p);
            case CUSTOM -> {
                customTimes = customTimes.plus(wallNanosPerExecution(p));
                if (p.round() < MEASUREMENT_ROUNDS) {
                    phase = LearningPhase.of(Stage.CUSTOM, p.progression(), 0, p.round() + 1, false);
                    return;
                }
                Progression best = RoundTimes.fastest(uniformTimes);
                boolean custom = !(uniformTimes.get(best).median() <= customTimes.median());
                relearnAtNanos = System.nanoTime() + relearnIntervalNanos;
                relearnIntervalNanos = Math.min(relearnIntervalNanos * 4, MAX_RELEARN_NANOS);
                phase = LearningPhase.of(Stage.DONE, best, 0, MEASUREMENT_ROUNDS, !custom);
                return;
            }
            default -> throw new AssertionError(p);
        }
        LearningPhase next = nextLearning(p);
        if (next != null) {
            phase = next;
            return;
        }
        for (GranuleModel m : models.values()) {
            m.choose(m.fastest());
        }
        phase = LearningPhase.of(Stage.CUSTOM, RoundTimes.fastest(uniformTimes), 0, 1, false);
    }

    /** Starts learning again from the first progression, forgetting what was measured; see "Learning again". */
    private synchronized void learnAgain() {
        uniformTimes.clear();
        htmLearned.clear();
        customTimes = RoundTimes.NONE;
        models.values().forEach(GranuleModel::forgetTimes);
        learnings++;
        phase = LearningPhase.of(Stage.LEARN, Progression.LOCK, 0, 1, true);
    }

    private void learn(LearningPhase p) {
        Progression progression = p.progression();
        p.records().forEach((granule, r) -> {
            GranuleModel m = model(granule);
            switch (p.htmStep()) {
                case 0, 3 -> m.measured(progression, r.meanNanos());
                case 1 -> m.htmAttempts(progression,
                        Math.min(LEARNING_HTM_ATTEMPTS, r.maxHtmAttemptsToCommit.get() + HTM_SLACK));
                case 2 -> m.htmAttempts(progression, bestHtmAttempts(r, m.htmAttempts(progression),
                        m.meanNanos(progression.withoutHtm())));
                default -> throw new AssertionError(p);
            }
        });
        if (p.htmStep() == 2) {
            htmLearned.add(progression);
        }
        if (p.htmStep() == 0 || p.htmStep() == 3) {
            uniformTimes.put(progression, uniformTimes.getOrDefault(progression, RoundTimes.NONE).plus(wallNanosPerExecution(p)));
        }
    }

    /** The learning phase after {@code p}, or null when learning is over. */
    private LearningPhase nextLearning(LearningPhase p) {
        if (p.htmStep() == 1 || p.htmStep() == 2) {
            return LearningPhase.of(Stage.LEARN, p.progression(), p.htmStep() + 1, p.round(), true);
        }
        LearningPhase next = nextInRound(p.progression().ordinal() + 1, p.round());
        return next != null || p.round() == MEASUREMENT_ROUNDS ? next : nextInRound(0, p.round() + 1);
    }

    /** The phase of the first progression from ordinal {@code from} that applies, or null if none. */
    private LearningPhase nextInRound(int from, int round) {
        Progression[] order = Progression.values();
        for (int i = from; i < order.length; i++) {
            Progression candidate = order[i];
            if ((!candidate.htm || sawHtm) && (!candidate.swopt || sawSwopt)) {
                int htmStep = !candidate.htm ? 0 : htmLearned.contains(candidate) ? 3 : 1;
                return LearningPhase.of(Stage.LEARN, candidate, htmStep, round, true);
            }
        }
        return null;
    }

    /**
     * The lock's inverse throughput in phase {@code p}: its wall time over its executions, estimated
     * from those it recorded (see "Sampled phases").
     */
    private static double wallNanosPerExecution(LearningPhase p) {
        return (double) (System.nanoTime() - p.startNanos()) / (p.executions().sum() * (double) p.sampleWeight());
    }

    /**
     * The number of HTM attempts, in [0, x1], that minimizes the expected execution time given the
     * histogram {@code r} recorded with X = x1 and the time {@code withoutHtm} of the progression
     * without HTM (see the notes).
     */
    static int bestHtmAttempts(PhaseRecord r, int x1, double withoutHtm) {
        long n = r.executions.sum();
        if (n == 0 || x1 == 0) {
            return 0;
        }
        double tf = r.meanFailedAttemptNanos();
        double ts = r.meanCommittingAttemptNanos();
        double upper = Double.isNaN(withoutHtm) ? r.meanNanos() : withoutHtm;
        double lower = Double.isNaN(r.meanFallbackNanos()) ? upper : r.meanFallbackNanos();
        int best = 0;
        double bestTime = upper;
        double committed = 0;
        double committedTime = 0;
        for (int x = 1; x <= x1; x++) {
            double pk = (double) r.committedAt.get(Math.min(x, r.committedAt.length() - 1)) / n;
            committed += pk;
            committedTime += pk * ((x - 1) * tf + (Double.isNaN(ts) ? 0 : ts));
            double fallback = upper + (lower - upper) * x / x1;
            double expected = committedTime + (1 - committed) * (x * tf + fallback);
            if (expected < bestTime) {
                best = x;
                bestTime = expected;
            }
        }
        return best;
    }

    @Override
    public String toString() {
        return "adaptive[" + phase + "]";
    }
}
