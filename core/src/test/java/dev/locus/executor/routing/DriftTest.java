package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.LongSupplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Beyond [Bai06]: when the key stream switches from uniform to exponential mid-run, the adaptive
 * router re-partitions and is balanced again within {@link #BOUND} tasks, with the default settings
 * (one key in 8 sampled, a 10,000-key window, a check about every 1,024 samples, threshold 1.10).
 * Balanced means: every later window of 20,000 tasks has its busiest worker within 1.20 of the
 * mean, the windows average within 1.12, and the router stops re-partitioning (at most 4 more).
 *
 * <p>The router's sampling is random, so the bounds are set from the distribution of many runs,
 * with room: balance usually returns some 40,000 tasks after the switch, but a re-partition that
 * noise started just before it is judged futile after it, and the backoff then delays the chase
 * (in 8,000 runs at 8 workers: by 120,000 tasks at the 99.9th percentile). A window of 2,500 tasks
 * per worker varies by a few percent on a balanced partition. A router that never regains balance,
 * or keeps re-partitioning, fails all the same. The driver's virtual clock makes the backoff's time
 * holds independent of how fast this test runs.
 */
class DriftTest {

    /** Tasks after the switch by which balance is back. */
    static final int BOUND = 200_000;
    private static final int WINDOW = 20_000;
    private static final int AFTER = 300_000;

    @ParameterizedTest(name = "{0} workers")
    @CsvSource({"4", "8"})
    void regainsBalanceAfterTheStreamMoves(int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, KeyStreams.SPACE - 1));
        double before = RouterDriver.imbalance(driver.route(KeyStreams.UNIFORM.stream(1), 100_000));
        assertTrue(before <= 1.10, "balanced on the uniform stream first: " + before);

        LongSupplier exponential = KeyStreams.EXPONENTIAL.stream(2);
        double first = RouterDriver.imbalance(driver.route(exponential, WINDOW));
        assertTrue(first > 1.5, "the switch must unbalance the old partition, was " + first);
        driver.route(exponential, BOUND - WINDOW);
        int repartitionsAtBound = driver.repartitions();

        double worst = 0;
        double sum = 0;
        int windows = AFTER / WINDOW;
        for (int i = 0; i < windows; i++) {
            double imbalance = RouterDriver.imbalance(driver.route(exponential, WINDOW));
            worst = Math.max(worst, imbalance);
            sum += imbalance;
        }
        int lateRepartitions = driver.repartitions() - repartitionsAtBound;
        System.out.printf("drift w=%d: first window %.2f; %d re-partitions before task %d; after it: "
                + "worst window %.3f, mean %.3f, %d re-partitions%n",
                workers, first, repartitionsAtBound, BOUND, worst, sum / windows, lateRepartitions);
        assertTrue(worst <= 1.20, "a window after task " + BOUND + " at " + worst);
        assertTrue(sum / windows <= 1.12, "mean imbalance after task " + BOUND + ": " + sum / windows);
        assertTrue(lateRepartitions <= 4, "still re-partitioning: " + lateRepartitions);
    }

    /**
     * Keys that sweep the key space in order (2 workers, consecutive keys wrapping at 2^17) move
     * on faster than any cut from recent keys can follow. The router must stop chasing them: its
     * re-partitions and the catch-ups they start, which sample every key, become exponentially
     * rarer. Before the backoff and the bounded catch-up, 2 million such keys made about 250
     * re-partitions (118 in the first million, 130 in the second, at 2 and at 4 workers), and the
     * catch-up never ended. With them, 200 runs at each worker count made 21 to 46 in the first
     * million and 0 to 24 in the second (at most one adaptation in 64 imbalance checks once the
     * backoff is at its cap, and a lucky balanced cut only halves it); with the backoff's time hold
     * as well, on the driver's virtual clock, runs make 15 to 25 and 0 to 8; spreading such keys by
     * a hash once the chase is judged one (SpreadTest), 13 to 19 and 0. The router's sampling is
     * random, so the bounds, half and a quarter of the old counts, leave room.
     */
    @ParameterizedTest(name = "{0} workers")
    @CsvSource({"2", "4"})
    void stopsChasingKeysThatSweepTheKeySpace(int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, KeyStreams.SPACE - 1));
        long[] next = {0};
        LongSupplier sweep = () -> next[0]++ & (KeyStreams.SPACE - 1);
        driver.route(sweep, 1_000_000);
        int early = driver.repartitions();
        driver.route(sweep, 1_000_000);
        int late = driver.repartitions() - early;
        System.out.printf("sweep w=%d: %d re-partitions in the first million keys, %d in the second%n",
                workers, early, late);
        assertTrue(early <= 60, "re-partitions in the first million swept keys: " + early);
        assertTrue(late <= 30, "the second million made " + late + " re-partitions after " + early);
    }
}
