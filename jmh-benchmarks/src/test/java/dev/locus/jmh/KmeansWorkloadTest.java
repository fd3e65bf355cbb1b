package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.stm.ContentionStats;
import dev.locus.stm.TransactionalExecutor;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * STAMP's kmeans: every committed transaction adds its point to its cluster exactly once, on
 * platform and on logical threads; fewer clusters conflict more; and passes with the centres
 * recomputed between them converge.
 */
@Timeout(60)
class KmeansWorkloadTest {

    private static final int THREADS = 16;
    private static final int PHASE = 64 * 50;
    private static final int PHASES = 4;

    @ParameterizedTest
    @EnumSource(value = SchedulingKind.class, names = {"BASIC", "CTLUTS"})
    void everyCommittedPointIsInItsClusterOnce(SchedulingKind kind) throws Exception {
        KmeansWorkload workload = KmeansWorkload.high();
        List<Tally> tallies = workload.programs(THREADS).stream()
                .map(program -> new Tally((KmeansWorkload.Program) program)).toList();
        SpmdTeam team = kind.start(List.copyOf(tallies));
        try {
            for (int phase = 0; phase < PHASES; phase++) {
                team.runPhase(PHASE);
            }
            ContentionStats stats = team.stats();
            long[] counts = workload.counts();
            assertEquals(PHASES * PHASE, LongStream.of(counts).sum(), "points counted");
            for (int c = 0; c < counts.length; c++) {
                ContentionStats.Counts ofType = stats.byType().getOrDefault(c, ContentionStats.Counts.ZERO);
                assertEquals(ofType.commits(), counts[c], "cluster " + c + ": commits of its type");
                long[] expected = new long[KmeansWorkload.FEATURES];
                for (Tally tally : tallies) {
                    for (int j = 0; j < expected.length; j++) {
                        expected[j] += tally.sums[c][j];
                    }
                }
                assertArrayEquals(expected, workload.sums(c), "cluster " + c + "'s sums: the points its commits added");
            }
        } finally {
            team.stop();
        }
    }

    @Test
    void fifteenClustersConflictMoreThanForty() throws Exception {
        double high = abortRatio(KmeansWorkload.high());
        double low = abortRatio(KmeansWorkload.low());

        System.out.printf("kmeans abort ratio at %d threads: high %.4f, low %.4f%n", THREADS, high, low);
        assertTrue(high > 0, "no transaction of kmeans-high aborted");
        assertTrue(high > low, "kmeans-high " + high + " against kmeans-low " + low);
    }

    @Test
    void passesWithTheCentresRecomputedConverge() throws Exception {
        KmeansWorkload workload = new KmeansWorkload(KmeansWorkload.GENERATING_CENTRES, 4_096);
        TransactionalExecutor stm = TransactionalExecutor.withoutExecutor().build();
        double previous = Double.POSITIVE_INFINITY;
        double moved = Double.POSITIVE_INFINITY;
        int passes = 0;
        while (moved > 1e-9 && passes < 100) {
            double cost = 0;
            for (long[] point : workload.points()) {
                int c = workload.nearest(point);
                cost += squaredDistance(point, workload.centre(c));
                workload.add(stm, c, point);
            }
            assertTrue(cost <= previous * (1 + 1e-12), "pass " + passes + " raised the cost from " + previous
                    + " to " + cost);
            previous = cost;
            moved = workload.recomputeCentres();
            passes++;
        }
        assertTrue(moved <= 1e-9, "still moving " + moved + " after " + passes + " passes");
    }

    private static double squaredDistance(long[] point, double[] centre) {
        double sum = 0;
        for (int j = 0; j < point.length; j++) {
            double d = point[j] / (double) KmeansWorkload.SCALE - centre[j];
            sum += d * d;
        }
        return sum;
    }

    private static double abortRatio(KmeansWorkload workload) throws Exception {
        SpmdTeam team = SchedulingKind.BASIC.start(workload.programs(THREADS));
        try {
            for (int phase = 0; phase < PHASES; phase++) {
                team.runPhase(PHASE);
            }
            ContentionStats.Counts total = team.stats().total();
            return total.aborts() / (double) (total.aborts() + total.commits());
        } finally {
            team.stop();
        }
    }

    /** A program that adds up, per cluster, the points of the transactions it saw commit. */
    private static final class Tally implements ThreadProgram {

        private final KmeansWorkload.Program program;
        final long[][] sums = new long[KmeansWorkload.HIGH_CLUSTERS][KmeansWorkload.FEATURES];
        private int cluster;

        Tally(KmeansWorkload.Program program) {
            this.program = program;
        }

        @Override
        public int chooseNext() {
            cluster = program.chooseNext();
            return cluster;
        }

        @Override
        public void runChosen(TransactionalExecutor stm) throws Exception {
            program.runChosen(stm);
            long[] point = program.point();
            for (int j = 0; j < point.length; j++) {
                sums[cluster][j] += point[j];
            }
        }
    }
}
