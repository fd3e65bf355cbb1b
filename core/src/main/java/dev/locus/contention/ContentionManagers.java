package dev.locus.contention;

import java.time.Duration;
import java.util.Objects;

/**
 * The contention managers of [Maldonado10], [Bai06] and [Nicacio10]; see {@link ContentionManager} for when each
 * pays off. Every method returns a fresh instance, to be given to one executor: ATS's serial lane
 * belongs to its instance.
 */
public final class ContentionManagers {

    private static final long BACKOFF_BASE_NANOS = 1_000;
    private static final long BACKOFF_CAP_NANOS = 1_000_000;
    private static final Duration SERIALIZE_BOUND = Duration.ofMillis(1);
    private static final int MAX_DEFERRALS = 4;
    private static final double ATS_THRESHOLD = 0.5;

    private ContentionManagers() {
    }

    /** Retry at once ([Maldonado10]'s "basic"). */
    public static ContentionManager basic() {
        return new ImmediateRetry();
    }

    /** Randomized exponential backoff from 1 µs, capped at 1 ms. */
    public static ContentionManager backoff() {
        return backoff(Duration.ofNanos(BACKOFF_BASE_NANOS), Duration.ofNanos(BACKOFF_CAP_NANOS));
    }

    /**
     * Randomized exponential backoff: after the n-th aborted attempt, a random wait up to
     * {@code min(cap, base * 2^(n-1))}.
     *
     * @throws IllegalArgumentException unless {@code 0 < base <= cap}
     */
    public static ContentionManager backoff(Duration base, Duration cap) {
        return new RandomizedBackoff(positive("base", base), atLeast("cap", cap, base));
    }

    /** Polka with 1 µs base intervals capped at 1 ms. */
    public static ContentionManager polka() {
        return polka(Duration.ofNanos(BACKOFF_BASE_NANOS), Duration.ofNanos(BACKOFF_CAP_NANOS));
    }

    /**
     * Polka, karma-weighted randomized backoff (the manager of [Bai06]'s experiments).
     *
     * @throws IllegalArgumentException unless {@code 0 < base <= cap}
     */
    public static ContentionManager polka(Duration base, Duration cap) {
        return new Polka(positive("base", base), atLeast("cap", cap, base));
    }

    /** Serialization by spinning (SER-u spin), bounded at 1 ms per conflict. */
    public static ContentionManager serializeSpin() {
        return serializeSpin(SERIALIZE_BOUND);
    }

    /**
     * Serialization by spinning: wait until the contenders attempting at the abort have committed
     * or left their transactions, for at most {@code bound}.
     *
     * @throws IllegalArgumentException unless {@code bound > 0}
     */
    public static ContentionManager serializeSpin(Duration bound) {
        return new SerializeBehind(false, positive("bound", bound));
    }

    /** Serialization by parking (SER-u cond), bounded at 1 ms per conflict. */
    public static ContentionManager serializePark() {
        return serializePark(SERIALIZE_BOUND);
    }

    /**
     * Serialization by parking: as {@link #serializeSpin(Duration)}, but parked until such a
     * commit unparks the loser.
     *
     * @throws IllegalArgumentException unless {@code bound > 0}
     */
    public static ContentionManager serializePark(Duration bound) {
        return new SerializeBehind(true, positive("bound", bound));
    }

    /** Yield the processor after each conflict ([Maldonado10]'s YIELD). */
    public static ContentionManager yielding() {
        return new YieldOnConflict();
    }

    /** Soft serialization with at most 4 deferrals per transaction. */
    public static ContentionManager softSerialization() {
        return softSerialization(MAX_DEFERRALS);
    }

    /**
     * Soft serialization: the loser goes back behind its worker's queued tasks, at most
     * {@code maxDeferrals} times per transaction, then retries in place.
     *
     * @throws IllegalArgumentException if {@code maxDeferrals < 0}
     */
    public static ContentionManager softSerialization(int maxDeferrals) {
        if (maxDeferrals < 0) {
            throw new IllegalArgumentException("maxDeferrals must be >= 0, was " + maxDeferrals);
        }
        return new SoftSerialization(maxDeferrals);
    }

    /** ATS with the threshold of [Nicacio10]'s experiments, 0.5. */
    public static ContentionManager ats() {
        return ats(ATS_THRESHOLD);
    }

    /**
     * ATS: a thread whose contention intensity exceeds {@code threshold} runs its attempts through
     * one serial lane.
     *
     * @throws IllegalArgumentException unless {@code 0 <= threshold < 1}
     */
    public static ContentionManager ats(double threshold) {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("threshold must be in [0, 1), was " + threshold);
        }
        return new AdaptiveTransactionScheduling(threshold);
    }

    private static long positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
        return d.toNanos();
    }

    private static long atLeast(String name, Duration d, Duration floor) {
        long nanos = positive(name, d);
        if (d.compareTo(floor) < 0) {
            throw new IllegalArgumentException(name + " must be >= " + floor + ", was " + d);
        }
        return nanos;
    }
}
