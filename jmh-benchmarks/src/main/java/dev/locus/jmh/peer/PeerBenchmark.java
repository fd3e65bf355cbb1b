package dev.locus.jmh.peer;

import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.Completion;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The peer suite: locus's keyed executors against what a user would otherwise pick, in
 * tasks completed per second. Producers are the JMH threads ({@code -t}).
 *
 * <pre>
 * java -jar jmh-benchmarks/target/benchmarks.jar PeerBenchmark -t 2 -p workload=zipf
 * </pre>
 *
 * <p>{@code -p implementation=adaptive -p meters=none,noop,simple} measures what
 * {@code KeyedExecutorMetrics.monitor}'s timers cost (PeerMeters); the other implementations take
 * {@code none} only.
 */
@State(Scope.Benchmark)
public class PeerBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   An operation submits a batch of BATCH tasks, each with its key, and waits until all of
     *   them have run, so the score counts completed tasks: timing submissions alone would reward
     *   an executor for letting its unbounded queue grow. Keys are drawn in advance per producer
     *   (KEYS_PER_PRODUCER of them, read cyclically, from a seed per JMH thread index, so every
     *   implementation gets the same streams), so that generating one costs an array read.
     *
     *   Implementations (PeerKind): ThreadPoolExecutor (N threads, LinkedBlockingQueue) and
     *   ForkJoinPool(N), which ignore the key; BookKeeper's OrderedExecutor; N
     *   newSingleThreadExecutor()s chosen by floorMod(key, N) ("striped"); locus's roundRobin,
     *   fixedRange over [0, MAX_KEY] and adaptive (warm-up range [0, MAX_KEY], as ExecutorKind),
     *   also with Ordering.PER_KEY_PER_THREAD (adaptivePerThread).
     *
     *   OrderedExecutor is built as a new user would, newBuilder().numThreads(N).name(..).build(),
     *   with executeOrdered(long, Runnable). Its defaults (bookkeeper-common 4.17.1): one
     *   SingleThreadExecutor per thread, each with an unbounded GrowableMpScArrayConsumerBlockingQueue
     *   (producers take a StampedLock's write lock on the tail; the consumer drains in batches and
     *   parks when empty, unparked by the put that makes the queue non-empty); thread =
     *   (key >>> 1) mod N; no task tracing, no MDC, a NullStatsLogger. enableBusyWait is off, as
     *   by default: in 4.17.1 it only pins each thread to an isolated core, which a benchmark
     *   machine without isolated CPUs cannot give, and which no default user turns on.
     *
     *   Workloads (PeerWorkload, KeyedState):
     *   - empty: the producer's one reusable Runnable, which only counts itself, so `-prof gc`
     *     shows what execute(long, Runnable) allocates; keys are the producer's running counter in
     *     17 bits (consecutive, every producer from 0). Under a range router consecutive keys
     *     stay on one worker for long runs: this workload measures hand-off, not balance.
     *   - uniform, zipf, exponential: each task increments its key's counter in an
     *     AtomicLongArray of 2^17 (CounterArray); keys uniform over 10^5, Zipf s = 1.1 over 10^5
     *     (key 0 hottest), exponential rate 0.001 folded into 17 bits (KeyStream). The task is a
     *     lambda capturing its key: the same small allocation under every implementation.
     *   - perKeyState: each task read-modify-writes its key's 64-byte record (KeyRecords) on the
     *     Zipf stream; with plain fields under the executors that run a key on one worker at a time
     *     (PeerKind.keyedOrder: fixedRange, adaptive, adaptivePerThread, bookkeeper, striped), under the record's
     *     monitor under the others (threadPool, forkJoin, roundRobin).
     *   Every trial ends with a check (stop()): the completions add up to the submissions, and the
     *   state is what that many whole, once-applied updates leave. A failed check fails the run.
     *
     *   Meters (PeerMeters): none by default; simple builds the locus executor through
     *   KeyedExecutorMetrics.monitor into a SimpleMeterRegistry, so that each task is timed from
     *   its submission (executor.idle) and through its run (executor), the cost a monitored
     *   executor pays per task; noop does the same into a registry that denies every meter, so
     *   that the timers are Micrometer's no-ops and what remains is the timing's own cost. The
     *   other implementations refuse meters: their Micrometer binders are not what is measured.
     *
     *   In the main job's quick profile all runs share one JVM (forks 0), so call sites such as
     *   PeerExecutor.execute and the workers' task.run() have seen several classes by the later
     *   runs: a cost of a few nanoseconds per task that every implementation pays alike. The full
     *   profile forks a JVM per run.
     *
     * Concurrency
     *   The executor and the workload's state are shared by all producers (Scope.Benchmark). A
     *   Producer (Scope.Thread) is written only by its JMH thread, except its Completion, which
     *   the workers increment. Producers register in `producers` at their trial set-up; stop()
     *   reads them after JMH has ended every producer's iterations.
     *
     * Memory ordering
     *   A plain record field written by a task is read by the key's next task through the
     *   executor's hand-off (a queue, which orders a task's submission before its run, and one
     *   worker per key at a time); by stop() through the executor's termination
     *   (awaitTermination happens-after every task's run).
     *
     * References
     *   Keyed dispatch that wins where keys matter;
     *   bookkeeper-common 4.17.1 OrderedExecutor, SingleThreadExecutor,
     *   GrowableMpScArrayConsumerBlockingQueue.
     */

    /** Tasks per operation; each operation waits for its whole batch to complete. */
    static final int BATCH = 1_000;
    /** The keys of the 17-bit key space are [0, MAX_KEY]. */
    static final long MAX_KEY = (1L << 17) - 1;
    static final int KEYS_PER_PRODUCER = 1 << 17;

    @Param({"threadPool", "forkJoin", "bookkeeper", "striped", "roundRobin", "fixedRange", "adaptive", "adaptivePerThread"})
    public String implementation;

    @Param({"empty", "uniform", "zipf", "exponential", "perKeyState"})
    public String workload;

    @Param({"2"})
    public int workers;

    /** {@code simple}, {@code noop}: a locus executor monitored (PeerMeters). */
    @Param({"none"})
    public String meters;

    private PeerExecutor executor;
    private KeyedState state;
    private final Queue<Producer> producers = new ConcurrentLinkedQueue<>();

    @Setup(Level.Trial)
    public void start() {
        PeerKind kind = PeerKind.of(implementation);
        state = PeerWorkload.of(workload).state(kind);
        executor = kind.start(workers, MAX_KEY, PeerMeters.of(meters));
    }

    /**
     * Stops the executor, once it has run every task, and checks the final state.
     *
     * @throws IllegalStateException if a task was lost or ran twice, or an update was lost or torn
     */
    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        executor.stop();
        long submitted = producers.stream().mapToLong(producer -> producer.submitted).sum();
        long completed = producers.stream().mapToLong(producer -> producer.completed.sum()).sum();
        if (completed != submitted) {
            throw new IllegalStateException(implementation + " ran " + completed + " of " + submitted + " tasks");
        }
        state.check(completed);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void tasks(Producer producer) {
        long target = producer.submitted += BATCH;
        for (int i = 0; i < BATCH; i++) {
            long key = producer.nextKey();
            executor.execute(key, state.task(key, producer.completed));
        }
        producer.completed.await(target);
    }

    /** One producer thread's keys and completion count. */
    @State(Scope.Thread)
    public static class Producer {

        private static final int KEY_MASK = KEYS_PER_PRODUCER - 1;

        final Completion completed = new Completion();
        long submitted;
        private long[] keys;
        private int next;

        @Setup(Level.Trial)
        public void join(PeerBenchmark benchmark, ThreadParams thread) {
            keys = PeerWorkload.of(benchmark.workload)
                    .keys(new SplittableRandom(thread.getThreadIndex()), KEYS_PER_PRODUCER);
            benchmark.producers.add(this);
        }

        long nextKey() {
            return keys[next++ & KEY_MASK];
        }
    }
}
