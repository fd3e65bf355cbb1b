package dev.locus.executor.routing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ConflictCuts} on exact inputs: load spread evenly over keys {@code [0, 1000)}, ten samples
 * a key, and aborts placed by each test.
 */
class ConflictCutsTest {

    /** Half of an imbalance threshold of 1.25: the cut may move 62 keys of a fair share of 500. */
    private static final double SLACK = 0.125;
    private static final long[] LOAD = evenLoad(1000, 10);

    @Test
    void aCutInsideAConflictingClusterMovesOutOfIt() {
        long[] moved = ConflictCuts.adjust(new long[] {500}, LOAD, cluster(450, 550, 10), SLACK);
        assertTrue(moved[0] <= 450 || moved[0] >= 550, "cut " + moved[0] + " splits the cluster [450, 550)");
        assertWithinTolerance(moved);
    }

    @Test
    void onlyTheCutsInClustersMove() {
        long[] aborts = merge(cluster(230, 270, 25), cluster(730, 770, 25));
        long[] cuts = {250, 500, 750};
        long[] moved = ConflictCuts.adjust(cuts, LOAD, aborts, SLACK);
        assertTrue(moved[0] <= 230 || moved[0] >= 270, "first cut " + moved[0]);
        assertEquals(500, moved[1], "no aborts near the middle cut");
        assertTrue(moved[2] <= 730 || moved[2] >= 770, "last cut " + moved[2]);
        assertWithinTolerance(moved);
    }

    @Test
    void aClusterWiderThanTheToleranceKeepsTheCut() {
        long[] cuts = {500};
        assertArrayEquals(cuts, ConflictCuts.adjust(cuts, LOAD, cluster(300, 700, 5), SLACK));
    }

    @Test
    void aClusterAwayFromTheCutKeepsIt() {
        long[] cuts = {500};
        assertArrayEquals(cuts, ConflictCuts.adjust(cuts, LOAD, cluster(100, 200, 20), SLACK));
    }

    @Test
    void noAbortsKeepTheCuts() {
        long[] cuts = {250, 500, 750};
        assertArrayEquals(cuts, ConflictCuts.adjust(cuts, LOAD, new long[0], SLACK));
        assertArrayEquals(cuts, ConflictCuts.adjust(cuts, new long[0], cluster(450, 550, 10), SLACK));
    }

    /** The significance rule: among 1,000 random spreads of even aborts over random load, none moves a cut. */
    @Test
    void abortsSpreadEvenlyKeepTheCuts() {
        long[] cuts = {250, 500, 750};
        for (int seed = 0; seed < 1000; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            long[] load = sortedUniform(random, 10_000, 0, 1000);
            long[] aborts = sortedUniform(random, 1024, 0, 1000);
            assertArrayEquals(cuts, ConflictCuts.adjust(cuts, load, aborts, SLACK), "seed " + seed);
        }
    }

    /**
     * Inside a dense cluster wider than the tolerance (here 25 keys either side) every position is
     * as bad as the cut; among 2,000 random samplings none moves it. The load samples are random
     * as well as the aborts: counting only the aborts' variance moved the cut in about one in 300.
     */
    @Test
    void noiseInsideAWideClusterKeepsTheCut() {
        long[] cuts = {500};
        for (int seed = 0; seed < 2000; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            long[] load = sortedUniform(random, 10_000, 0, 1000);
            long[] aborts = sortedUniform(random, 1024, 450, 550);
            assertArrayEquals(cuts, ConflictCuts.adjust(cuts, load, aborts, 0.05), "seed " + seed);
        }
    }

    private static long[] sortedUniform(SplittableRandom random, int n, long from, long to) {
        long[] keys = new long[n];
        Arrays.setAll(keys, i -> from + random.nextLong(to - from));
        Arrays.sort(keys);
        return keys;
    }

    /** No worker holds more than {@code 1 + SLACK} times its fair share of the load samples. */
    private static void assertWithinTolerance(long[] cuts) {
        RangeTable table = RangeTable.of(cuts);
        long[] perWorker = new long[table.workers()];
        for (long key : LOAD) {
            perWorker[table.route(key)]++;
        }
        double fair = (double) LOAD.length / perWorker.length;
        for (long n : perWorker) {
            assertTrue(n <= fair * (1 + SLACK), Arrays.toString(perWorker) + " for cuts " + Arrays.toString(cuts));
        }
    }

    private static long[] evenLoad(int keys, int perKey) {
        long[] load = new long[keys * perKey];
        Arrays.setAll(load, i -> i / perKey);
        return load;
    }

    /** {@code perKey} abort samples for every key of {@code [from, to)}, sorted. */
    private static long[] cluster(int from, int to, int perKey) {
        long[] aborts = new long[(to - from) * perKey];
        Arrays.setAll(aborts, i -> from + i / perKey);
        return aborts;
    }

    private static long[] merge(long[] a, long[] b) {
        long[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        return all;
    }
}
