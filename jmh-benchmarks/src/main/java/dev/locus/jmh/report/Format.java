package dev.locus.jmh.report;

import java.util.Locale;

/** How the report writes numbers; every formatter writes NaN, a cell not measured, as "—". */
public final class Format {

    public static final String MISSING = "—";

    private Format() {
    }

    /** Transactions per second, e.g. "1,234,567". */
    public static String throughput(double value) {
        return Double.isNaN(value) ? MISSING : String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Transactions per second with JMH's error relative to it, e.g. "1,234,567 ±3%"; no error if JMH had none. */
    public static String throughput(double value, double error) {
        if (!Double.isFinite(value) || !Double.isFinite(error) || value == 0) {
            return throughput(value);
        }
        return throughput(value) + String.format(Locale.ROOT, " ±%.0f%%", 100 * error / value);
    }

    /**
     * A throughput measured in rounds: with two or more, the mean with the half-width of its 95%
     * interval over rounds relative to it and the rounds, e.g. "1,234,567 ±3% (3 rounds)"; with
     * one, as {@link #throughput(double, double)} with JMH's error.
     */
    public static String throughput(double value, double jmhError, Rounds rounds) {
        if (rounds.count() < 2) {
            return throughput(value, jmhError);
        }
        return throughput(value, rounds.halfWidth()) + " (" + rounds.count() + " rounds)";
    }

    /** Contention instances per transaction, e.g. "0.012". */
    public static String contention(double value) {
        return Double.isNaN(value) ? MISSING : String.format(Locale.ROOT, "%.3f", value);
    }

    /** Aborted attempts per committed transaction, e.g. "0.0012": rare aborts still show. */
    public static String perCommit(double value) {
        return Double.isNaN(value) ? MISSING : String.format(Locale.ROOT, "%.4f", value);
    }

    /** A fraction as a percentage with two decimals, e.g. "0.05%". */
    public static String percentage(double fraction) {
        return Double.isNaN(fraction) ? MISSING : String.format(Locale.ROOT, "%.2f%%", 100 * fraction);
    }

    /** A ratio, e.g. "1.12×". */
    public static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? MISSING
                : String.format(Locale.ROOT, "%.2f×", value);
    }

    /** {@code value} followed by " (ratio)", or {@code value} alone when the ratio is not known. */
    public static String withRatio(String value, double ratio) {
        return Double.isNaN(ratio) || Double.isInfinite(ratio) ? value : value + " (" + ratio(ratio) + ")";
    }

    /** A fraction as a whole percentage, such as a claim's threshold: "5%". */
    public static String percent(double fraction) {
        return Math.round(100 * fraction) + "%";
    }
}
