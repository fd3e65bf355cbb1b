package dev.locus.executor.routing;

import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * The key streams of [Bai06] §5.4, in its 17-bit space: uniform, Gaussian with mean 65,536, and
 * the last 17 bits of {@code -log(1-r)/0.001}.
 */
enum KeyStreams {
    UNIFORM,
    /** Standard deviation 12,000: the paper's "99% of the values lie among the 72,000 in the center". */
    GAUSSIAN_PAPER,
    /** Variance 12,000 taken literally (standard deviation about 110): a far narrower stream. */
    GAUSSIAN_VARIANCE,
    EXPONENTIAL;

    static final long SPACE = 1 << 17;

    LongSupplier stream(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return switch (this) {
            case UNIFORM -> () -> random.nextLong(SPACE);
            case GAUSSIAN_PAPER -> () -> clamp(65_536 + gaussian(random) * 12_000);
            case GAUSSIAN_VARIANCE -> () -> clamp(65_536 + gaussian(random) * Math.sqrt(12_000));
            case EXPONENTIAL -> () -> ((long) (-Math.log(1 - random.nextDouble()) / 0.001)) & (SPACE - 1);
        };
    }

    private static long clamp(double key) {
        return Math.max(0, Math.min(SPACE - 1, Math.round(key)));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller; SplittableRandom has no nextGaussian on JDK 17.
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
