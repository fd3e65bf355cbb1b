package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link RangeCost} on keys {@code [0, 1000)} cut into 64 buckets, one of whose bounds is 500. */
class RangeCostTest {

    private static final int BUCKETS = 64;

    @Test
    void weighsEachRangeByItsMeanTimeOverTheMeanOfAllReports() {
        RangeCost cost = regridded();
        reportLowerHalfDearer(cost, 10);
        cost.look();
        assertEquals(1.5, cost.weight(100), 1e-4, "3,000 ns against a mean of 2,000");
        assertEquals(0.5, cost.weight(900), 1e-4, "1,000 ns against a mean of 2,000");
    }

    @Test
    void keysWithTooFewReportsWeighOne() {
        RangeCost cost = new RangeCost();
        cost.record(100, 3_000);
        cost.look();
        assertEquals(1.0, cost.weight(100), "no buckets before the first regrid");

        cost = regridded();
        for (int i = 0; i < 3; i++) {
            cost.record(100, 3_000);
        }
        for (long key = 500; key < 1000; key++) {
            cost.record(key, 1_000);
        }
        cost.look();
        assertEquals(1.0, cost.weight(100), "three reports do not make a mean");
    }

    /** Looks come at the pace of submissions, reports at their own: only reports push old ones out. */
    @Test
    void looksWithoutReportsForgetNothing() {
        RangeCost cost = regridded();
        reportLowerHalfDearer(cost, 10);
        for (int i = 0; i < 1_000; i++) {
            cost.look();
        }
        assertEquals(1.5, cost.weight(100), 1e-4);
    }

    @Test
    void newReportsOutweighOldOnes() {
        RangeCost cost = regridded();
        for (int round = 0; round < 10; round++) {
            for (long key = 0; key < 1000; key++) {
                cost.record(key, 1_000);
            }
            cost.look();
        }
        assertEquals(1.0, cost.weight(100), 1e-4);
        for (int round = 0; round < 40; round++) {
            reportLowerHalfDearer(cost, 1);
            cost.look(); // keeps 64 to 128 reports per bucket: 4 to 8 rounds' worth
        }
        assertEquals(1.5, cost.weight(100), 0.01, "the old 1,000 ns reports are forgotten");
        assertEquals(0.5, cost.weight(900), 0.01);
    }

    @Test
    void aRegridCarriesEachRangesMeanOver() {
        RangeCost cost = regridded();
        reportLowerHalfDearer(cost, 10);
        cost.look();
        SplittableRandom random = new SplittableRandom(1);
        long[] resampled = new long[5000];
        Arrays.setAll(resampled, i -> random.nextLong(1000));
        Arrays.sort(resampled);
        cost.regrid(resampled, BUCKETS);
        assertEquals(1.5, cost.weight(100), 0.05);
        assertEquals(0.5, cost.weight(900), 0.05);
    }

    private static RangeCost regridded() {
        long[] keys = new long[1000];
        Arrays.setAll(keys, i -> i);
        RangeCost cost = new RangeCost();
        cost.regrid(keys, BUCKETS);
        return cost;
    }

    /** {@code times} reports of every key: 3,000 ns below 500, 1,000 ns from 500 on. */
    private static void reportLowerHalfDearer(RangeCost cost, int times) {
        for (int t = 0; t < times; t++) {
            for (long key = 0; key < 1000; key++) {
                cost.record(key, key < 500 ? 3_000 : 1_000);
            }
        }
    }
}
