package dev.locus.elision;

import java.util.EnumMap;
import java.util.Map;

/**
 * What the adaptive policy has learned about one granule: per progression, the least of the mean
 * execution times measured in its rounds and the number of HTM attempts to make (X); and the
 * progression it chose. Written when a
 * phase ends, by the one thread that ends it; read by every execution (fields are volatile maps
 * replaced whole).
 */
final class GranuleModel {

    /** X for a granule that had no HTM learning of its own. */
    static final int DEFAULT_HTM_ATTEMPTS = 1;

    private volatile Map<Progression, Double> meanNanos = new EnumMap<>(Progression.class);
    private volatile Map<Progression, Integer> htmAttempts = new EnumMap<>(Progression.class);
    private volatile Progression choice;

    double meanNanos(Progression p) {
        return meanNanos.getOrDefault(p, Double.NaN);
    }

    /** Records a round's mean time for {@code p}; the least of its rounds is kept. */
    void measured(Progression p, double nanos) {
        Map<Progression, Double> next = new EnumMap<>(meanNanos);
        next.merge(p, nanos, Math::min);
        meanNanos = next;
    }

    int htmAttempts(Progression p) {
        return htmAttempts.getOrDefault(p, DEFAULT_HTM_ATTEMPTS);
    }

    void htmAttempts(Progression p, int x) {
        Map<Progression, Integer> next = new EnumMap<>(htmAttempts);
        next.put(p, x);
        htmAttempts = next;
    }

    /** The progression with the lowest measured time; null if none was measured. */
    Progression fastest() {
        Progression best = null;
        for (Map.Entry<Progression, Double> e : meanNanos.entrySet()) {
            if (!e.getValue().isNaN() && (best == null || e.getValue() < meanNanos.get(best))) {
                best = e.getKey();
            }
        }
        return best;
    }

    Progression choice() {
        return choice;
    }

    void choose(Progression p) {
        choice = p;
    }
}
