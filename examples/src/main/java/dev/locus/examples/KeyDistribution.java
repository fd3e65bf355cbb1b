package dev.locus.examples;

import java.util.SplittableRandom;

/**
 * The three transaction-key distributions of paper 002 §5.4, over a 17-bit key space
 * {@code [0, 131071]}.
 */
public enum KeyDistribution {

    /** Every key equally likely. */
    UNIFORM("uniform") {
        @Override
        public long next(SplittableRandom random) {
            return random.nextInt(KEY_SPACE);
        }
    },

    /**
     * Mean 65,536, standard deviation 12,000: about 99% of the keys fall among the 72,000 in the
     * middle of the range (the paper prints "variance 12,000"; its 99% figure fits a standard
     * deviation of 12,000). The rare key outside the range is clamped to its ends.
     */
    GAUSSIAN("gaussian") {
        @Override
        public long next(SplittableRandom random) {
            long key = Math.round(random.nextGaussian(65_536, 12_000));
            return Math.max(0, Math.min(MAX_KEY, key));
        }
    },

    /**
     * The last 17 bits of {@code -log(1 - r) / 0.001} for {@code r} uniform in {@code [0, 1)}:
     * the paper says 99% of the keys lie in {@code [0, 6907]}, a little over 5% of the range
     * (in fact 99.9% do; 99% lie in {@code [0, 4605]}).
     */
    EXPONENTIAL("exponential") {
        @Override
        public long next(SplittableRandom random) {
            return (long) (-Math.log(1 - random.nextDouble()) / 0.001) & MAX_KEY;
        }
    };

    /** Bits in a key. */
    public static final int KEY_BITS = 17;

    /** Number of distinct keys, {@code 2^17}. */
    public static final int KEY_SPACE = 1 << KEY_BITS;

    /** The largest key, 131,071. */
    public static final long MAX_KEY = KEY_SPACE - 1;

    private final String label;

    KeyDistribution(String label) {
        this.label = label;
    }

    /** The next key, in {@code [0, MAX_KEY]}. */
    public abstract long next(SplittableRandom random);

    /** The lower-case name used in output and on the command line. */
    public String label() {
        return label;
    }
}
