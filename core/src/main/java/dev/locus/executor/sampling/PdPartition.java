package dev.locus.executor.sampling;

import java.util.Arrays;

/**
 * The probability-distribution partition of [Bai06] §4.2 (Figure 2): bin the sampled keys in an
 * equal-width histogram, accumulate the bins into a piece-wise linear CDF, cut the probability
 * axis into {@code workers} equal parts and project each cut back onto the key axis. Linear in the
 * number of samples.
 *
 * <p>Beyond the paper: a cut that lands in a bin holding more than an eighth of a worker's share
 * is refined by binning that bin's samples again (at most three levels), so one far outlier, which
 * stretches every bin, cannot leave the bulk of the keys in a single linear piece.
 *
 * <p>In a package the module does not export: the adaptive router and {@code ToggleExecutor}
 * (which cuts a hierarchy's leaves with it) share it.
 */
public final class PdPartition {

    private static final int MAX_REFINEMENTS = 3;

    private PdPartition() {
    }

    /**
     * The {@code workers - 1} boundaries of the range table ({@code RangeTable.of}) that gives
     * each of {@code workers} workers an equal share of {@code samples}, binned into at most
     * {@code bins} bins; ascending.
     *
     * @throws IllegalArgumentException if {@code workers < 1}, or if {@code workers > 1} and
     *     {@code samples} is empty or {@code bins < 1}
     */
    public static long[] cuts(long[] samples, int workers, int bins) {
        Sampling.checkPositive("workers", workers);
        double heavy = samples.length / (8.0 * workers);
        long[] cuts = new long[workers - 1];
        for (int i = 1; i < workers; i++) {
            double target = (double) samples.length * i / workers;
            cuts[i - 1] = cut(samples, target, bins, heavy, 0);
            if (i > 1) {
                cuts[i - 1] = Math.max(cuts[i - 1], cuts[i - 2]);
            }
        }
        return cuts;
    }

    /** The key below which about {@code target} of {@code samples} lie. */
    private static long cut(long[] samples, double target, int bins, double heavy, int depth) {
        EqualWidthHistogram h = EqualWidthHistogram.of(samples, bins);
        double below = 0;
        int bin = 0;
        while (bin < h.bins() - 1 && below + h.count(bin) < target) {
            below += h.count(bin);
            bin++;
        }
        long inBin = h.count(bin);
        if (inBin > heavy && h.width() > 1.0 && depth < MAX_REFINEMENTS) {
            long[] inside = samplesIn(samples, h.lowKey(bin), h.highKey(bin));
            if (inside.length < samples.length) {
                return cut(inside, target - below, bins, heavy, depth + 1);
            }
        }
        double fraction = inBin == 0 ? 1.0 : Math.min(1.0, (target - below) / inBin);
        return h.interpolate(bin, fraction);
    }

    private static long[] samplesIn(long[] samples, long fromInclusive, long toExclusive) {
        long[] inside = new long[samples.length];
        int n = 0;
        for (long s : samples) {
            if (s >= fromInclusive && (s < toExclusive || toExclusive == Long.MAX_VALUE)) {
                inside[n++] = s;
            }
        }
        return Arrays.copyOf(inside, n);
    }
}
