package dev.locus.metrics;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
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
 * Publishes a {@link KeyedExecutorService}'s {@link ExecutorStats} to a Micrometer
 * {@link MeterRegistry}. Micrometer is an optional dependency of {@code locus-core}: add
 * {@code io.micrometer:micrometer-core} to use this class; nothing else in locus refers to it.
 *
 * <pre>{@code
 * new KeyedExecutorMetrics(executor, "orders", Tags.empty()).bindTo(registry);
 * }</pre>
 *
 * <p>The meters Micrometer's {@code ExecutorServiceMetrics} registers for a
 * {@code ThreadPoolExecutor} or {@code ForkJoinPool}, under the same names, so that existing
 * dashboards show a locus executor too; each is tagged {@code name=<name>} and with the given tags:
 * <ul>
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
 */
public final class KeyedExecutorMetrics implements MeterBinder {

    private final KeyedExecutorService executor;
    private final Tags tags;

    /**
     * Meters for {@code executor}, tagged {@code name=<name>} and with {@code tags}.
     *
     * @throws NullPointerException if an argument is null
     */
    public KeyedExecutorMetrics(KeyedExecutorService executor, String name, Iterable<Tag> tags) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.tags = Tags.concat(Objects.requireNonNull(tags, "tags"), "name", Objects.requireNonNull(name, "name"));
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
