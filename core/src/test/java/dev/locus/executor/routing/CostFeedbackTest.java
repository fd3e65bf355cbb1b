package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link AdaptiveRangeRouter.Settings#costFeedback(boolean)}, driven as the executor and the STM
 * adapter would drive it: with cost reports the router balances reported time rather than tasks,
 * and moves a cut, within half the imbalance its threshold allows, off a cluster of keys whose
 * tasks abort one another.
 */
class CostFeedbackTest {

    private static final long SPACE = KeyStreams.SPACE;
    private static final int WARM_UP = 10_000;
    /**
     * Tasks after warm-up by which cost balance is reached: from then on every 10,000 tasks have
     * their busiest worker within 1.15 of its fair time (measured over 200 runs: 60,000 to 130,000).
     */
    private static final int SETTLE = 150_000;
    private static final int MEASURED = 200_000;

    /** Keys in the lower half of the space take three times as long; nothing aborts. */
    private static final RouterDriver.Costs LOWER_HALF_DEARER = new RouterDriver.Costs() {
        @Override
        public int aborts(long key, RoutingTable table) {
            return 0;
        }

        @Override
        public long nanos(long key, int aborts) {
            return key < SPACE / 2 ? 3_000 : 1_000;
        }
    };

    // ---------------------------------------------------------------- cost weighting

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2, 4})
    void balancesReportedTimeNotTasks(int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers, wholeSpace().costFeedback(true));
        LongSupplier keys = KeyStreams.UNIFORM.stream(11);
        driver.route(keys, WARM_UP + SETTLE, LOWER_HALF_DEARER);
        double time = RouterDriver.imbalance(driver.route(keys, MEASURED, LOWER_HALF_DEARER));
        System.out.printf("cost feedback w=%d: busiest worker's time %.3f x fair, %d re-partitions, %s%n",
                workers, time, driver.repartitions(), driver.table());
        assertTrue(time <= 1.15, "busiest worker's share of time " + time + " x fair");
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {2, 4})
    void withoutCostFeedbackReportsAreIgnored(int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers, wholeSpace());
        LongSupplier keys = KeyStreams.UNIFORM.stream(11);
        driver.route(keys, WARM_UP + SETTLE, LOWER_HALF_DEARER);
        double time = RouterDriver.imbalance(driver.route(keys, MEASURED, LOWER_HALF_DEARER));
        double tasks = RouterDriver.imbalance(driver.route(keys, MEASURED));
        System.out.printf("no cost feedback w=%d: busiest worker's time %.3f x fair, tasks %.3f x fair%n",
                workers, time, tasks);
        assertTrue(tasks <= 1.10, "tasks stay balanced: " + tasks);
        assertTrue(time > 1.4, "balanced by tasks, the dearer half's workers carry 1.5 x fair, not " + time);
    }

    /** Cost feedback on but no reports: submissions still measure load, and a drift is still followed. */
    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {4, 8})
    void withoutReportsTasksAreBalancedAsBefore(int workers) {
        RouterDriver driver = RouterDriver.adaptive(workers, wholeSpace().costFeedback(true));
        driver.route(KeyStreams.UNIFORM.stream(1), 100_000);
        LongSupplier exponential = KeyStreams.EXPONENTIAL.stream(2);
        driver.route(exponential, DriftTest.BOUND);
        double tasks = RouterDriver.imbalance(driver.route(exponential, MEASURED));
        assertTrue(driver.repartitions() > 1, "re-partitioned after the drift");
        assertTrue(tasks <= 1.10, "busiest worker's tasks " + tasks + " x fair");
    }

    // ---------------------------------------------------------------- conflict-aware cuts

    /** Keys {@code [0, 1000)}, two workers: the PD-partition cuts near 500. */
    private static final long KEYS = 1000;
    private static final long CLUSTER_FROM = 450;
    private static final long CLUSTER_TO = 550;
    /** Tolerance 0.125 of a fair share: a cut may move 62 keys, enough to clear the cluster. */
    private static final double THRESHOLD = 1.25;
    /**
     * Tasks after warm-up by which the cut has left the cluster. The router looks at conflicts at
     * every eighth check, about every 65,000 tasks; measured over 600 runs: 30,000 to 200,000.
     */
    private static final int CONFLICT_SETTLE = 300_000;

    /**
     * Tasks on keys {@code [450, 550)} conflict with one another: split across two workers, each
     * aborts once, which doubles its time; on one worker they never abort.
     */
    private static final RouterDriver.Costs CLUSTER_CONFLICTS = new RouterDriver.Costs() {
        @Override
        public int aborts(long key, RoutingTable table) {
            boolean split = table.route(CLUSTER_FROM) != table.route(CLUSTER_TO - 1);
            return split && key >= CLUSTER_FROM && key < CLUSTER_TO ? 1 : 0;
        }

        @Override
        public long nanos(long key, int aborts) {
            return 1_000L * (1 + aborts);
        }
    };

    /**
     * With a warm-up range of {@code [0, 999]} the warm-up cut at 500 already splits the cluster and
     * its aborts are seen before the first PD-partition; with {@code [0, 1999]} every key runs on
     * worker 0 until then, and only the balanced table's aborts can move the cut.
     */
    @ParameterizedTest(name = "warm-up range [0, {0}]")
    @ValueSource(longs = {999, 1999})
    void aCutMovesOffAClusterOfConflictingKeys(long warmupMax) {
        AdaptiveRangeRouter.Settings settings = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, warmupMax).imbalanceThreshold(THRESHOLD).costFeedback(true);
        RouterDriver driver = RouterDriver.adaptive(2, settings);
        LongSupplier keys = uniformKeys(5);
        driver.route(keys, WARM_UP + CONFLICT_SETTLE, CLUSTER_CONFLICTS);
        long cut = driver.table().boundaries()[0];
        assertTrue(cut <= CLUSTER_FROM || cut >= CLUSTER_TO, "cut " + cut + " still splits [450, 550)");

        double time = RouterDriver.imbalance(driver.route(keys, MEASURED, CLUSTER_CONFLICTS));
        System.out.printf("conflicting cluster, warm-up [0, %d]: cut %d, busiest worker's time %.3f x fair, "
                + "%d re-partitions%n", warmupMax, driver.table().boundaries()[0], time, driver.repartitions());
        assertTrue(time <= THRESHOLD, "busiest worker's time " + time + " x fair, above the threshold");
        assertEquals(cut, driver.table().boundaries()[0], "the cut stays off the cluster once its aborts stop");
    }

    /** With the default threshold (a tolerance of 25 keys) the cluster cannot be cleared: balance wins. */
    @Test
    void aClusterWiderThanTheToleranceStaysSplit() {
        AdaptiveRangeRouter.Settings settings = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, KEYS - 1).costFeedback(true);
        RouterDriver driver = RouterDriver.adaptive(2, settings);
        LongSupplier keys = uniformKeys(6);
        driver.route(keys, WARM_UP + CONFLICT_SETTLE, CLUSTER_CONFLICTS);
        double time = RouterDriver.imbalance(driver.route(keys, MEASURED, CLUSTER_CONFLICTS));
        long cut = driver.table().boundaries()[0];
        System.out.printf("conflicting cluster, threshold 1.10: cut %d, busiest worker's time %.3f x fair%n",
                cut, time);
        assertTrue(Math.abs(cut - KEYS / 2) <= 25, "cut " + cut + " moved beyond the tolerance");
        assertTrue(time <= 1.10, "busiest worker's time " + time + " x fair");
    }

    /** Aborts that do not depend on placement give no reason to move a cut. */
    @Test
    void abortsSpreadEvenlyLeaveTheCutWhereTheLoadPutsIt() {
        AdaptiveRangeRouter.Settings settings = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, KEYS - 1).imbalanceThreshold(THRESHOLD).costFeedback(true);
        RouterDriver driver = RouterDriver.adaptive(2, settings);
        AdaptiveRangeRouter router = (AdaptiveRangeRouter) driver.router();
        LongSupplier keys = uniformKeys(7);
        SplittableRandom abortDice = new SplittableRandom(8);
        RouterDriver.Costs spread = new RouterDriver.Costs() {
            @Override
            public int aborts(long key, RoutingTable table) {
                return abortDice.nextInt(10) == 0 ? 1 : 0;
            }

            @Override
            public long nanos(long key, int aborts) {
                return 1_000L * (1 + aborts);
            }
        };
        while (!router.isAdapted()) {
            driver.route(keys, 1, spread);
        }
        long[] firstCut = driver.table().boundaries();
        driver.route(keys, CONFLICT_SETTLE + MEASURED, spread);
        System.out.printf("aborts spread evenly: cut %s after warm-up, %s at the end%n",
                Arrays.toString(firstCut), Arrays.toString(driver.table().boundaries()));
        assertArrayEquals(firstCut, driver.table().boundaries(), "the cut moved");
        assertTrue(Math.abs(firstCut[0] - KEYS / 2) <= 20, "cut " + firstCut[0]);
    }

    private static LongSupplier uniformKeys(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return () -> random.nextLong(KEYS);
    }

    private static AdaptiveRangeRouter.Settings wholeSpace() {
        return AdaptiveRangeRouter.Settings.defaults().warmupRange(0, SPACE - 1);
    }
}
