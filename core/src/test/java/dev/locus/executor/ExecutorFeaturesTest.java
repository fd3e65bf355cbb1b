package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.executor.routing.RangeTable;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** Statistics, JMX, relaxed ordering, idling and pinning: what the contract suite does not cover. */
class ExecutorFeaturesTest {

    @Test
    void statsCountEveryTaskAndShowTheFixedPartition() throws Exception {
        KeyedExecutorService executor = LocusExecutors.fixedRange(4, 0, 1023);
        int tasks = 20_000;
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            executor.execute(i % 256, done::countDown); // keys 0..255: all in worker 0's range
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
        executor.close();
        ExecutorStats stats = executor.stats();
        assertEquals(tasks, stats.executed());
        assertEquals(tasks, stats.workers().get(0).executed(), "keys below 256 belong to worker 0");
        assertArrayEquals(RangeTable.equalWidth(4, 0, 1023).boundaries(), stats.boundaries());
        assertEquals(4.0, stats.imbalance(), 1e-9);
        assertEquals(0, stats.repartitions());
        assertFalse(stats.hottestRanges().isEmpty(), "sampled keys give hot ranges");
        double shares = stats.hottestRanges().stream().mapToDouble(ExecutorStats.KeyRangeLoad::share).sum();
        assertTrue(shares > 0 && shares <= 1.0 + 1e-9, "shares " + shares);
        stats.hottestRanges().forEach(r -> assertTrue(r.from() >= 0 && r.to() <= 256, r.toString()));
    }

    @Test
    void adaptiveExecutorBalancesExponentialKeysAfterWarmUp() throws Exception {
        KeyedExecutorService executor = LocusExecutors.adaptive(4,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, (1 << 17) - 1));
        SplittableRandom random = new SplittableRandom(3);
        runExponential(executor, random, 20_000);
        ExecutorStats warm = executor.stats();
        assertTrue(warm.repartitions() >= 1, "PD-partition installed after 10,000 samples");
        runExponential(executor, random, 200_000);
        ExecutorStats after = executor.stats();
        executor.close();
        long[] delta = new long[4];
        long total = 0;
        long max = 0;
        for (int i = 0; i < 4; i++) {
            delta[i] = after.workers().get(i).executed() - warm.workers().get(i).executed();
            total += delta[i];
            max = Math.max(max, delta[i]);
        }
        double imbalance = (double) max * 4 / total;
        System.out.printf("adaptive executor, exponential keys, after warm-up: imbalance %.3f%n", imbalance);
        assertTrue(imbalance <= 1.10, "imbalance " + imbalance);
    }

    /**
     * Workers report through {@code recordCost} that keys in the lower half of the space take three
     * times as long (reported, not spent); the executor's adaptive router then cuts where the cost
     * halves, near a third of the space, not where the tasks halve.
     */
    @Test
    void adaptiveExecutorWithCostFeedbackBalancesReportedTime() throws Exception {
        long space = 1 << 17;
        KeyedExecutorService executor = LocusExecutors.adaptive(2,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, space - 1).costFeedback(true));
        SplittableRandom random = new SplittableRandom(4);
        for (int batch = 0; batch < 20; batch++) {
            int tasks = 20_000;
            CountDownLatch done = new CountDownLatch(tasks);
            for (int i = 0; i < tasks; i++) {
                long key = random.nextLong(space);
                executor.execute(key, () -> {
                    executor.recordCost(key, key < space / 2 ? 3_000 : 1_000, 0);
                    done.countDown();
                });
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
        }
        ExecutorStats stats = executor.stats();
        executor.close();
        long cut = stats.boundaries()[0];
        double below = 3.0 * Math.min(cut, space / 2) + Math.max(0, cut - space / 2);
        double total = 3.0 * (space / 2) + space / 2;
        double imbalance = 2 * Math.max(below, total - below) / total;
        System.out.printf("adaptive executor, cost feedback: cut %d (cost halves at %d), busiest worker's time "
                + "%.3f x fair, %d re-partitions%n", cut, space / 3, imbalance, stats.repartitions());
        assertTrue(imbalance <= 1.15, "cut " + cut + " leaves the busiest worker " + imbalance + " x its fair time");
    }

    private static void runExponential(KeyedExecutorService executor, SplittableRandom random, int tasks)
            throws InterruptedException {
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            long key = ((long) (-Math.log(1 - random.nextDouble()) / 0.001)) & ((1 << 17) - 1);
            executor.execute(key, done::countDown);
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
    }

    @Test
    void mbeanIsRegisteredWhileRunningAndRemovedOnTermination() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName("dev.locus:type=KeyedExecutorService,name=\"jmx-test\"");
        KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, 99)
                .name("jmx-test").registerMBean(true).build();
        executor.submit(7, () -> 1).get(10, TimeUnit.SECONDS);
        assertTrue(server.isRegistered(name));
        assertEquals(2, server.getAttribute(name, "Workers"));
        // The future completes inside the task's run(); its worker counts it just after run() returns.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long[] executed = (long[]) server.getAttribute(name, "ExecutedCounts");
        while (executed[0] + executed[1] == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            executed = (long[]) server.getAttribute(name, "ExecutedCounts");
        }
        assertEquals(1, executed[0] + executed[1]);
        assertArrayEquals(new long[] {50}, (long[]) server.getAttribute(name, "Boundaries"));
        assertTrue(((String) server.getAttribute(name, "Router")).contains("FixedRangeRouter"));
        executor.close();
        assertFalse(server.isRegistered(name), "unregistered after termination");
    }

    @Test
    void relaxedOrderingLetsIdleWorkersSteal() throws Exception {
        KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, 99)
                .ordering(Ordering.RELAXED).build();
        CountDownLatch blockerStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // Block whichever worker takes the first task, then queue work for worker 0 only.
        executor.execute(0, () -> {
            blockerStarted.countDown();
            await(release);
        });
        assertTrue(blockerStarted.await(10, TimeUnit.SECONDS));
        int tasks = 1_000;
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            executor.execute(0, done::countDown);
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "the idle worker must steal while worker 0 is blocked");
        release.countDown();
        executor.close();
        long steals = executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::steals).sum();
        assertTrue(steals > 0, "steals " + steals);
    }

    @Test
    void parkedWorkersAreWokenForEveryTask() throws Exception {
        // Parking immediately makes every submission race with a worker going to sleep.
        KeyedExecutorService executor = LocusExecutors.builder(2).roundRobin()
                .idleStrategy(IdleStrategy.parkImmediately()).build();
        for (int i = 0; i < 5_000; i++) {
            Future<Integer> f = executor.submit(i, () -> 1);
            assertEquals(1, f.get(10, TimeUnit.SECONDS), "task " + i + " lost behind a parked worker");
        }
        executor.close();
    }

    @Test
    void unkeyedTasksAreSpreadRoundRobin() throws Exception {
        KeyedExecutorService executor = LocusExecutors.fixedRange(4, 0, 3);
        int tasks = 4_000;
        CountDownLatch done = new CountDownLatch(tasks);
        for (int i = 0; i < tasks; i++) {
            executor.execute(done::countDown);
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
        executor.close();
        for (ExecutorStats.WorkerStats w : executor.stats().workers()) {
            assertEquals(tasks / 4, w.executed(), "one producer's cursor visits workers in turn");
        }
    }

    @Test
    void pinnedWorkersRunTasksWhetherOrNotPinningSucceeds() throws Exception {
        KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, 1).pinWorkers(true).build();
        AtomicInteger ran = new AtomicInteger();
        executor.submit(0, ran::incrementAndGet).get(30, TimeUnit.SECONDS);
        executor.submit(1, ran::incrementAndGet).get(30, TimeUnit.SECONDS);
        executor.close();
        assertEquals(2, ran.get());
    }

    @Test
    void closeFromOwnWorkerShutsDownWithoutWaitingForItself() throws Exception {
        KeyedExecutorService executor = LocusExecutors.roundRobin(1);
        executor.submit(executor::close).get(10, TimeUnit.SECONDS);
        assertTrue(executor.isShutdown());
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
