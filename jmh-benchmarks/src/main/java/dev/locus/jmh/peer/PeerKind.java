package dev.locus.jmh.peer;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.Ordering;
import dev.locus.jmh.ExecutorKind;
import dev.locus.jmh.Labels;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.bookkeeper.common.util.OrderedExecutor;

/**
 * The executors {@link PeerBenchmark} compares, by the label its {@code implementation} parameter
 * takes: locus's three keyed executors, and what a user would otherwise pick — the JDK's two
 * pools, which ignore the key, BookKeeper's {@code OrderedExecutor}, and N single-thread executors
 * chosen by key mod N.
 *
 * <p>{@link #keyedOrder()} says whether the executor runs the tasks of one key one at a time (on
 * one worker, in submission order), so that a task may update that key's state with plain reads
 * and writes; the others need a lock per key.
 */
enum PeerKind {

    THREAD_POOL("threadPool", false),
    FORK_JOIN("forkJoin", false),
    /**
     * BookKeeper's OrderedExecutor as a new user builds it, with the builder's defaults: an
     * unbounded queue per thread, no busy-wait, no task tracing, no statistics.
     */
    BOOKKEEPER("bookkeeper", true),
    /** N {@link Executors#newSingleThreadExecutor()}, the one at {@code floorMod(key, N)} per task. */
    STRIPED("striped", true),
    ROUND_ROBIN("roundRobin", false),
    FIXED_RANGE("fixedRange", true),
    ADAPTIVE("adaptive", true),
    /** adaptive with {@link Ordering#PER_KEY_PER_THREAD}: order per submitting thread only. */
    ADAPTIVE_PER_THREAD("adaptivePerThread", true);

    private final String label;
    private final boolean keyedOrder;

    PeerKind(String label, boolean keyedOrder) {
        this.label = label;
        this.keyedOrder = keyedOrder;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static PeerKind of(String label) {
        return Labels.find(values(), PeerKind::label, label, "implementation");
    }

    String label() {
        return label;
    }

    /** Whether one key's tasks never run at the same time (one worker per key at a time). */
    boolean keyedOrder() {
        return keyedOrder;
    }

    /**
     * Starts the executor with {@code workers} threads for keys in {@code [0, maxKey]}, a locus
     * executor with {@code meters}.
     *
     * @throws IllegalArgumentException for meters on an executor that is not locus's
     */
    PeerExecutor start(int workers, long maxKey, PeerMeters meters) {
        if (meters != PeerMeters.NONE && !isLocus()) {
            throw new IllegalArgumentException("meters=" + meters.label() + " monitors locus's executors, not " + label);
        }
        return switch (this) {
            case THREAD_POOL -> unkeyed(ExecutorKind.THREAD_POOL.start(workers, maxKey));
            case FORK_JOIN -> unkeyed(ExecutorKind.FORK_JOIN.start(workers, maxKey));
            case ROUND_ROBIN -> keyed(meters.build(ExecutorKind.ROUND_ROBIN.builder(workers, maxKey)));
            case FIXED_RANGE -> keyed(meters.build(ExecutorKind.FIXED_RANGE.builder(workers, maxKey)));
            case ADAPTIVE -> keyed(meters.build(ExecutorKind.ADAPTIVE.builder(workers, maxKey)));
            case ADAPTIVE_PER_THREAD -> keyed(meters.build(ExecutorKind.ADAPTIVE.builder(workers, maxKey)
                    .ordering(Ordering.PER_KEY_PER_THREAD)));
            case BOOKKEEPER -> {
                OrderedExecutor ordered = OrderedExecutor.newBuilder().numThreads(workers).name("peer").build();
                yield new PeerExecutor(ordered::executeOrdered, () -> stop(ordered));
            }
            case STRIPED -> {
                ExecutorService[] stripes = Stream.generate(Executors::newSingleThreadExecutor).limit(workers)
                        .toArray(ExecutorService[]::new);
                yield new PeerExecutor((key, task) -> stripes[Math.floorMod(key, stripes.length)].execute(task),
                        () -> {
                            for (ExecutorService stripe : stripes) {
                                ExecutorKind.stop(stripe);
                            }
                        });
            }
        };
    }

    private boolean isLocus() {
        return switch (this) {
            case ROUND_ROBIN, FIXED_RANGE, ADAPTIVE, ADAPTIVE_PER_THREAD -> true;
            case THREAD_POOL, FORK_JOIN, BOOKKEEPER, STRIPED -> false;
        };
    }

    private static PeerExecutor unkeyed(ExecutorService executor) {
        return new PeerExecutor((key, task) -> executor.execute(task), () -> ExecutorKind.stop(executor));
    }

    /**
     * A locus executor; its stop prints, into the run's log, how the trial's tasks spread over the
     * workers, the first thing to read when one fork runs at another speed than its siblings.
     */
    private static PeerExecutor keyed(ExecutorService executor) {
        KeyedExecutorService keyed = (KeyedExecutorService) executor;
        return new PeerExecutor(keyed::execute, () -> {
            ExecutorKind.stop(keyed);
            ExecutorStats stats = keyed.stats();
            System.out.println("tasks per worker " + stats.workers().stream().map(w -> Long.toString(w.executed()))
                    .collect(Collectors.joining(" ")) + ", re-partitions " + stats.repartitions());
        });
    }

    /**
     * Shuts {@code ordered} down and waits, polling isTerminated(), until its threads have run
     * every queued task. Not ExecutorKind.stop: OrderedExecutor.awaitTermination is inverted in
     * 4.17.1 (each SingleThreadExecutor returns {@code runner.isAlive()} after its join, so false
     * once terminated), while isTerminated() is right.
     *
     * @throws IllegalStateException if it has not terminated after 10 s
     */
    private static void stop(OrderedExecutor ordered) throws InterruptedException {
        ordered.shutdown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!ordered.isTerminated()) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException(ordered + " did not terminate within 10 s");
            }
            Thread.sleep(1);
        }
    }
}
