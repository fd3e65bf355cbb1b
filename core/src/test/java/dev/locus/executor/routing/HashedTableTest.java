package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The adaptive router's default warm-up table: key-affine, and an about equal share of any key
 * space per worker.
 */
class HashedTableTest {

    private static final int KEYS = 10_000;
    /** How far a worker's share of {@link #KEYS} distinct keys may stray from the fair share. */
    private static final double TOLERANCE = 0.1;

    /** The {@code i}-th key, {@code i} in {@code [0, KEYS)}, of each key space. */
    static Arguments[] keySpaces() {
        long[] random = new SplittableRandom(25).longs(KEYS).toArray();
        return new Arguments[] {
            Arguments.of("dense ids from 1", (LongUnaryOperator) i -> 1 + i),
            Arguments.of("negative ids", (LongUnaryOperator) i -> -1 - i),
            Arguments.of("from Long.MIN_VALUE", (LongUnaryOperator) i -> Long.MIN_VALUE + i),
            Arguments.of("to Long.MAX_VALUE", (LongUnaryOperator) i -> Long.MAX_VALUE - i),
            Arguments.of("sparse: multiples of 1,000,003", (LongUnaryOperator) i -> i * 1_000_003),
            Arguments.of("sparse: multiples of 2^32", (LongUnaryOperator) i -> i << 32),
            Arguments.of("sparse: multiples of 1,024 (aligned ids)", (LongUnaryOperator) i -> i << 10),
            Arguments.of("random longs", (LongUnaryOperator) i -> random[(int) i]),
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("keySpaces")
    void everyWorkerGetsAnAboutEqualShareOfAnyKeySpace(String name, LongUnaryOperator key) {
        for (int workers = 1; workers <= 8; workers++) {
            HashedTable table = new HashedTable(workers);
            long[] perWorker = new long[workers];
            for (int i = 0; i < KEYS; i++) {
                perWorker[table.route(key.applyAsLong(i))]++;
            }
            double fair = (double) KEYS / workers;
            for (long n : perWorker) {
                assertTrue(Math.abs(n / fair - 1) <= TOLERANCE,
                        name + " on " + workers + " workers: " + Arrays.toString(perWorker));
            }
        }
    }

    @Test
    void routesEveryKeyToOneWorkerInRange() {
        HashedTable table = new HashedTable(3);
        long[] keys = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        for (long key : keys) {
            int worker = table.route(key);
            assertTrue(worker >= 0 && worker < 3, key + " -> " + worker);
            assertEquals(worker, new HashedTable(3).route(key), "a key changed worker");
        }
        assertTrue(table.keyAffine());
        assertEquals(0, table.boundaries().length);
        assertEquals(3, table.workers());
        assertThrows(IllegalArgumentException.class, () -> new HashedTable(0));
    }

    @Test
    void theAdaptiveRouterWarmsUpOnAHashUnlessGivenARange() {
        AdaptiveRangeRouter.Settings defaults = AdaptiveRangeRouter.Settings.defaults();
        assertInstanceOf(HashedTable.class, new AdaptiveRangeRouter(4).initialTable());
        assertTrue(defaults.toString().contains("warmup=hashed"), defaults.toString());

        AdaptiveRangeRouter.Settings ranged = defaults.warmupRange(0, 1023);
        assertEquals(RangeTable.equalWidth(4, 0, 1023), new AdaptiveRangeRouter(4, ranged).initialTable());
        assertTrue(ranged.toString().contains("warmup=[0, 1023]"), ranged.toString());
        assertThrows(IllegalArgumentException.class, () -> defaults.warmupRange(1, 0));
    }
}
