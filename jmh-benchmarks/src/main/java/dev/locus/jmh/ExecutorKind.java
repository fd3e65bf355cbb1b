package dev.locus.jmh;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The executors the suites compare, by the label their {@code executor} parameter takes: the three
 * schedulers of [Bai06] §4 (round-robin, fixed key ranges, adaptive ranges), the adaptive one
 * also with cost feedback, and the JDK's two pools, which cannot use a key.
 */
public enum ExecutorKind {

    ROUND_ROBIN("roundRobin"),
    FIXED_RANGE("fixedRange"),
    ADAPTIVE("adaptive"),
    /** Adaptive ranges balanced by reported transaction time rather than by task count. */
    ADAPTIVE_COST("adaptiveCost"),
    THREAD_POOL("threadPool"),
    FORK_JOIN("forkJoin");

    private final String label;

    ExecutorKind(String label) {
        this.label = label;
    }

    /**
     * The kind labelled {@code label}.
     *
     * @throws IllegalArgumentException for an unknown label
     */
    public static ExecutorKind of(String label) {
        return Labels.find(values(), ExecutorKind::label, label, "executor");
    }

    String label() {
        return label;
    }

    /** The adaptive router's settings here: the defaults, warmed up on the fixed ranges of {@code [0, maxKey]}. */
    static AdaptiveRangeRouter.Settings warmupOver(long maxKey) {
        return AdaptiveRangeRouter.Settings.defaults().warmupRange(0, maxKey);
    }

    /**
     * Starts an executor with {@code workers} threads for keys in {@code [0, maxKey]}: the fixed
     * ranges split that span, and the adaptive router routes by it until it has sampled enough keys.
     */
    public ExecutorService start(int workers, long maxKey) {
        return switch (this) {
            case ROUND_ROBIN, FIXED_RANGE, ADAPTIVE, ADAPTIVE_COST -> builder(workers, maxKey).build();
            case THREAD_POOL -> new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS,
                    new LinkedBlockingQueue<>());
            case FORK_JOIN -> new ForkJoinPool(workers);
        };
    }

    /**
     * The builder of {@link #start}'s executor, for a locus kind, to be built or set further.
     *
     * @throws IllegalStateException for the JDK's pools
     */
    public LocusExecutors.Builder builder(int workers, long maxKey) {
        AdaptiveRangeRouter.Settings adaptive = warmupOver(maxKey);
        return switch (this) {
            case ROUND_ROBIN -> LocusExecutors.builder(workers).roundRobin();
            case FIXED_RANGE -> LocusExecutors.builder(workers).fixedRange(0, maxKey);
            case ADAPTIVE -> LocusExecutors.builder(workers).adaptive(adaptive);
            case ADAPTIVE_COST -> LocusExecutors.builder(workers).adaptive(adaptive.costFeedback(true));
            case THREAD_POOL, FORK_JOIN -> throw new IllegalStateException(label + " is not a locus executor");
        };
    }

    /**
     * Shuts {@code executor} down and waits for it: JDK 17's ExecutorService has no close(). A JDK
     * pool that is still busy after 10 s (a run that failed with transactions queued) has its
     * queued tasks dropped, so they do not load the runs that follow in this JVM.
     *
     * @throws IllegalStateException if it had to drop tasks
     */
    public static void stop(ExecutorService executor) throws InterruptedException {
        if (executor instanceof KeyedExecutorService keyed) {
            keyed.close();
            return;
        }
        executor.shutdown();
        if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
            int dropped = executor.shutdownNow().size();
            throw new IllegalStateException(executor + " did not terminate within 10 s; dropped " + dropped
                    + " queued tasks");
        }
    }
}
