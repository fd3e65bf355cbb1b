package dev.locus.jmh.peer;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The key streams of {@link PeerBenchmark}, each drawn in advance into an array that a
 * producer reads cyclically, so that generating a key costs an array read.
 */
enum KeyStream {

    /** Uniform over {@value #KEYS} keys. */
    UNIFORM {
        @Override
        long draw(SplittableRandom random) {
            return random.nextInt(KEYS);
        }
    },
    /** Zipf with exponent {@value #ZIPF_EXPONENT} over {@value #KEYS} keys, key 0 the most frequent. */
    ZIPF {
        @Override
        long draw(SplittableRandom random) {
            int index = Arrays.binarySearch(ZipfTable.CUMULATIVE, random.nextDouble());
            return Math.min(index < 0 ? -index - 1 : index, KEYS - 1);
        }
    },
    /** Exponential with rate {@value #EXPONENTIAL_RATE}, folded into 17 bits. */
    EXPONENTIAL {
        @Override
        long draw(SplittableRandom random) {
            return (long) (-Math.log(1 - random.nextDouble()) / EXPONENTIAL_RATE) & PeerBenchmark.MAX_KEY;
        }
    };

    static final int KEYS = 100_000;
    static final double ZIPF_EXPONENT = 1.1;
    static final double EXPONENTIAL_RATE = 0.001;

    /** One key of this stream. */
    abstract long draw(SplittableRandom random);

    /** {@code count} keys of this stream. */
    long[] draw(SplittableRandom random, int count) {
        long[] keys = new long[count];
        for (int i = 0; i < count; i++) {
            keys[i] = draw(random);
        }
        return keys;
    }

    /** Zipf's cumulative distribution over the keys, computed once, when first drawn from. */
    private static final class ZipfTable {

        static final double[] CUMULATIVE = new double[KEYS];

        static {
            double total = 0;
            for (int k = 0; k < KEYS; k++) {
                total += Math.pow(k + 1, -ZIPF_EXPONENT);
                CUMULATIVE[k] = total;
            }
            for (int k = 0; k < KEYS; k++) {
                CUMULATIVE[k] /= total;
            }
        }
    }
}
