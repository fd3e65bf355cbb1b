package dev.locus.metrics;

import dev.locus.executor.LocusExecutors;
import dev.locus.executor.TaskDecorator;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * The task decorator of {@link KeyedExecutorMetrics#monitor}: times each task from its submission
 * to its start ({@code executor.idle}) and from its start to its end ({@code executor}), as
 * Micrometer's {@code TimedExecutorService} does for the executors it wraps, and keeps the same two
 * durations per worker.
 */
/*
 * Design notes
 *
 * Where it runs. decorate() runs on the submitting thread, once per task, and reads the clock; the
 * runnable it returns runs on the worker (LocusExecutor queues decorations and runs them only in
 * its workers; shutdownNow and the rejection handler get the task as submitted, DecoratedTask).
 * An executor built without monitoring has no decorator at all, so none of this costs it anything.
 *
 * Per-task cost when monitored, beyond Micrometer's own Timer.record: on the submitting thread one
 * clock read and one allocation (the returned runnable, holding the task and its submission time);
 * on the worker two clock reads, one ThreadLocal read (this thread's WorkerTiming) and four opaque
 * writes to it. The timers are registered once, here, so no task looks up a meter. Micrometer's
 * TimedRunnable allocates two Timer.Samples besides; plain durations into Timer.record do the same.
 *
 * Per worker, by the thread that runs the task, not the worker it was queued at: with relaxed
 * ordering an idle worker runs tasks from others' queues, and that time is its own. Each thread
 * records into its own WorkerTiming (a ThreadLocal of this decorator, created on its first task
 * with its worker index, LocusExecutors.currentWorkerIndex()), so each has one writer however the
 * threads come and go: a worker whose thread is replaced gets a second WorkerTiming, which adds to
 * the first. The per-worker meters sum the WorkerTimings of their index when read. Every duration
 * goes to both the total and the thread's share, so at rest the shares add up to the totals.
 *
 * Names. The per-worker meters are locus.executor.worker.execution and .idle, not the executor
 * timers with a worker tag: registries such as Prometheus require every meter of one name to have
 * the same tag keys (as for locus.executor.worker.completed against executor.completed).
 *
 * Micrometer versions. locus-core compiles against Micrometer 1.16, but users run it with the
 * Micrometer of their own tree, such as Spring Boot 3.5's 1.15. The timers are registered through
 * Timer.builder, not registry.timer(name, tags): with tags a Tags, javac binds that call to the
 * timer(String, Tags) overload that 1.16 added, and monitor fails with NoSuchMethodError on 1.15
 * (the starter's tests, on Boot 3.5's Micrometer, run it there).
 */
final class TaskTiming implements TaskDecorator {

    private final Clock clock;
    private final Timer execution;
    private final Timer idle;
    private final List<WorkerTiming> threads = new CopyOnWriteArrayList<>();
    private final ThreadLocal<WorkerTiming> current = ThreadLocal.withInitial(this::newThread);

    /** Registers {@code executor} and {@code executor.idle}, tagged {@code tags}, as Micrometer does. */
    TaskTiming(MeterRegistry registry, Tags tags) {
        this.clock = registry.config().clock();
        this.execution = Timer.builder("executor").tags(tags).register(registry);
        this.idle = Timer.builder("executor.idle").tags(tags).register(registry);
    }

    @Override
    public Runnable decorate(Runnable task) {
        long submitted = clock.monotonicTime();
        return () -> run(task, submitted);
    }

    /** Runs {@code task} on a worker, timed; what it throws goes on to the worker. */
    private void run(Runnable task, long submitted) {
        long started = clock.monotonicTime();
        WorkerTiming thread = current.get();
        long waited = started - submitted;
        idle.record(waited, TimeUnit.NANOSECONDS);
        thread.waited(waited);
        try {
            task.run();
        } finally {
            long ran = clock.monotonicTime() - started;
            execution.record(ran, TimeUnit.NANOSECONDS);
            thread.ran(ran);
        }
    }

    private WorkerTiming newThread() {
        WorkerTiming timing = new WorkerTiming(LocusExecutors.currentWorkerIndex());
        threads.add(timing);
        return timing;
    }

    /** Registers worker {@code index}'s share, tagged {@code tags} (which name the worker). */
    void bindWorker(MeterRegistry registry, Tags tags, int index) {
        FunctionTimer.builder("locus.executor.worker.execution", this,
                        t -> t.sum(index, WorkerTiming::ran), t -> t.sum(index, WorkerTiming::ranNanos),
                        TimeUnit.NANOSECONDS)
                .tags(tags).description("Run time of the tasks this worker ran").register(registry);
        FunctionTimer.builder("locus.executor.worker.idle", this,
                        t -> t.sum(index, WorkerTiming::waited), t -> t.sum(index, WorkerTiming::waitedNanos),
                        TimeUnit.NANOSECONDS)
                .tags(tags).description("Time the tasks this worker started waited since their submission")
                .register(registry);
    }

    private long sum(int worker, ToLongFunction<WorkerTiming> value) {
        long sum = 0;
        for (WorkerTiming thread : threads) {
            if (thread.worker == worker) {
                sum += value.applyAsLong(thread);
            }
        }
        return sum;
    }
}
