package dev.locus.stm.dictionary;

import java.util.SplittableRandom;

/**
 * The three transaction-key distributions of [Bai06] §5.4, over a 17-bit space
 * {@code [0, 131071]}. A value drawn for a dictionary transaction carries the dictionary key in
 * its first 16 bits and the operation in its last ({@link #dictionaryKey}, {@link #isInsert}).
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

    /** Bits of the dictionary key in a value; the one bit after them picks the operation. */
    public static final int DICTIONARY_KEY_BITS = KEY_BITS - 1;

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

    /**
     * The distribution called {@code label}.
     *
     * @throws IllegalArgumentException if no distribution has that label
     */
    public static KeyDistribution of(String label) {
        for (KeyDistribution d : values()) {
            if (d.label.equals(label)) {
                return d;
            }
        }
        throw new IllegalArgumentException("unknown distribution " + label + "; expected uniform, gaussian or exponential");
    }

    /** The dictionary key in {@code value}: its first 16 of 17 bits, in {@code [0, 65535]}. */
    public static int dictionaryKey(long value) {
        return (int) (value >>> 1);
    }

    /** Whether {@code value} asks to insert its key (last bit 0) rather than delete it. */
    public static boolean isInsert(long value) {
        return (value & 1) == 0;
    }
}
