package dev.locus.jmh.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A ratio of cells' throughputs with its 95% confidence interval over paired rounds: what a claim
 * reads, in place of a ratio of two means.
 *
 * @param estimate the geometric mean of the per-round ratios; NaN if a cell was not measured
 * @param low the interval's lower end; NaN without an interval
 * @param high the interval's upper end; NaN without an interval
 * @param rounds the rounds paired, 0 if a cell was not measured
 */
public record Ratio(double estimate, double low, double high, int rounds) {

    /*
     * Implementation notes
     *
     * Overview
     *   Round i of every cell is paired: the main job runs round 1 of every cell of a suite, then
     *   round 2, ... (Reproduce), so a slow drift of the machine moves both sides of a pair
     *   alike and divides out. For each pair, d_i = sum of ln(numerator_i) - sum of
     *   ln(denominator_i) (a product of ratios, such as one speedup over another, is one d_i);
     *   the interval is exp(mean(d) -/+ t(0.975, n-1) * sd(d) / sqrt(n)), Student's paired
     *   t-interval on the log ratios, mapped back. The estimate exp(mean(d)) is the geometric
     *   mean of the per-round ratios, which can differ slightly from the ratio of the tables'
     *   arithmetic means.
     *
     *   Assumptions: the rounds' log ratios are independent and roughly normal. Logs make a
     *   throughput's multiplicative noise additive and the interval symmetric in "A over B" and
     *   "B over A". Rounds are independent because each is a separate JMH run (or fork) with its
     *   own executor, data structure and warm-up; in one JVM they share the compiled code, which
     *   the warm-up runs settled beforehand. With fewer than two pairs there is no interval,
     *   and claims say so instead of guessing. Cells with different numbers of rounds (a failed
     *   run) are paired up to the shorter: pairs of independent rounds still give a valid,
     *   only wider, interval. Several intervals in one claim are not corrected for multiplicity:
     *   each is 95% on its own.
     *
     * Concurrency
     *   None: an immutable value.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   Student's paired t-interval, e.g. NIST/SEMATECH e-Handbook of Statistical Methods,
     *   §7.2.2 and §7.3.1.
     */

    /** numerator ÷ denominator, paired by round. */
    public static Ratio of(Rounds numerator, Rounds denominator) {
        return of(List.of(numerator), List.of(denominator));
    }

    /** The product of {@code numerators} over the product of {@code denominators}, paired by round. */
    public static Ratio of(List<Rounds> numerators, List<Rounds> denominators) {
        int n = Integer.MAX_VALUE;
        for (Rounds cell : concat(numerators, denominators)) {
            n = Math.min(n, cell.count());
        }
        if (n == 0 || n == Integer.MAX_VALUE) {
            return new Ratio(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            for (Rounds cell : numerators) {
                logs[i] += Math.log(cell.values().get(i));
            }
            for (Rounds cell : denominators) {
                logs[i] -= Math.log(cell.values().get(i));
            }
        }
        double mean = 0;
        for (double d : logs) {
            mean += d / n;
        }
        double halfWidth = Student.halfWidth(logs);
        return new Ratio(Math.exp(mean), Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), n);
    }

    private static List<Rounds> concat(List<Rounds> a, List<Rounds> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    /** Whether both sides were measured (in at least one round each). */
    public boolean isMeasured() {
        return rounds > 0 && Double.isFinite(estimate);
    }

    /** Whether there are enough rounds for an interval. */
    public boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** E.g. "1.18× [1.05, 1.33], 3 rounds", or "1.18× (1 round, no interval)". */
    @Override
    public String toString() {
        if (!isMeasured()) {
            return Format.MISSING;
        }
        if (!hasInterval()) {
            return Format.ratio(estimate) + " (" + rounds + (rounds == 1 ? " round" : " rounds") + ", no interval)";
        }
        return String.format(Locale.ROOT, "%s [%.2f, %.2f], %d rounds", Format.ratio(estimate), low, high, rounds);
    }
}
