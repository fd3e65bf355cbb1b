package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.executor.routing.RangeTable;
import dev.locus.executor.routing.Router;
import dev.locus.executor.routing.RoutingTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Tasks of one key, submitted by one producer, run in submission order and never overlap, also
 * while the router re-partitions under load (the epoch hand-off of {@link LocusExecutor}).
 */
class PerKeyOrderTest {

    static final int KEYS = 64;
    private static final int PRODUCERS = 3;
    /** Tasks a producer may have queued; more would delay every hand-off behind a long backlog. */
    private static final int MAX_OUTSTANDING = 1_000;

    /**
     * A router that proposes a random range table over {@code [0, maxKey]} about once every
     * {@code every} keys.
     */
    static final class ChurningRouter implements Router {

        private final int workers;
        private final int every;
        private final long maxKey;

        ChurningRouter(int workers, int every, long maxKey) {
            this.workers = workers;
            this.every = every;
            this.maxKey = maxKey;
        }

        @Override
        public RoutingTable initialTable() {
            return RangeTable.equalWidth(workers, 0, maxKey);
        }

        @Override
        public boolean repartitions() {
            return true;
        }

        @Override
        public boolean sample(long key) {
            return ThreadLocalRandom.current().nextInt(every) == 0;
        }

        @Override
        public RoutingTable rebalance(RoutingTable current) {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            long[] cuts = new long[workers - 1];
            for (int i = 0; i < cuts.length; i++) {
                cuts[i] = random.nextLong(maxKey + 2);
            }
            Arrays.sort(cuts);
            return RangeTable.of(cuts);
        }
    }

    @Test
    void orderHoldsAcrossForcedRepartitions() throws Exception {
        long repartitions = 0;
        for (int round = 0; round < 100; round++) {
            int workers = 2 + round % 3;
            repartitions += runRound(round, LocusExecutors.builder(workers)
                    .router(w -> new ChurningRouter(w, 20, KEYS - 1)).name("order-churn-" + round).build(), 10_000);
        }
        System.out.println("forced re-partitions across rounds: " + repartitions);
        assertTrue(repartitions > 500, "too few re-partitions to test the hand-off: " + repartitions);
    }

    @Test
    void orderHoldsWhileTheAdaptiveRouterFollowsDrift() throws Exception {
        AdaptiveRangeRouter.Settings eager = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, KEYS - 1).confidenceThreshold(500).sampleEvery(1).checkEvery(50);
        long repartitions = 0;
        for (int round = 0; round < 10; round++) {
            repartitions += runRound(round, LocusExecutors.builder(4).adaptive(eager).build(), 30_000);
        }
        System.out.println("adaptive re-partitions across rounds: " + repartitions);
        assertTrue(repartitions > 20, "the adaptive router did not follow the drift: " + repartitions);
    }

    /**
     * The default adaptive executor warms up on a hash of the key and then switches to the
     * PD-partition, which moves most of these small keys to another worker, while producers keep
     * submitting (the default confidence threshold is reached about halfway through each round).
     */
    @Test
    void orderHoldsThroughTheSwitchFromTheHashedWarmUpToThePdPartition() throws Exception {
        int rounds = 20;
        long repartitions = 0;
        for (int round = 0; round < rounds; round++) {
            KeyedExecutorService executor = LocusExecutors.adaptive(4);
            long switched = runRound(round, executor, 7_000);
            assertTrue(switched >= 1, "round " + round + " never left the warm-up table");
            repartitions += switched;
        }
        System.out.println("default adaptive executor, re-partitions across " + rounds + " rounds: " + repartitions);
    }

    @Test
    void perThreadOrderingKeepsEachProducersOrderAcrossForcedRepartitions() throws Exception {
        long repartitions = 0;
        for (int round = 0; round < 30; round++) {
            repartitions += runRound(round, LocusExecutors.builder(2 + round % 3).ordering(Ordering.PER_KEY_PER_THREAD)
                    .router(w -> new ChurningRouter(w, 20, KEYS - 1)).name("per-thread-churn-" + round).build(), 10_000);
        }
        assertTrue(repartitions > 150, "too few re-partitions to test the hand-off: " + repartitions);
    }

    @Test
    void roundRobinAndFixedExecutorsKeepOrderTrivially() throws Exception {
        runRound(0, LocusExecutors.fixedRange(3, 0, KEYS - 1), 20_000);
    }

    private static long runRound(int round, KeyedExecutorService executor, int tasksPerProducer)
            throws Exception {
        return runRound(round, executor, executor::execute, tasksPerProducer);
    }

    /** How a round submits the task of key number {@code key} (one of {@link #KEYS}). */
    @FunctionalInterface
    interface Submitter {
        void submit(int key, Runnable task);
    }

    /**
     * Producers submit tasks whose keys drift from a skewed to a uniform spread (so an adaptive
     * router has something to follow), each through {@code submitter}; each task checks it is the
     * next of its (producer, key) and that no other task of its key is running. Shuts the executor
     * down and returns its re-partition count.
     */
    static long runRound(int round, KeyedExecutorService executor, Submitter submitter, int tasksPerProducer)
            throws Exception {
        AtomicIntegerArray lastSeq = new AtomicIntegerArray(PRODUCERS * KEYS);
        AtomicIntegerArray running = new AtomicIntegerArray(KEYS);
        AtomicLong violations = new AtomicLong();
        AtomicReference<String> firstViolation = new AtomicReference<>();
        AtomicInteger ran = new AtomicInteger();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int producer = p;
            SplittableRandom random = new SplittableRandom(round * 31L + p);
            AtomicInteger outstanding = new AtomicInteger();
            producers.add(new Thread(() -> {
                int[] seq = new int[KEYS];
                for (int i = 0; i < tasksPerProducer; i++) {
                    while (outstanding.get() >= MAX_OUTSTANDING) {
                        Thread.yield(); // back-pressure keeps fences near the queue heads
                    }
                    outstanding.incrementAndGet();
                    int key = i < tasksPerProducer / 2 ? random.nextInt(KEYS / 4) : random.nextInt(KEYS);
                    int mySeq = ++seq[key];
                    int slot = producer * KEYS + key;
                    submitter.submit(key, () -> {
                        if (running.getAndIncrement(key) != 0) {
                            violations.incrementAndGet();
                            firstViolation.compareAndSet(null, "key " + key + " overlapped");
                        }
                        int previous = lastSeq.get(slot);
                        if (previous != mySeq - 1) {
                            violations.incrementAndGet();
                            firstViolation.compareAndSet(null, "key " + key + " of producer " + producer
                                    + ": task " + mySeq + " ran after task " + previous);
                        }
                        lastSeq.set(slot, mySeq);
                        if ((mySeq & 15) == 0) {
                            Thread.yield();
                        }
                        running.decrementAndGet(key);
                        ran.incrementAndGet();
                        outstanding.decrementAndGet();
                    });
                }
            }));
        }
        producers.forEach(Thread::start);
        for (Thread t : producers) {
            t.join();
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(60, TimeUnit.SECONDS), "did not terminate");
        assertEquals(0, violations.get(), "round " + round + ": " + firstViolation.get());
        assertEquals(PRODUCERS * tasksPerProducer, ran.get(), "tasks lost or doubled in round " + round);
        return executor.stats().repartitions();
    }

}
