package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * [Bai06] §4.2 and §5.4: after warm-up the PD-partition balances all three key streams, while the
 * fixed partition piles the exponential stream onto one worker.
 */
class PdPartitionQualityTest {

    private static final int MEASURED = 200_000;

    @ParameterizedTest(name = "{0}, {1} workers")
    @CsvSource({
        "UNIFORM, 4", "UNIFORM, 8",
        "GAUSSIAN_PAPER, 4", "GAUSSIAN_PAPER, 8",
        "GAUSSIAN_VARIANCE, 4", "GAUSSIAN_VARIANCE, 8",
        "EXPONENTIAL, 4", "EXPONENTIAL, 8"})
    void adaptiveBalancesAfterWarmUp(KeyStreams stream, int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, KeyStreams.SPACE - 1));
        AdaptiveRangeRouter router = (AdaptiveRangeRouter) driver.router();
        LongSupplier keys = stream.stream(42);
        int warmUp = 0;
        while (!router.isAdapted()) {
            driver.route(keys.getAsLong());
            warmUp++;
        }
        assertEquals(10_000, warmUp, "the first PD-partition comes after the confidence threshold");

        double imbalance = RouterDriver.imbalance(driver.route(keys, MEASURED));
        System.out.printf("adaptive %-17s w=%d imbalance %.3f repartitions %d%n",
                stream, workers, imbalance, driver.repartitions());
        assertTrue(imbalance <= 1.10, "busiest worker at " + imbalance + " x the mean");
    }

    @ParameterizedTest(name = "{0} workers")
    @CsvSource({"4", "8"})
    void fixedRangeIsImbalancedOnTheExponentialStream(int workers) {
        RouterDriver driver = new RouterDriver(new FixedRangeRouter(workers, 0, KeyStreams.SPACE - 1));
        double imbalance = RouterDriver.imbalance(driver.route(KeyStreams.EXPONENTIAL.stream(7), MEASURED));
        System.out.printf("fixed exponential w=%d imbalance %.3f%n", workers, imbalance);
        // Over 99% of the keys fall below 6,907, inside the first range of width 131,072 / w.
        assertTrue(imbalance > 0.95 * workers, "fixed partition imbalance " + imbalance);
    }

    @ParameterizedTest(name = "{0} workers")
    @CsvSource({"4", "8"})
    void fixedRangeBalancesTheUniformStream(int workers) {
        RouterDriver driver = new RouterDriver(new FixedRangeRouter(workers, 0, KeyStreams.SPACE - 1));
        double imbalance = RouterDriver.imbalance(driver.route(KeyStreams.UNIFORM.stream(9), MEASURED));
        assertTrue(imbalance <= 1.05, "fixed partition on uniform keys: " + imbalance);
    }
}
