package dev.locus.jmh.oversubscription;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnLong;
import dev.locus.stm.TransactionalExecutor;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * STAMP's kmeans as an SPMD workload: each transaction adds one point to the accumulators of
 * the cluster whose centre is nearest, and its type is that cluster, which is what two
 * transactions conflict on, so that conflict avoidance can tell them apart. [Nicacio10] §4 runs
 * KmeansHigh and KmeansLow.
 */
final class KmeansWorkload implements SpmdWorkload {

    /*
     * Implementation notes
     *
     * Overview
     *   STAMP 0.9.10's kmeans (normal.c, work()): a thread finds the centre nearest to its point
     *   outside any transaction, then in one transaction adds the point's features to that
     *   cluster's new-centre sums and increments its count (new_centers[index][j] += feature[i][j],
     *   new_centers_len[index]++). Every such transaction reads and writes the same 1 + FEATURES
     *   references of its cluster, so two that pick the same cluster conflict and two that do not
     *   never do: with 15 clusters (STAMP's kmeans-high, -m15 -n15) a pair conflicts far more
     *   often than with 40 (kmeans-low, -m40 -n40). The input is STAMP's random-n65536-d32-c16
     *   in shape: 65,536 points of 32 features drawn around 16 centres, generated here from a
     *   fixed seed.
     *
     *   Differences from STAMP, and why. STAMP's threads take the points in chunks and meet at a
     *   barrier after each pass, where one of them turns the sums into the next centres. The SPMD
     *   phases of this suite are fixed numbers of transactions, not passes, so a thread draws its
     *   points at random, and the centres stay those of the first pass (the first 15 or 40
     *   points, as STAMP starts) throughout a measurement: each transaction is then exactly one
     *   of STAMP's first pass. recomputeCentres does the step between passes, for tests and for
     *   anyone who runs passes. Features are fixed-point longs (micro-units), so that sums are
     *   exact and a test can check that every committed transaction was counted once; STAMP's are
     *   floats.
     *
     * Concurrency
     *   The accumulators are transactional; the points and centres are written before the
     *   threads start (and by recomputeCentres only between phases) and only read meanwhile. A
     *   program's cluster choice is its own.
     *
     * Memory ordering
     *   The team's start and phase hand-offs publish the points and centres to its threads.
     *
     * References
     *   [Nicacio10] §4 (STAMP's KMeans at high and low contention); Minh et al., STAMP, IISWC
     *   2008, and STAMP 0.9.10's kmeans/normal.c.
     */

    /** STAMP's kmeans-high: 15 clusters. */
    static final int HIGH_CLUSTERS = 15;
    /** STAMP's kmeans-low: 40 clusters. */
    static final int LOW_CLUSTERS = 40;
    static final int POINTS = 65_536;
    static final int FEATURES = 32;
    /** Centres the input is drawn around (the "c16" of STAMP's input's name). */
    static final int GENERATING_CENTRES = 16;
    /** Fixed-point scale of a feature: micro-units. */
    static final long SCALE = 1_000_000;

    /** The input, point by point, feature by feature, in micro-units. */
    private final long[][] points;
    /** Each cluster's current centre, in micro-units; replaced only by {@link #recomputeCentres}. */
    private final double[][] centres;
    /** Each cluster's count of points added since the last recompute. */
    private final TxnLong[] counts;
    /** Each cluster's sum of each feature of its points, in micro-units. */
    private final TxnLong[][] sums;

    /** kmeans over the standard input with {@code clusters} clusters, its centres the first points. */
    KmeansWorkload(int clusters) {
        this(clusters, POINTS);
    }

    /** As {@link #KmeansWorkload(int)}, over the first {@code pointCount} points of the standard input. */
    KmeansWorkload(int clusters, int pointCount) {
        if (clusters < 1 || clusters > pointCount) {
            throw new IllegalArgumentException(clusters + " clusters for " + pointCount + " points");
        }
        this.points = input(pointCount);
        this.centres = new double[clusters][];
        for (int c = 0; c < clusters; c++) {
            centres[c] = toDouble(points[c]);
        }
        this.counts = Stream.generate(() -> StmUtils.newTxnLong(0)).limit(clusters).toArray(TxnLong[]::new);
        this.sums = Stream.generate(() -> Stream.generate(() -> StmUtils.newTxnLong(0)).limit(FEATURES)
                .toArray(TxnLong[]::new)).limit(clusters).toArray(TxnLong[][]::new);
    }

    static KmeansWorkload high() {
        return new KmeansWorkload(HIGH_CLUSTERS);
    }

    static KmeansWorkload low() {
        return new KmeansWorkload(LOW_CLUSTERS);
    }

    /**
     * The input: each point a generating centre, uniform in [0, 1) per feature, plus a Gaussian
     * offset of deviation 0.05 per feature; all from one fixed seed.
     */
    static long[][] input(int pointCount) {
        SplittableRandom random = new SplittableRandom(65_536);
        double[][] generators = new double[GENERATING_CENTRES][FEATURES];
        for (double[] g : generators) {
            for (int j = 0; j < FEATURES; j++) {
                g[j] = random.nextDouble();
            }
        }
        long[][] input = new long[pointCount][FEATURES];
        for (long[] point : input) {
            double[] g = generators[random.nextInt(GENERATING_CENTRES)];
            for (int j = 0; j < FEATURES; j++) {
                point[j] = Math.round((g[j] + 0.05 * gaussian(random)) * SCALE);
            }
        }
        return input;
    }

    /** The cluster whose centre is nearest {@code point} (Euclidean; the lowest index on a tie). */
    int nearest(long[] point) {
        int best = 0;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int c = 0; c < centres.length; c++) {
            double distance = 0;
            for (int j = 0; j < FEATURES; j++) {
                double d = point[j] - centres[c][j];
                distance += d * d;
            }
            if (distance < bestDistance) {
                best = c;
                bestDistance = distance;
            }
        }
        return best;
    }

    /**
     * STAMP's transaction, through {@code stm} with key and type {@code c}: adds {@code point} to
     * cluster {@code c}'s sums and count.
     */
    void add(TransactionalExecutor stm, int c, long[] point) throws Exception {
        stm.call(c, c, txn -> {
            add(txn, c, point);
            return null;
        });
    }

    /** The transaction's body, in {@code txn}. Package-private for tests. */
    void add(Txn txn, int c, long[] point) {
        counts[c].set(txn, counts[c].get(txn) + 1);
        TxnLong[] clusterSums = sums[c];
        for (int j = 0; j < FEATURES; j++) {
            clusterSums[j].set(txn, clusterSums[j].get(txn) + point[j]);
        }
    }

    /**
     * STAMP's step between passes, with no transaction running: each cluster that received points
     * moves its centre to their mean, and the sums and counts start again from zero.
     *
     * @return how far the centres moved, the largest distance of one centre, in feature units
     */
    double recomputeCentres() {
        double moved = 0;
        for (int c = 0; c < centres.length; c++) {
            long count = counts[c].atomicGet();
            if (count > 0) {
                double distance = 0;
                for (int j = 0; j < FEATURES; j++) {
                    double mean = (double) sums[c][j].atomicGet() / count;
                    distance += (mean - centres[c][j]) * (mean - centres[c][j]);
                    centres[c][j] = mean;
                    sums[c][j].atomicSet(0);
                }
                counts[c].atomicSet(0);
                moved = Math.max(moved, Math.sqrt(distance) / SCALE);
            }
        }
        return moved;
    }

    /** Points in each cluster since the last recompute. */
    long[] counts() {
        return Stream.of(counts).mapToLong(TxnLong::atomicGet).toArray();
    }

    /** Cluster {@code c}'s feature sums since the last recompute, in micro-units. */
    long[] sums(int c) {
        return Stream.of(sums[c]).mapToLong(TxnLong::atomicGet).toArray();
    }

    /** The input's points, in micro-units; not to be changed. */
    long[][] points() {
        return points;
    }

    /** Cluster {@code c}'s current centre, in feature units. */
    double[] centre(int c) {
        double[] centre = centres[c].clone();
        for (int j = 0; j < FEATURES; j++) {
            centre[j] /= SCALE;
        }
        return centre;
    }

    @Override
    public ThreadProgram program(SplittableRandom random) {
        return new Program(random);
    }

    private static double[] toDouble(long[] point) {
        double[] d = new double[point.length];
        for (int j = 0; j < point.length; j++) {
            d[j] = point[j];
        }
        return d;
    }

    /** A standard normal draw (Box-Muller). */
    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** One thread: random points, each added to its nearest cluster. Package-private for tests. */
    final class Program implements ThreadProgram {

        private final SplittableRandom random;
        private long[] point;
        private int cluster;

        Program(SplittableRandom random) {
            this.random = random;
        }

        @Override
        public int chooseNext() {
            point = points[random.nextInt(points.length)];
            cluster = nearest(point);
            return cluster;
        }

        /** The point {@link #chooseNext} chose. */
        long[] point() {
            return point;
        }

        @Override
        public void runChosen(TransactionalExecutor stm) throws Exception {
            add(stm, cluster, point);
        }
    }
}
