package dev.locus.jmh.report;

/** Student's t distribution at 95% two-sided confidence, and the interval of a sample's mean. */
final class Student {

    /** The 0.975 quantile of t with 1 … 30 degrees of freedom (index 0 is df 1). */
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    private static final double Z_975 = 1.959964;

    private Student() {
    }

    /**
     * t's 0.975 quantile with {@code df} degrees of freedom: tabled up to 30, beyond by the
     * Cornish-Fisher expansion around the normal quantile (error under 0.001 there).
     */
    static double quantile975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom must be positive: " + df);
        }
        if (df <= T_975.length) {
            return T_975[df - 1];
        }
        double z = Z_975;
        double z3 = z * z * z;
        return z + (z3 + z) / (4.0 * df) + (5 * z3 * z * z + 16 * z3 + 3 * z) / (96.0 * df * df);
    }

    /** The half-width of the 95% interval of the mean of {@code sample}; NaN with fewer than two values. */
    static double halfWidth(double[] sample) {
        int n = sample.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mean = 0;
        for (double x : sample) {
            mean += x / n;
        }
        double squares = 0;
        for (double x : sample) {
            squares += (x - mean) * (x - mean);
        }
        return quantile975(n - 1) * Math.sqrt(squares / (n - 1) / n);
    }
}
