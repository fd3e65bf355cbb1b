package dev.locus.metrics;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.TaskDecorator;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.Objects;

/**
 * Publishes a {@link KeyedExecutorService}'s {@link ExecutorStats}, and the time its tasks wait and
 * run, to a Micrometer {@link MeterRegistry}. Micrometer is an optional dependency of
 * {@code locus-core}: add {@code io.micrometer:micrometer-core} to use this class; nothing else in
 * locus refers to it.
 *
 * <p>One call builds a monitored executor, as {@code ExecutorServiceMetrics.monitor} wraps a
 * {@code ThreadPoolExecutor}: every meter below, the timers included.
 *
 * <pre>{@code
 * KeyedExecutorService executor = KeyedExecutorMetrics.monitor(registry,
 *         LocusExecutors.builder(4).adaptive().taskDecorator(mdc), "orders", Tags.empty());
 * }</pre>
 *
 * <p>For an executor already built, {@code new KeyedExecutorMetrics(executor, "orders",
 * Tags.empty()).bindTo(registry)} registers every meter but the timers, which need each task
 * decorated from its submission on.
 *
 * <p>The meters Micrometer's {@code ExecutorServiceMetrics} registers for a
 * {@code ThreadPoolExecutor} or {@code ForkJoinPool}, under the same names, so that existing
 * dashboards show a locus executor too; each is tagged {@code name=<name>} and with the given tags:
 * <ul>
 *   <li>{@code executor} (timer; {@link #monitor} only): how long each task ran, from its start to
 *       its end, whether it returned or threw;
 *   <li>{@code executor.idle} (timer; {@link #monitor} only): how long each task waited, from its
 *       submission to its start;
 *   <li>{@code executor.completed} (function counter, tasks): tasks run by all workers;
 *   <li>{@code executor.queued} (gauge, tasks): tasks waiting in all workers' queues;
 *   <li>{@code executor.active} (gauge, threads): workers running a task;
 *   <li>{@code executor.pool.size} (gauge, threads): the worker count;
 *   <li>{@code executor.steals} (function counter, tasks): tasks idle workers took from others'
 *       queues ({@code Ordering.RELAXED} only).
 * </ul>
 * And locus's own:
 * <ul>
 *   <li>{@code locus.executor.worker.completed} (function counter, tasks) and
 *       {@code locus.executor.worker.queued} (gauge, tasks), each also tagged {@code worker=<index>}:
 *       one worker's share, where imbalance shows;
 *   <li>{@code locus.executor.worker.execution} and {@code locus.executor.worker.idle} (function
 *       timers; {@link #monitor} only), also tagged {@code worker=<index>}: the {@code executor}
 *       and {@code executor.idle} timings of the tasks each worker ran (a task another worker's
 *       queue held counts for the worker that ran it), which add up to those timers' counts and
 *       totals. They are not the {@code executor} timers with a {@code worker} tag because
 *       registries such as Prometheus require every meter of one name to have the same tag keys;
 *   <li>{@code locus.executor.repartitions} (function counter): new key partitions the router
 *       installed;
 *   <li>{@code locus.executor.rejected} (function counter, tasks): tasks handed to the rejection
 *       handler, the queue full or the executor shut down;
 *   <li>{@code locus.executor.hot.range.share} (gauge), also tagged {@code rank=1..5}: the share of
 *       sampled keys that fell in the busiest key range, the next busiest, and so on (0 where fewer
 *       ranges were seen). The ranges themselves change as keys move, so they are not tags (that
 *       would make a new time series each time); {@link KeyedExecutorService#stats()} and JMX show
 *       them.
 * </ul>
 *
 * <p>Every reading takes a fresh {@link KeyedExecutorService#stats()} snapshot (the workers'
 * counters, and a histogram of at most 4,096 sampled keys for the hottest ranges); Micrometer holds the executor weakly, as for its own executor meters, so binding does
 * not keep a discarded executor alive.
 *
 * <p>The timers cost only monitored executors: {@link #monitor} installs a {@link TaskDecorator}
 * that reads the registry's clock when a task is submitted and when it starts and ends; an executor
 * built without it has no decorator and runs its tasks as they were submitted. The timing wraps the
 * builder's own task decorator, if any ({@link LocusExecutors.Builder#build(TaskDecorator)}): it
 * runs outside it on the worker, so the {@code executor} timer includes that decorator's work (the
 * context it sets and restores) as well as the task's. Tasks that {@code shutdownNow} returns, or
 * that the rejection handler gets, are the tasks as submitted, and are not timed; a task put back
 * with {@code requeue} is timed each time it runs, its wait from the requeue, as
 * {@code executor.completed} counts each run.
 */
@SuppressWarnings("exports") // Micrometer's types, which a user of this binder requires anyway
public final class KeyedExecutorMetrics implements MeterBinder {

    private final KeyedExecutorService executor;
    private final Tags tags;
    /** The timing {@link #monitor} built the executor with; null for an executor built without. */
    private final TaskTiming timing;

    /**
     * Meters for {@code executor}, tagged {@code name=<name>} and with {@code tags}: all but the
     * timers, which {@link #monitor} gives.
     *
     * @throws NullPointerException if an argument is null
     */
    public KeyedExecutorMetrics(KeyedExecutorService executor, String name, Iterable<Tag> tags) {
        this(Objects.requireNonNull(executor, "executor"), tagged(name, tags), null);
    }

    private KeyedExecutorMetrics(KeyedExecutorService executor, Tags tags, TaskTiming timing) {
        this.executor = executor;
        this.tags = tags;
        this.timing = timing;
    }

    /**
     * Builds an executor from {@code builder}, with each task timed, and registers its meters in
     * {@code registry}, tagged {@code name=<name>} and with {@code tags}: the {@code executor} and
     * {@code executor.idle} timers and their per-worker shares, and the meters of
     * {@link #bindTo}. The timing wraps the builder's task decorator, if any, and the builder is
     * left as it was ({@link LocusExecutors.Builder#build(TaskDecorator)}). Build each monitored
     * executor with its own call: the timing belongs to the executor it was built with.
     *
     * @return the executor, running
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException as {@link LocusExecutors.Builder#build()}
     */
    public static KeyedExecutorService monitor(MeterRegistry registry, LocusExecutors.Builder builder, String name,
                                               Iterable<Tag> tags) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(builder, "builder");
        Tags all = tagged(name, tags);
        TaskTiming timing = new TaskTiming(registry, all);
        KeyedExecutorService executor = builder.build(timing);
        new KeyedExecutorMetrics(executor, all, timing).bindTo(registry);
        return executor;
    }

    private static Tags tagged(String name, Iterable<Tag> tags) {
        return Tags.concat(Objects.requireNonNull(tags, "tags"), "name", Objects.requireNonNull(name, "name"));
    }

    /** @throws NullPointerException if {@code registry} is null */
    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        FunctionCounter.builder("executor.completed", executor, e -> e.stats().executed())
                .tags(tags).description("The approximate total number of tasks that have completed execution")
                .baseUnit(BaseUnits.TASKS).register(registry);
        Gauge.builder("executor.queued", executor, e -> e.stats().queued())
                .tags(tags).description("The approximate number of tasks that are queued for execution")
                .baseUnit(BaseUnits.TASKS).register(registry);
        Gauge.builder("executor.active", executor, e -> e.stats().active())
                .tags(tags).description("The approximate number of threads that are actively executing tasks")
                .baseUnit(BaseUnits.THREADS).register(registry);
        Gauge.builder("executor.pool.size", executor, KeyedExecutorService::workers)
                .tags(tags).description("The current number of threads in the pool")
                .baseUnit(BaseUnits.THREADS).register(registry);
        FunctionCounter.builder("executor.steals", executor, e -> e.stats().steals())
                .tags(tags).description("The total number of tasks stolen from one worker's queue by another")
                .baseUnit(BaseUnits.TASKS).register(registry);

        for (int i = 0; i < executor.workers(); i++) {
            int index = i;
            Tags worker = tags.and("worker", Integer.toString(index));
            FunctionCounter.builder("locus.executor.worker.completed", executor, e -> worker(e, index).executed())
                    .tags(worker).description("Tasks run by this worker")
                    .baseUnit(BaseUnits.TASKS).register(registry);
            Gauge.builder("locus.executor.worker.queued", executor, e -> worker(e, index).queued())
                    .tags(worker).description("Tasks waiting in this worker's queue")
                    .baseUnit(BaseUnits.TASKS).register(registry);
            if (timing != null) {
                timing.bindWorker(registry, worker, index);
            }
        }
        FunctionCounter.builder("locus.executor.repartitions", executor, e -> e.stats().repartitions())
                .tags(tags).description("New key partitions the router installed")
                .register(registry);
        FunctionCounter.builder("locus.executor.rejected", executor, e -> e.stats().rejected())
                .tags(tags).description("Tasks handed to the rejection handler")
                .baseUnit(BaseUnits.TASKS).register(registry);
        for (int rank = 1; rank <= ExecutorStats.MAX_HOTTEST_RANGES; rank++) {
            int index = rank - 1;
            Gauge.builder("locus.executor.hot.range.share", executor, e -> hotShare(e, index))
                    .tags(tags.and("rank", Integer.toString(rank)))
                    .description("Share of sampled keys in the key range of this rank, busiest first")
                    .register(registry);
        }
    }

    private static ExecutorStats.WorkerStats worker(KeyedExecutorService executor, int index) {
        return executor.stats().workers().get(index);
    }

    private static double hotShare(KeyedExecutorService executor, int index) {
        List<ExecutorStats.KeyRangeLoad> ranges = executor.stats().hottestRanges();
        return index < ranges.size() ? ranges.get(index).share() : 0;
    }

    @Override
    public String toString() {
        return "KeyedExecutorMetrics[" + tags + " -> " + executor + "]";
    }
}
