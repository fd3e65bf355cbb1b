package dev.locus.elision;

import java.util.EnumMap;
import java.util.Map;

/**
 * What the adaptive policy has learned about one granule: per progression, the mean execution times
 * of its measurement rounds and the number of HTM attempts to make (X); and the progression it
 * chose. Written when a phase ends, by the one thread that ends it; read by every execution (fields
 * are volatile maps replaced whole).
 */
final class GranuleModel {

    /** X for a granule that had no HTM learning of its own. */
    static final int DEFAULT_HTM_ATTEMPTS = 1;

    private volatile Map<Progression, RoundTimes> times = new EnumMap<>(Progression.class);
    private volatile Map<Progression, Integer> htmAttempts = new EnumMap<>(Progression.class);
    private volatile Progression choice;

    /** The median of {@code p}'s round means; NaN if it was not measured. */
    double meanNanos(Progression p) {
        return times.getOrDefault(p, RoundTimes.NONE).median();
    }

    /** Records the mean time of a round of {@code p}. */
    void measured(Progression p, double nanos) {
        Map<Progression, RoundTimes> next = new EnumMap<>(times);
        next.put(p, next.getOrDefault(p, RoundTimes.NONE).plus(nanos));
        times = next;
    }

    int htmAttempts(Progression p) {
        return htmAttempts.getOrDefault(p, DEFAULT_HTM_ATTEMPTS);
    }

    void htmAttempts(Progression p, int x) {
        Map<Progression, Integer> next = new EnumMap<>(htmAttempts);
        next.put(p, x);
        htmAttempts = next;
    }

    /** Forgets the measured times, before the policy learns again; the choice stays until replaced. */
    void forgetTimes() {
        times = new EnumMap<>(Progression.class);
    }

    /** The progression with the lowest median time; null if none was measured. */
    Progression fastest() {
        return RoundTimes.fastest(times);
    }

    Progression choice() {
        return choice;
    }

    void choose(Progression p) {
        choice = p;
    }
}
