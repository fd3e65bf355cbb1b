package dev.locus.executor;

import dev.locus.executor.pool.PoolConfig;
import dev.locus.executor.pool.PoolSettings;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.executor.routing.FixedRangeRouter;
import dev.locus.executor.routing.RoundRobinRouter;
import dev.locus.executor.routing.Router;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Factories for the keyed executors of [Bai06]: round-robin, fixed key ranges, and adaptive
 * (PD-partition) key ranges. The short forms use the defaults; {@link #builder(int)} sets the rest.
 * A bounded queue with the blocking handler gives back-pressure that keeps per-key order:
 *
 * <pre>{@code
 * KeyedExecutorService executor = LocusExecutors.builder(4)
 *         .adaptive(AdaptiveRangeRouter.Settings.defaults().warmupRange(0, 1 << 17))
 *         .queueCapacity(65_536)
 *         .rejectionHandler(RejectionHandler.block(Duration.ofSeconds(5)))
 *         .name("orders")
 *         .build();
 * executor.execute(order.accountId(), () -> apply(order));
 * }</pre>
 */
public final class LocusExecutors {

    /**
     * The most workers an executor may have. Each worker keeps per-worker state for the others
     * (the tasks it holds back during a re-partition), so the footprint grows with the square of
     * the count; workers are meant to be about one per core.
     */
    public static final int MAX_WORKERS = 4_096;

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private LocusExecutors() {
    }

    /** Round-robin placement: tasks go to workers in turn, keys ignored. */
    public static KeyedExecutorService roundRobin(int workers) {
        return builder(workers).roundRobin().build();
    }

    /** Fixed placement: {@code [minKey, maxKey]} cut into {@code workers} equal ranges. */
    public static KeyedExecutorService fixedRange(int workers, long minKey, long maxKey) {
        return builder(workers).fixedRange(minKey, maxKey).build();
    }

    /** Adaptive placement with the default {@link AdaptiveRangeRouter.Settings}. */
    public static KeyedExecutorService adaptive(int workers) {
        return builder(workers).adaptive().build();
    }

    /** Adaptive placement with the given settings. */
    public static KeyedExecutorService adaptive(int workers, AdaptiveRangeRouter.Settings settings) {
        return builder(workers).adaptive(settings).build();
    }

    /**
     * The index of the worker whose thread calls this, from 0 to {@code workers() - 1} as in
     * {@link ExecutorStats.WorkerStats#index()}, or -1 on a thread that is no worker of an executor
     * built here. Tasks and task decorators may call it, for a per-worker breakdown; it reads a
     * {@code ThreadLocal} that each worker thread sets once when it starts, and the executor itself
     * never calls it.
     */
    public static int currentWorkerIndex() {
        return Worker.currentIndex();
    }

    /**
     * A builder for an executor with {@code workers} threads (adaptive routing unless told
     * otherwise).
     *
     * @throws IllegalArgumentException if {@code workers < 1} or {@code workers > MAX_WORKERS}
     */
    public static Builder builder(int workers) {
        return new Builder(workers);
    }

    /** Collects the settings of one executor; not thread-safe, reusable after {@link #build()}. */
    public static final class Builder {

        private final int workers;
        private IntFunction<Router> router;
        private final PoolSettings pool = new PoolSettings();
        private int queueCapacity;
        private RejectionHandler rejectionHandler = RejectionHandler.abort();
        private IdleStrategy idleStrategy = IdleStrategy.defaultStrategy();
        private Ordering ordering = Ordering.PER_KEY;
        private boolean registerMBean;
        private TaskDecorator taskDecorator;

        private Builder(int workers) {
            if (workers < 1 || workers > MAX_WORKERS) {
                throw new IllegalArgumentException("workers must be in [1, " + MAX_WORKERS + "], was " + workers);
            }
            this.workers = workers;
            this.router = AdaptiveRangeRouter::new;
        }

        /** Round-robin placement. */
        public Builder roundRobin() {
            this.router = RoundRobinRouter::new;
            return this;
        }

        /**
         * Fixed equal-width ranges over {@code [minKey, maxKey]}.
         *
         * @throws IllegalArgumentException if {@code minKey > maxKey}
         */
        public Builder fixedRange(long minKey, long maxKey) {
            new FixedRangeRouter(workers, minKey, maxKey); // fail here, not in build()
            this.router = w -> new FixedRangeRouter(w, minKey, maxKey);
            return this;
        }

        /** Adaptive ranges with the default settings. */
        public Builder adaptive() {
            return adaptive(AdaptiveRangeRouter.Settings.defaults());
        }

        /** Adaptive ranges with the given settings. */
        public Builder adaptive(AdaptiveRangeRouter.Settings settings) {
            Objects.requireNonNull(settings, "settings");
            this.router = w -> new AdaptiveRangeRouter(w, settings);
            return this;
        }

        /**
         * A router of your own; {@code factory} is called once per {@link #build()} with the worker
         * count and must return a fresh router whose tables route to that many workers.
         */
        public Builder router(IntFunction<? extends Router> factory) {
            Objects.requireNonNull(factory, "factory");
            this.router = factory::apply;
            return this;
        }

        /** Names the executor: worker threads are {@code name-worker-i}, and the JMX name uses it. */
        public Builder name(String name) {
            pool.name(name);
            return this;
        }

        /** Creates the worker threads (default: non-daemon threads named after the executor). */
        public Builder threadFactory(ThreadFactory threadFactory) {
            pool.threadFactory(threadFactory);
            return this;
        }

        /**
         * Bounds each worker's queue to {@code capacity} waiting tasks; a task that finds its
         * worker's queue full goes to the {@link #rejectionHandler(RejectionHandler)}, of which
         * {@link RejectionHandler#block(java.time.Duration)} waits for room. Unbounded by default.
         *
         * @throws IllegalArgumentException if {@code capacity < 1}
         */
        public Builder queueCapacity(int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("queueCapacity must be > 0, was " + capacity);
            }
            this.queueCapacity = capacity;
            return this;
        }

        /** What to do with tasks that are refused; default {@link RejectionHandler#abort()}. */
        public Builder rejectionHandler(RejectionHandler handler) {
            this.rejectionHandler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** How idle workers wait; default {@link IdleStrategy#defaultStrategy()}. */
        public Builder idleStrategy(IdleStrategy idleStrategy) {
            this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
            return this;
        }

        /**
         * Pins worker {@code i} to CPU {@code i mod cores} with OpenHFT Affinity (off by default).
         * Where that fails (no Affinity on the class path, no native support, a restricted CPU
         * set), the worker logs why and runs unpinned.
         */
        public Builder pinWorkers(boolean pin) {
            pool.pinWorkers(pin);
            return this;
        }

        /** Per-key order (default) or relaxed order with stealing. */
        public Builder ordering(Ordering ordering) {
            this.ordering = Objects.requireNonNull(ordering, "ordering");
            return this;
        }

        /**
         * Registers a {@link LocusExecutorMXBean} as
         * {@code dev.locus:type=KeyedExecutorService,name=<name>} until the executor terminates.
         */
        public Builder registerMBean(boolean register) {
            this.registerMBean = register;
            return this;
        }

        /**
         * Wraps each task at submission, on the submitting thread ({@link TaskDecorator}): the
         * way to carry the MDC, a tracing or a security context into the task. None by default.
         */
        public Builder taskDecorator(TaskDecorator decorator) {
            this.taskDecorator = Objects.requireNonNull(decorator, "decorator");
            return this;
        }

        /**
         * Starts the workers and returns the executor.
         *
         * @throws IllegalArgumentException if a custom router's table has another worker count, or
         *     the MBean name is taken
         */
        public KeyedExecutorService build() {
            return start(taskDecorator);
        }

        /**
         * Starts the workers and returns the executor, with {@code outer} wrapping each task
         * outside this builder's task decorator: {@code taskDecorator.andThen(outer)}, or
         * {@code outer} alone if none is set (see {@link TaskDecorator#andThen}). The builder is left
         * as it was. This is for instrumentation that must see each task as the worker runs it,
         * context and all, without replacing the user's decorator, such as
         * {@code KeyedExecutorMetrics.monitor} of {@code dev.locus.metrics}.
         *
         * @throws IllegalArgumentException as {@link #build()}
         */
        public KeyedExecutorService build(TaskDecorator outer) {
            Objects.requireNonNull(outer, "outer");
            return start(taskDecorator == null ? outer : taskDecorator.andThen(outer));
        }

        private KeyedExecutorService start(TaskDecorator decorator) {
            Router r = Objects.requireNonNull(router.apply(workers), "router factory returned null");
            int tableWorkers = r.initialTable().workers();
            if (tableWorkers != workers) {
                throw new IllegalArgumentException("router routes to " + tableWorkers
                        + " workers, executor has " + workers);
            }
            PoolConfig poolConfig = pool.config(() -> "locus-" + SEQUENCE.incrementAndGet());
            ExecutorConfig config = new ExecutorConfig(workers, r, poolConfig, queueCapacity, rejectionHandler,
                    idleStrategy, ordering, registerMBean, decorator);
            return LocusExecutor.start(config);
        }
    }
}
