package dev.locus.executor.sampling;

/**
 * Counts of samples in equal-width bins between the smallest and the largest sample: step (b) of
 * the PD-partition ([Bai06], Figure 2). Works for any {@code long} keys: spans wider than
 * {@code 2^53} are binned in floating point, so bin edges are then exact to about one part in
 * {@code 2^53}. Spans narrower than the bin count get one bin per key.
 */
public final class EqualWidthHistogram {

    private static final double TWO_POW_64 = 0x1p64;

    private final long min;
    private final long max;
    private final double width;
    private final long[] counts;

    private EqualWidthHistogram(long min, long max, double width, long[] counts) {
        this.min = min;
        this.max = max;
        this.width = width;
        this.counts = counts;
    }

    /**
     * Bins {@code samples} into at most {@code maxBins} bins.
     *
     * @throws IllegalArgumentException if {@code samples} is empty or {@code maxBins < 1}
     */
    public static EqualWidthHistogram of(long[] samples, int maxBins) {
        Sampling.checkPositive("maxBins", maxBins);
        if (samples.length == 0) {
            throw new IllegalArgumentException("no samples to bin");
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long s : samples) {
            min = Math.min(min, s);
            max = Math.max(max, s);
        }
        long span = max - min; // unsigned
        int bins = Long.compareUnsigned(span, maxBins - 1L) < 0 ? (int) span + 1 : maxBins;
        double width = (unsigned(span) + 1.0) / bins;
        long[] counts = new long[bins];
        EqualWidthHistogram h = new EqualWidthHistogram(min, max, width, counts);
        for (long s : samples) {
            counts[h.bin(s)]++;
        }
        return h;
    }

    /** Number of bins. */
    public int bins() {
        return counts.length;
    }

    /** Samples in bin {@code i}. */
    public long count(int i) {
        return counts[i];
    }

    /** The bin a key between the smallest and largest sample falls in. */
    public int bin(long key) {
        return (int) Math.min(counts.length - 1, offset(key) / width);
    }

    /** First key of bin {@code i}. */
    public long lowKey(int i) {
        return i == 0 ? min : keyAt(Math.ceil(i * width));
    }

    /** First key after bin {@code i}; saturates at {@code Long.MAX_VALUE}. */
    public long highKey(int i) {
        if (i < counts.length - 1) {
            return lowKey(i + 1);
        }
        return max == Long.MAX_VALUE ? max : max + 1;
    }

    /**
     * The key below which about {@code fraction} of bin {@code i}'s samples lie, assuming they
     * spread evenly over the bin (the linear piece of step (d)).
     */
    public long interpolate(int i, double fraction) {
        if (fraction >= 1.0) {
            return highKey(i);
        }
        double position = (i + fraction) * width;
        long key = keyAt(Math.rint(position));
        long high = highKey(i);
        long low = lowKey(i);
        return key < low ? low : Math.min(key, high);
    }

    /** Width of a bin, in keys. */
    public double width() {
        return width;
    }

    private double offset(long key) {
        return unsigned(key - min);
    }

    private long keyAt(double offset) {
        long unsignedOffset = offset >= 0x1p63 ? (long) (offset - 0x1p63) + Long.MIN_VALUE : (long) offset;
        long key = min + unsignedOffset;
        return Long.compareUnsigned(unsignedOffset, max - min) > 0 ? max : key;
    }

    private static double unsigned(long value) {
        double d = (double) value;
        return value < 0 ? d + TWO_POW_64 : d;
    }
}
