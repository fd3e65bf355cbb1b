package dev.locus.jmh.elision;

import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.KeyedSections;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.jmh.Batch;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.hashmap.SegmentedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * [Dice14]'s HashMap driven through a keyed executor, each operation an ALE
 * critical section submitted as a task ({@link KeyedSections}), placed by its bucket under
 * {@code adaptive} or spread by {@code roundRobin}, both with two workers. Operations/s (the
 * score) and get's optimistic successes, optimistic failures and lock fall-backs per second
 * (auxiliary counters, from ALE's report), on the paper's one-lock map and on a segmented one, with
 * the map's sections in ALE's lambda form or its inline form.
 */
@Threads(1)
public class ElidedPlacementBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   The workload is ElisionBenchmark.mixed's: key range 4,096, half present at the start
     *   (drawn with a fixed seed), 60% get, 20% insert, 20% remove, 1 KB values; 1 KB as in
     *   [Dice14]'s Figure 3, so that the cells compare with that suite's, and a get's copy (about
     *   0.1 us) is long enough for a writer on the other worker to land inside it. An operation
     *   of JMH submits a Batch of 256 map operations from the JMH thread, the producer, each as
     *   a critical section under key = its bucket (0..1023), and waits for all of them; so the
     *   score is map operations/s, the executor's hand-off included.
     *
     *   Policy: static SWOPT, one optimistic attempt then the lock ([Dice14]'s
     *   Static-SWOPTLock-1), so that each failed validation is one fall-back to the lock and the
     *   counts say directly what placement changed; the adaptive policy would also change its
     *   progression, mixing two effects.
     *
     *   Shapes (segments): 1 is the paper's map, one ElidableLock and one version word: any
     *   conflicting action anywhere invalidates every concurrent reader, so placement cannot
     *   raise the optimistic success rate (the prediction this cell checks). 16 cuts the 1,024
     *   buckets into 16 contiguous ranges of 64, each with its own lock and version word. The
     *   adaptive router's warm-up partition is the key range [0, 1023] cut in two, aligned with
     *   the segments (8 each); its PD-partition of the sampled (uniform) buckets cuts near 512,
     *   so at most the one segment that holds the cut is shared by both workers. Every conflicting
     *   section of the other segments then runs on one worker, after the readers of its segment
     *   that precede it. roundRobin spreads a segment's sections over both workers.
     *
     *   Forms (form): "lambda" submits each operation as its CriticalSection (KeyedSections.submit);
     *   "inline" submits a task that runs the operation through its
     *   segment's InlineSections (SegmentedHashMap.callInline). Same lock, policy, granules and
     *   counters; a task is one lambda either way.
     *
     *   JMH's auxiliary counters add up over iterations, so they are rates like the score: the
     *   differences of ALE's counts (SegmentedHashMap.getCounts, its probabilistic counters'
     *   estimates) before and after each batch. optimisticFailures is attempts − successes, two
     *   estimates of millions whose difference is rough; lockFallbacks has a counter of its own
     *   and, under Static-SWOPTLock-1, counts exactly the failed validations: the report reads it.
     *
     * Concurrency
     *   One JMH thread per trial: the counters are the map's, shared, and a second producer would
     *   count them twice. Each in-flight get copies into its own buffer (one per batch slot).
     *
     * References
     *   [Dice14] §3.2, §5.1 (Figure 3's mixed workload); [Bai06] §4 (keyed executors, the
     *   PD-partition).
     */

    static final int KEYS = ElisionBenchmark.MIXED_KEYS;
    static final int VALUE_SIZE = ElisionBenchmark.MIXED_VALUE_SIZE;
    static final int WORKERS = 2;
    static final String LAMBDA = "lambda";
    static final String INLINE = "inline";
    private static final long WAIT_S = 60;

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void mixed(Setting setting, Batch batch, GetCounters counters) throws Exception {
        SegmentedHashMap.GetCounts before = setting.map.getCounts();
        batch.run(setting);
        counters.add(before, setting.map.getCounts());
    }

    /** The map and the executor of a trial. */
    @State(Scope.Benchmark)
    public static class Setting {

        @Param({"adaptive", "roundRobin"})
        public String executor;

        /** 1: the paper's one-lock map; 16: a lock and version word per 64 buckets. */
        @Param({"1", "16"})
        public int segments;

        /** ALE's form of the map's critical sections: "lambda" (CriticalSection) or "inline" (InlineSection). */
        @Param({LAMBDA, INLINE})
        public String form;

        SegmentedHashMap map;
        KeyedExecutorService keyed;

        @Setup(Level.Trial)
        public void start() {
            map = new SegmentedHashMap(segments, VALUE_SIZE, () -> ElisionPolicy.fixed(0, 1));
            SplittableRandom random = new SplittableRandom(42);
            byte[] value = new byte[VALUE_SIZE];
            int present = 0;
            while (present < KEYS / 2) {
                if (map.call(SegmentedHashMap.Op.insert(random.nextInt(KEYS), value))) {
                    present++;
                }
            }
            keyed = switch (executor) {
                case "adaptive" -> LocusExecutors.builder(WORKERS).adaptive(AdaptiveRangeRouter.Settings.defaults()
                        .warmupRange(0, SegmentedHashMap.BUCKETS - 1)).build();
                case "roundRobin" -> LocusExecutors.roundRobin(WORKERS);
                default -> throw new IllegalArgumentException("unknown executor " + executor);
            };
        }

        /** Submits {@code op} under its bucket, in this trial's form. */
        Future<Boolean> submit(SegmentedHashMap.Op op) {
            return switch (form) {
                case LAMBDA -> KeyedSections.submit(keyed, op.bucket(), map.section(op), op);
                case INLINE -> keyed.submit(op.bucket(), () -> map.callInline(op));
                default -> throw new IllegalArgumentException("unknown form " + form);
            };
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            keyed.shutdown();
            if (!keyed.awaitTermination(WAIT_S, TimeUnit.SECONDS)) {
                throw new IllegalStateException(keyed + " did not terminate within " + WAIT_S + " s");
            }
        }
    }

    /** The producer's random stream, its per-slot buffers, and the futures of the batch in flight. */
    @State(Scope.Thread)
    public static class Batch {

        static final int SIZE = 256;

        private final byte[][] into = new byte[SIZE][VALUE_SIZE];
        private final byte[] value = new byte[VALUE_SIZE];
        private final List<Future<Boolean>> futures = new ArrayList<>(SIZE);
        private SplittableRandom random;

        @Setup(Level.Trial)
        public void seed() {
            random = new SplittableRandom(7);
        }

        void run(Setting setting) throws InterruptedException, ExecutionException, TimeoutException {
            futures.clear();
            for (int i = 0; i < SIZE; i++) {
                int key = random.nextInt(KEYS);
                int operation = random.nextInt(10);
                SegmentedHashMap.Op op = operation < 6 ? SegmentedHashMap.Op.get(key, into[i])
                        : operation < 8 ? SegmentedHashMap.Op.insert(key, value) : SegmentedHashMap.Op.remove(key);
                futures.add(setting.submit(op));
            }
            for (Future<Boolean> f : futures) {
                f.get(WAIT_S, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * get's optimistic successes, optimistic failures and fall-backs to the lock per second of this
     * iteration, beside the score (map operations/s).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class GetCounters {

        public long optimisticSuccesses;
        public long optimisticFailures;
        public long lockFallbacks;

        @Setup(Level.Iteration)
        public void reset() {
            optimisticSuccesses = 0;
            optimisticFailures = 0;
            lockFallbacks = 0;
        }

        void add(SegmentedHashMap.GetCounts before, SegmentedHashMap.GetCounts after) {
            optimisticSuccesses += after.optimisticSuccesses() - before.optimisticSuccesses();
            optimisticFailures += after.optimisticFailures() - before.optimisticFailures();
            lockFallbacks += after.lockFallbacks() - before.lockFallbacks();
        }
    }
}
