package dev.locus.jmh.report;

/**
 * Where a ratio's 95% interval lies against a claim's threshold: wholly on the claim's side
 * ({@link #HOLDS}), wholly on the other ({@link #FAILS}), or across it ({@link #OPEN}, also when
 * there are too few rounds for an interval).
 */
public enum Outcome {
    HOLDS,
    FAILS,
    OPEN;

    /** The claim "at least {@code threshold}". */
    public static Outcome atLeast(Ratio ratio, double threshold) {
        if (!ratio.hasInterval()) {
            return OPEN;
        }
        return ratio.low() >= threshold ? HOLDS : ratio.high() < threshold ? FAILS : OPEN;
    }

    /** The claim "below {@code threshold}". */
    public static Outcome below(Ratio ratio, double threshold) {
        return atLeast(ratio, threshold).opposite();
    }

    /** The claim "at most {@code threshold}". */
    public static Outcome atMost(Ratio ratio, double threshold) {
        if (!ratio.hasInterval()) {
            return OPEN;
        }
        return ratio.high() <= threshold ? HOLDS : ratio.low() > threshold ? FAILS : OPEN;
    }

    /** The claim "tied": strictly inside the band ({@code low}, {@code high}). */
    public static Outcome within(Ratio ratio, double low, double high) {
        if (!ratio.hasInterval()) {
            return OPEN;
        }
        if (low < ratio.low() && ratio.high() < high) {
            return HOLDS;
        }
        return ratio.high() <= low || ratio.low() >= high ? FAILS : OPEN;
    }

    Outcome opposite() {
        return switch (this) {
            case HOLDS -> FAILS;
            case FAILS -> HOLDS;
            case OPEN -> OPEN;
        };
    }

    /** For a tie: "tied", "not tied" or "inconclusive". */
    public String asTie() {
        return switch (this) {
            case HOLDS -> "tied";
            case FAILS -> "not tied";
            case OPEN -> "inconclusive";
        };
    }
}
