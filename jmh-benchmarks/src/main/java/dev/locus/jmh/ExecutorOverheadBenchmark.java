package dev.locus.jmh;

import dev.locus.executor.KeyedExecutorService;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** Empty-task throughput of locus executors against ThreadPoolExecutor and ForkJoinPool. */
@State(Scope.Benchmark)
public class ExecutorOverheadBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   Executor overhead, [Bai06] section 5.4.1 / Figure 9: the cost an executor adds to a task
     *   that does nothing. Two workers; the producers are the JMH threads (run with -t 1 and -t 2,
     *   as OverheadReport does). Each locus executor is set against ThreadPoolExecutor (2 threads,
     *   LinkedBlockingQueue) and ForkJoinPool(2).
     *
     *   The score is tasks *completed* per second, not submissions: an operation submits a batch of
     *   BATCH empty tasks and waits until all of them have run. Timing submissions alone would reward
     *   an executor for letting its unbounded queue grow (and then for the GC that follows), which
     *   says nothing about throughput. Each task is the producer's one reusable Runnable, which only
     *   bumps that producer's completion counter (a Completion), so what is timed is routing,
     *   queueing, hand-off and wake-up, not task allocation.
     *
     *   Keys are uniform over the paper's 17-bit space [0, 2^17 - 1], drawn in advance per producer
     *   so that generating them costs an array read. Locus executors get execute(key, task); the JDK
     *   ones, which cannot use a key, get execute(task).
     *
     * Concurrency
     *   The executor is shared by all producers (Scope.Benchmark). A Producer (Scope.Thread) is
     *   written only by its JMH thread, except its completion counter, which the workers increment.
     *   The producer waits by yielding: on two cores it must give the CPU back to the workers.
     *
     * References
     *   [Bai06], section 5.4.1 "Executor Overhead", Figure 9.
     */

    /** Tasks per operation; each operation waits for its whole batch to complete. */
    static final int BATCH = 1_000;
    static final int WORKERS = 2;
    static final long MAX_KEY = (1L << 17) - 1;

    @Param({"roundRobin", "fixedRange", "adaptive", "threadPool", "forkJoin"})
    public String implementation;

    private ExecutorService executor;
    /** The same object as {@link #executor} for the locus executors; null for the JDK ones. */
    private KeyedExecutorService keyed;

    @Setup(Level.Trial)
    public void start() {
        executor = ExecutorKind.of(implementation).start(WORKERS, MAX_KEY);
        keyed = executor instanceof KeyedExecutorService k ? k : null;
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        ExecutorKind.stop(executor);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void emptyTasks(Producer producer) {
        long target = producer.submitted += BATCH;
        if (keyed != null) {
            for (int i = 0; i < BATCH; i++) {
                keyed.execute(producer.nextKey(), producer.task);
            }
        } else {
            for (int i = 0; i < BATCH; i++) {
                executor.execute(producer.task);
            }
        }
        producer.awaitCompleted(target);
    }

    /** One producer thread's keys, task and completion count. */
    @State(Scope.Thread)
    public static class Producer {

        private static final int KEY_MASK = (1 << 12) - 1;

        final Completion completed = new Completion();
        /** The empty task: it only reports that it ran. */
        final Runnable task = completed.task();
        long submitted;
        private long[] keys;
        private int next;

        @Setup(Level.Trial)
        public void drawKeys() {
            keys = new SplittableRandom(ThreadLocalRandom.current().nextLong())
                    .longs(KEY_MASK + 1, 0, MAX_KEY + 1).toArray();
        }

        long nextKey() {
            return keys[next++ & KEY_MASK];
        }

        void awaitCompleted(long target) {
            completed.await(target);
        }
    }
}
