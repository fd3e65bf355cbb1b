package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.PerKeyOrderTest.ChurningRouter;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.executor.routing.Router;
import dev.locus.executor.routing.RoutingTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Per-key order across submitting threads: the tasks of one key run in an order consistent with
 * happens-before between their submissions, whichever threads submit them, and never concurrently.
 *
 * <p>Keys travel between threads as tokens: a thread holding a token submits its key's next task
 * and passes the token on, through a queue, to the next thread of a ring. So consecutive tasks of a
 * key are submitted by different threads, the first submission happening-before the second, and
 * each task checks that it is its key's next and that no task of its key is running. This is a
 * server's pattern (a request accepted on one thread, the client's next one on another) and a
 * pipeline's.
 */
class CrossThreadOrderTest {

    private static final int KEYS = 64;
    private static final int THREADS = 4;
    /** Keys per token; tokens circulate at once, so the ring's threads submit concurrently. */
    private static final int KEYS_PER_TOKEN = 8;
    /** Tasks submitted but not yet run; keeps fences near the queue heads during re-partitions. */
    private static final int MAX_OUTSTANDING = 2_000;

    /** How a round hands the task of key number {@code key} to the executor. */
    @FunctionalInterface
    interface Submitter {
        void submit(int key, Runnable task);
    }

    @Test
    void fixedRangeKeepsOrderAcrossThreads() throws Exception {
        KeyedExecutorService executor = LocusExecutors.fixedRange(2, 0, KEYS - 1);
        run(executor, executor::execute, 250_000);
    }

    /** Decorated tasks are queued, moved and held at re-partitions like any others. */
    @Test
    void orderHoldsAcrossThreadsWithATaskDecoratorThroughRepartitions() throws Exception {
        long repartitions = 0;
        for (int round = 0; round < 5; round++) {
            KeyedExecutorService executor = LocusExecutors.builder(2 + round % 2)
                    .router(w -> new ChurningRouter(w, 50, KEYS - 1)).name("cross-decorated-" + round)
                    .taskDecorator(task -> () -> task.run()).build();
            repartitions += run(executor, executor::execute, 30_000);
        }
        assertTrue(repartitions > 50, "too few re-partitions to test the hand-off: " + repartitions);
    }

    @Test
    void orderHoldsAcrossThreadsThroughForcedRepartitions() throws Exception {
        long repartitions = 0;
        for (int round = 0; round < 20; round++) {
            KeyedExecutorService executor = LocusExecutors.builder(2 + round % 3)
                    .router(w -> new ChurningRouter(w, 50, KEYS - 1)).name("cross-churn-" + round).build();
            repartitions += run(executor, executor::execute, 30_000);
        }
        assertTrue(repartitions > 300, "too few re-partitions to test the hand-off: " + repartitions);
    }

    /**
     * As the adaptive router does when it spreads keys that no cut can follow and later returns
     * to ranges: hand-offs between a range table and a hash of the key, both ways.
     */
    @Test
    void orderHoldsAcrossThreadsThroughSwitchesBetweenRangesAndAHash() throws Exception {
        long repartitions = 0;
        for (int round = 0; round < 10; round++) {
            KeyedExecutorService executor = LocusExecutors.builder(2 + round % 3)
                    .router(w -> new SpreadingRouter(w, 50)).name("cross-spread-" + round).build();
            repartitions += run(executor, executor::execute, 30_000);
        }
        assertTrue(repartitions > 150, "too few re-partitions to test the hand-off: " + repartitions);
    }

    /** Proposes, about once every {@code every} keys, a hash of the key and a random range table in turn. */
    private static final class SpreadingRouter implements Router {

        private final ChurningRouter ranges;
        private boolean hashed;

        SpreadingRouter(int workers, int every) {
            this.ranges = new ChurningRouter(workers, every, KEYS - 1);
        }

        @Override
        public RoutingTable initialTable() {
            return ranges.initialTable();
        }

        @Override
        public boolean repartitions() {
            return true;
        }

        @Override
        public boolean sample(long key) {
            return ranges.sample(key);
        }

        @Override
        public RoutingTable rebalance(RoutingTable current) {
            hashed = !hashed;
            if (!hashed) {
                return ranges.rebalance(current);
            }
            int workers = current.workers();
            return new RoutingTable() {
                @Override
                public int workers() {
                    return workers;
                }

                @Override
                public int route(long key) {
                    return (int) (((key * 0x9E37_79B9_7F4A_7C15L) >>> 32) * workers >>> 32);
                }

                @Override
                public boolean keyAffine() {
                    return true;
                }

                @Override
                public long[] boundaries() {
                    return new long[0];
                }
            };
        }
    }

    @Test
    void adaptiveKeepsOrderAcrossThreadsWithSubmitAndObjectKeys() throws Exception {
        AdaptiveRangeRouter.Settings eager = AdaptiveRangeRouter.Settings.defaults()
                .warmupRange(0, KEYS - 1).confidenceThreshold(500).sampleEvery(1).checkEvery(50);
        KeyedExecutorService executor = LocusExecutors.adaptive(4, eager);
        run(executor, (key, task) -> executor.submit(key, task), 150_000);

        KeyedExecutorService hashed = LocusExecutors.fixedRange(3, 0, Integer.MAX_VALUE);
        ObjectKeyedExecutor<String> accounts = hashed.keyedByHash();
        run(hashed, (key, task) -> accounts.execute("account-" + key, task), 150_000);
    }

    @Test
    void blockingBackPressureKeepsOrderAcrossThreads() throws Exception {
        KeyedExecutorService executor = LocusExecutors.builder(2)
                .router(w -> new ChurningRouter(w, 200, KEYS - 1))
                .queueCapacity(8).rejectionHandler(RejectionHandler.block(Duration.ofMinutes(1))).build();
        run(executor, executor::execute, 200_000);
    }

    /**
     * What {@link Ordering#PER_KEY_PER_THREAD} gives up: lanes by thread, so a key handed on
     * overtakes its earlier task (while exclusion holds: the failures are all "ran after").
     */
    @Test
    void perThreadOrderingDoesNotKeepOrderAcrossThreads() {
        KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, KEYS - 1)
                .ordering(Ordering.PER_KEY_PER_THREAD).build();
        AssertionError caught = assertThrows(AssertionError.class, () -> run(executor, executor::execute, 250_000));
        assertTrue(caught.getMessage().contains("ran after"), "expected tasks out of order: " + caught);
    }

    @Test
    void theTestCatchesTasksOfOneKeyRunOutOfOrder() {
        // A "keyed executor" that runs each key's tasks on a thread picked at random from two:
        // consecutive tasks of a key then overtake each other, and the test must say so.
        KeyedExecutorService oneWorkerPerCall = LocusExecutors.roundRobin(2);
        AssertionError caught = assertThrows(AssertionError.class, () -> run(oneWorkerPerCall,
                (key, task) -> oneWorkerPerCall.execute(ThreadLocalRandom.current().nextLong(), task), 20_000));
        assertTrue(caught.getMessage().contains("violations"), "the order check never fired: " + caught);
    }

    /**
     * Circulates the keys' tokens through a ring of threads until {@code tasks} tasks are
     * submitted through {@code submitter}, then shuts the executor down and checks every task ran
     * once, in its key's order, alone. Returns the executor's re-partition count.
     */
    static long run(KeyedExecutorService executor, Submitter submitter, int tasks) throws Exception {
        AtomicIntegerArray lastSeq = new AtomicIntegerArray(KEYS);
        AtomicIntegerArray running = new AtomicIntegerArray(KEYS);
        AtomicLong submitted = new AtomicLong();
        AtomicLong ran = new AtomicLong();
        AtomicLong violations = new AtomicLong();
        AtomicReference<String> firstViolation = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();

        List<BlockingQueue<Token>> inboxes = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            inboxes.add(new LinkedBlockingQueue<>());
        }
        for (int first = 0; first < KEYS; first += KEYS_PER_TOKEN) {
            inboxes.get(first / KEYS_PER_TOKEN % THREADS).add(new Token(first));
        }
        List<Thread> ring = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            BlockingQueue<Token> inbox = inboxes.get(t);
            BlockingQueue<Token> next = inboxes.get((t + 1) % THREADS);
            ring.add(new Thread(() -> {
                try {
                    for (;;) {
                        Token token = inbox.take();
                        if (token.last) {
                            next.put(token); // pass the end on, then stop
                            return;
                        }
                        for (int i = 0; i < KEYS_PER_TOKEN; i++) {
                            while (submitted.get() - ran.get() >= MAX_OUTSTANDING) {
                                Thread.yield();
                            }
                            int key = token.firstKey + i;
                            int seq = ++token.seq[i];
                            submitted.incrementAndGet();
                            submitter.submit(key, () -> {
                                if (running.getAndIncrement(key) != 0) {
                                    violations.incrementAndGet();
                                    firstViolation.compareAndSet(null, "key " + key + " overlapped");
                                }
                                int previous = lastSeq.getAndSet(key, seq);
                                if (previous != seq - 1) {
                                    violations.incrementAndGet();
                                    firstViolation.compareAndSet(null,
                                            "key " + key + ": task " + seq + " ran after task " + previous);
                                }
                                running.decrementAndGet(key);
                                ran.incrementAndGet();
                            });
                        }
                        next.put(submitted.get() >= tasks ? Token.END : token);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "ring-" + t));
        }
        ring.forEach(Thread::start);
        for (Thread t : ring) {
            t.join();
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(60, TimeUnit.SECONDS), "did not terminate");
        if (failure.get() != null) {
            throw new AssertionError("a submitting thread failed", failure.get());
        }
        assertEquals(0, violations.get(), violations.get() + " violations; first: " + firstViolation.get());
        assertEquals(submitted.get(), ran.get(), "tasks lost or doubled");
        return executor.stats().repartitions();
    }

    /** Some keys' next sequence numbers, owned by whichever thread holds the token. */
    private static final class Token {

        static final Token END = new Token();

        final int firstKey;
        final int[] seq;
        final boolean last;

        Token(int firstKey) {
            this.firstKey = firstKey;
            this.seq = new int[KEYS_PER_TOKEN];
            this.last = false;
        }

        private Token() {
            this.firstKey = -1;
            this.seq = null;
            this.last = true;
        }
    }
}
