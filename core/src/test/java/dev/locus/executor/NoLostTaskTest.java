package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The promise of {@link KeyedExecutorService}: every submitted task is run exactly once, returned
 * by {@link KeyedExecutorService#shutdownNow()}, or handed to the {@link RejectionHandler}; never
 * lost, never run twice. Each round races producers against {@code shutdown()} /
 * {@code shutdownNow()} on a fresh executor and accounts for every task id.
 *
 * <p>Rounds are reproducible in configuration (not in thread timing) from their seed. A failing
 * round prints a {@code -Dlocus.noLostTask.replay=...} value that re-runs just that configuration;
 * {@code -Dlocus.noLostTask.seed} and {@code -Dlocus.noLostTask.rounds} pick other rounds.
 */
@Timeout(value = 120, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class NoLostTaskTest {

    private static final long MASTER_SEED = Long.getLong("locus.noLostTask.seed", 0x10C05L);
    private static final int ROUNDS = Integer.getInteger("locus.noLostTask.rounds", 150);
    private static final String REPLAY = System.getProperty("locus.noLostTask.replay");
    private static final int TASKS_PER_PRODUCER = 250;
    private static final int KEYS = 1024;
    private static final long WAIT_S = 10;

    private enum Kind { ROUND_ROBIN, FIXED_RANGE, ADAPTIVE }

    private enum Stop { SHUTDOWN, SHUTDOWN_NOW, SHUTDOWN_THEN_SHUTDOWN_NOW, TWO_SHUTDOWN_NOWS }

    @Test
    void everyTaskRunsOnceOrIsReturnedOrIsRejected() throws Exception {
        if (REPLAY != null) {
            String[] parts = REPLAY.split(":");
            new Round(-1, Kind.valueOf(parts[0]), Long.parseLong(parts[1])).run();
            return;
        }
        SplittableRandom seeds = new SplittableRandom(MASTER_SEED);
        long[] totals = new long[4];
        for (int round = 0; round < ROUNDS; round++) {
            Kind kind = Kind.values()[round % Kind.values().length];
            long[] outcome = new Round(round, kind, seeds.nextLong()).run();
            for (int i = 0; i < totals.length; i++) {
                totals[i] += outcome[i];
            }
        }
        // the rounds only mean something if every way out of the executor was taken, and the
        // adaptive executors re-partitioned (epoch hand-offs racing with the shutdown)
        assertTrue(totals[0] > 0 && totals[1] > 0 && totals[2] > 0 && totals[3] > 0,
                "ran " + totals[0] + ", returned " + totals[1] + ", rejected " + totals[2] + ", re-partitions "
                        + totals[3] + ": some outcome never occurred, the rounds do not exercise the races");
    }

    /** The rejection handlers a round may use with a bounded queue. */
    private enum Handler {
        ABORT(RejectionHandler.abort()),
        CALLER_RUNS(RejectionHandler.callerRuns()),
        BLOCK(RejectionHandler.block(Duration.ofMillis(20)));

        final RejectionHandler handler;

        Handler(RejectionHandler handler) {
            this.handler = handler;
        }
    }

    /** One executor, its producers and its stoppers. */
    private static final class Round {

        private final int index;
        private final Kind kind;
        private final long seed;
        private final int workers;
        private final int queueCapacity;
        private final Handler handler;
        private final Ordering ordering;
        private final boolean parkImmediately;
        private final int producers;
        private final Stop stop;
        private final int stopAfter;
        private final int delayMode;
        private final int delay;

        private final AtomicIntegerArray ran;
        private final AtomicIntegerArray rejected;
        private final Queue<List<Runnable>> returned = new ConcurrentLinkedQueue<>();
        private final Queue<Throwable> unexpected = new ConcurrentLinkedQueue<>();
        /** Submissions attempted so far: the stoppers wait for {@link #stopAfter} of them. */
        private final AtomicInteger progress = new AtomicInteger();

        Round(int index, Kind kind, long seed) {
            this.index = index;
            this.kind = kind;
            this.seed = seed;
            SplittableRandom random = new SplittableRandom(seed);
            this.workers = 2 + random.nextInt(2);
            this.queueCapacity = random.nextInt(3) == 0 ? 1 + random.nextInt(16) : 0;
            this.handler = queueCapacity > 0 ? Handler.values()[random.nextInt(Handler.values().length)] : Handler.ABORT;
            this.ordering = Ordering.values()[random.nextInt(Ordering.values().length)];
            this.parkImmediately = random.nextBoolean();
            this.producers = 3 + random.nextInt(2);
            this.stop = Stop.values()[random.nextInt(Stop.values().length)];
            int tasks = producers * TASKS_PER_PRODUCER;
            this.stopAfter = random.nextInt(tasks);
            this.delayMode = random.nextInt(3);
            this.delay = random.nextInt(delayMode == 1 ? 2_000 : 200);
            this.ran = new AtomicIntegerArray(tasks);
            this.rejected = new AtomicIntegerArray(tasks);
        }

        private KeyedExecutorService build() {
            LocusExecutors.Builder builder = LocusExecutors.builder(workers);
            switch (kind) {
                case ROUND_ROBIN -> builder.roundRobin();
                case FIXED_RANGE -> builder.fixedRange(0, KEYS - 1);
                // small thresholds, so that re-partitions (epoch hand-offs) race with the shutdown
                case ADAPTIVE -> builder.adaptive(AdaptiveRangeRouter.Settings.defaults()
                        .warmupRange(0, KEYS - 1).confidenceThreshold(128).sampleEvery(1).checkEvery(32));
                default -> throw new AssertionError(kind);
            }
            if (queueCapacity > 0) {
                builder.queueCapacity(queueCapacity);
            }
            builder.rejectionHandler(handler.handler);
            return builder.ordering(ordering)
                    .idleStrategy(parkImmediately ? IdleStrategy.parkImmediately() : IdleStrategy.defaultStrategy())
                    .build();
        }

        /** Returns the counts {ran, returned, rejected, re-partitions}. */
        long[] run() throws InterruptedException {
            KeyedExecutorService executor = build();
            try {
                return race(executor);
            } finally {
                if (!executor.isTerminated()) {
                    executor.shutdownNow();
                    executor.awaitTermination(WAIT_S, SECONDS);
                }
            }
        }

        private long[] race(KeyedExecutorService executor) throws InterruptedException {
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            List<List<Submitted>> submitted = new ArrayList<>();
            for (int p = 0; p < producers; p++) {
                List<Submitted> futures = new ArrayList<>();
                submitted.add(futures);
                int producer = p;
                threads.add(new Thread(() -> produce(executor, producer, futures, start), "producer-" + p));
            }
            threads.add(new Thread(() -> stop(executor, start), "stopper-0"));
            if (stop == Stop.TWO_SHUTDOWN_NOWS) {
                threads.add(new Thread(() -> stop(executor, start), "stopper-1"));
            }
            for (Thread t : threads) {
                t.start();
            }
            start.countDown();
            long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
            for (Thread t : threads) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (t.isAlive()) {
                    fail(describe() + ": " + t.getName() + " still running after " + WAIT_S + " s: "
                            + stackOf(t));
                }
            }
            if (!unexpected.isEmpty()) {
                AssertionError error = new AssertionError(describe() + ": unexpected exception in a producer or stopper");
                unexpected.forEach(error::addSuppressed);
                throw error;
            }
            if (!executor.awaitTermination(WAIT_S, SECONDS)) {
                fail(describe() + ": not terminated " + WAIT_S + " s after shutdown; stats " + safeStats(executor));
            }
            long[] outcome = account(submitted);
            outcome[3] = executor.stats().repartitions();
            return outcome;
        }

        private void produce(KeyedExecutorService executor, int producer, List<Submitted> futures,
                             CountDownLatch start) {
            SplittableRandom random = new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (producer + 1)));
            // object keys: hashed strings (anywhere in [0, 2^31)), and UUIDs that carry the numeric key
            ObjectKeyedExecutor<String> byName = executor.keyedByHash();
            ObjectKeyedExecutor<UUID> byUuid = executor.keyedBy(UUID::getLeastSignificantBits);
            try {
                start.await();
                for (int i = 0; i < TASKS_PER_PRODUCER; i++) {
                    int id = producer * TASKS_PER_PRODUCER + i;
                    // a hot window that drifts over the key space, so the adaptive router re-partitions
                    long key = random.nextInt(4) == 0
                            ? random.nextInt(KEYS)
                            : (i * 4L + producer * 64L + random.nextInt(32)) % KEYS;
                    // slower than submitting, so that queues hold tasks when shutdownNow() comes
                    int spins = random.nextInt(32) == 0 ? -1 : random.nextInt(4096);
                    try {
                        switch (random.nextInt(7)) {
                            case 0 -> executor.execute(key, new IdTask(id, spins, ran));
                            case 1 -> executor.execute(new IdTask(id, spins, ran));
                            case 2 -> executor.execute(new KeyedIdTask(id, spins, ran, key));
                            case 3 -> futures.add(new Submitted(executor.submit(key, new IdCallable(id, ran)), id));
                            case 4 -> byName.execute("key-" + key, new IdTask(id, spins, ran));
                            case 5 -> futures.add(new Submitted(byUuid.submit(new UUID(id, key), new IdCallable(id, ran)), id));
                            default -> futures.add(new Submitted(executor.submit(new IdCallable(id, ran)), id));
                        }
                    } catch (RejectedExecutionException e) {
                        rejected.incrementAndGet(id);
                    }
                    progress.incrementAndGet();
                    if (random.nextInt(128) == 0) {
                        Thread.yield(); // let the producers interleave on few cores
                    }
                }
            } catch (Throwable t) {
                unexpected.add(t);
            }
        }

        private void stop(KeyedExecutorService executor, CountDownLatch start) {
            try {
                start.await();
                long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
                while (progress.get() < stopAfter && System.nanoTime() < deadline) {
                    Thread.yield();
                }
                pause();
                switch (stop) {
                    case SHUTDOWN -> executor.shutdown();
                    case SHUTDOWN_NOW, TWO_SHUTDOWN_NOWS -> returned.add(executor.shutdownNow());
                    case SHUTDOWN_THEN_SHUTDOWN_NOW -> {
                        executor.shutdown();
                        pause();
                        returned.add(executor.shutdownNow());
                    }
                    default -> throw new AssertionError(stop);
                }
            } catch (Throwable t) {
                unexpected.add(t);
            }
        }

        private void pause() {
            switch (delayMode) {
                case 0 -> { }
                case 1 -> {
                    for (int i = 0; i < delay; i++) {
                        Thread.onSpinWait();
                    }
                }
                default -> LockSupport.parkNanos(delay * 1_000L);
            }
        }

        private long[] account(List<List<Submitted>> submitted) {
            int tasks = ran.length();
            Map<Object, Integer> futureIds = new IdentityHashMap<>();
            for (List<Submitted> list : submitted) {
                for (Submitted s : list) {
                    futureIds.put(s.future(), s.id());
                }
            }
            int[] returnedCount = new int[tasks];
            List<String> problems = new ArrayList<>();
            for (List<Runnable> list : returned) {
                for (Runnable r : list) {
                    Integer id = r instanceof IdTask t ? Integer.valueOf(t.id) : futureIds.get(r);
                    if (id == null) {
                        problems.add("shutdownNow() returned a task that was never submitted: " + r
                                + " (" + r.getClass().getName() + ")");
                    } else {
                        returnedCount[id]++;
                    }
                }
            }
            long ranTotal = 0;
            long returnedTotal = 0;
            long rejectedTotal = 0;
            for (int id = 0; id < tasks; id++) {
                int r = ran.get(id);
                int q = returnedCount[id];
                int j = rejected.get(id);
                ranTotal += r;
                returnedTotal += q;
                rejectedTotal += j;
                if (r + q + j != 1) {
                    problems.add("task " + id + ": ran " + r + "x, returned by shutdownNow " + q + "x, rejected " + j + "x");
                }
            }
            for (List<Submitted> list : submitted) {
                for (Submitted s : list) {
                    if (ran.get(s.id()) == 1 && !s.future().isDone()) {
                        problems.add("task " + s.id() + " ran but its future is not done");
                    }
                }
            }
            if (!problems.isEmpty()) {
                int shown = Math.min(problems.size(), 15);
                fail(describe() + ": " + problems.size() + " problem(s) among " + tasks + " tasks (ran " + ranTotal
                        + ", returned " + returnedTotal + ", rejected " + rejectedTotal + "):\n  "
                        + String.join("\n  ", problems.subList(0, shown))
                        + (shown < problems.size() ? "\n  ..." : ""));
            }
            return new long[] {ranTotal, returnedTotal, rejectedTotal, 0};
        }

        private String describe() {
            return "round " + index + " [replay with -Dlocus.noLostTask.replay=" + kind + ":" + seed + "] "
                    + kind + ", workers=" + workers + ", queueCapacity=" + (queueCapacity == 0 ? "unbounded" : queueCapacity)
                    + ", handler=" + handler + ", ordering=" + ordering
                    + ", idle=" + (parkImmediately ? "parkImmediately" : "default") + ", producers=" + producers
                    + ", stop=" + stop + " after " + stopAfter + " submissions and " + (delayMode == 0 ? "no delay"
                    : delayMode == 1 ? delay + " spins" : delay + " us park");
        }

        private static String safeStats(KeyedExecutorService executor) {
            try {
                return String.valueOf(executor.stats());
            } catch (RuntimeException e) {
                return "unavailable (" + e + ")";
            }
        }

        private static String stackOf(Thread t) {
            StringBuilder sb = new StringBuilder();
            for (StackTraceElement e : t.getStackTrace()) {
                sb.append("\n    at ").append(e);
            }
            return sb.toString();
        }
    }

    private record Submitted(Future<?> future, int id) {
    }

    /** Records that it ran; does a little work (or parks briefly, for negative spins) so that queues fill. */
    private static class IdTask implements Runnable {

        final int id;
        private final int spins;
        private final AtomicIntegerArray ran;

        IdTask(int id, int spins, AtomicIntegerArray ran) {
            this.id = id;
            this.spins = spins;
            this.ran = ran;
        }

        @Override
        public void run() {
            ran.incrementAndGet(id);
            if (spins < 0) {
                LockSupport.parkNanos(20_000);
            }
            for (int i = 0; i < spins; i++) {
                Thread.onSpinWait();
            }
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + "[" + id + "]";
        }
    }

    private static final class KeyedIdTask extends IdTask implements Keyed {

        private final long key;

        KeyedIdTask(int id, int spins, AtomicIntegerArray ran, long key) {
            super(id, spins, ran);
            this.key = key;
        }

        @Override
        public long key() {
            return key;
        }
    }

    private static final class IdCallable implements Callable<Integer> {

        private final int id;
        private final AtomicIntegerArray ran;

        IdCallable(int id, AtomicIntegerArray ran) {
            this.id = id;
            this.ran = ran;
        }

        @Override
        public Integer call() {
            ran.incrementAndGet(id);
            return id;
        }

        @Override
        public String toString() {
            return "IdCallable[" + id + "]";
        }
    }
}
