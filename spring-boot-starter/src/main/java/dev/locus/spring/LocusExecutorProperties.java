package dev.locus.spring;

import dev.locus.executor.IdleStrategy;
import dev.locus.executor.Ordering;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code locus.executor.*} properties of the auto-configured {@code KeyedExecutorService},
 * one for each setting of {@link dev.locus.executor.LocusExecutors.Builder}. The defaults are the
 * builder's, except the name ({@code locus}) and the worker count (one per available processor).
 * The builder checks the values as the executor's bean is created: a bad value fails the
 * application's start with the builder's message behind {@code Invalid locus.executor properties: }.
 */
@ConfigurationProperties("locus.executor")
public class LocusExecutorProperties {

    /** Whether to auto-configure a KeyedExecutorService bean. */
    private boolean enabled = true;

    /** Worker threads, fixed for the executor's life; default: the available processors. */
    private int workers = Runtime.getRuntime().availableProcessors();

    /** Name of the executor: its worker threads are name-worker-i, its meters are tagged name=name. */
    private String name = "locus";

    /** Waiting tasks each worker's queue holds, at least 1; unset: unbounded. */
    private Integer queueCapacity;

    /** What the tasks of one key are promised: per-key (default), per-key-per-thread or relaxed. */
    private Ordering ordering = Ordering.PER_KEY;

    /** Whether to register the executor's MBean as dev.locus:type=KeyedExecutorService,name=name. */
    private boolean registerMbean;

    private final Router router = new Router();

    private final Rejection rejection = new Rejection();

    private final Idle idle = new Idle();

    private final Shutdown shutdown = new Shutdown();

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public int getWorkers() {
        return workers;
    }

    public void setWorkers(int workers) {
        this.workers = workers;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Integer getQueueCapacity() {
        return queueCapacity;
    }

    public void setQueueCapacity(Integer queueCapacity) {
        this.queueCapacity = queueCapacity;
    }

    public Ordering getOrdering() {
        return ordering;
    }

    public void setOrdering(Ordering ordering) {
        this.ordering = ordering;
    }

    public boolean isRegisterMbean() {
        return registerMbean;
    }

    public void setRegisterMbean(boolean registerMbean) {
        this.registerMbean = registerMbean;
    }

    public Router getRouter() {
        return router;
    }

    public Rejection getRejection() {
        return rejection;
    }

    public Idle getIdle() {
        return idle;
    }

    public Shutdown getShutdown() {
        return shutdown;
    }

    /** How tasks are placed on workers by their keys. */
    public static class Router {

        /** The router: adaptive (default), fixed-range or round-robin. */
        private RouterType type = RouterType.ADAPTIVE;

        /**
         * Lowest key of the key space: required with max-key for fixed-range; for adaptive,
         * optional with max-key, the range cut into equal widths during warm-up.
         */
        private Long minKey;

        /** Highest key of the key space; see min-key. */
        private Long maxKey;

        public RouterType getType() {
            return type;
        }

        public void setType(RouterType type) {
            this.type = type;
        }

        public Long getMinKey() {
            return minKey;
        }

        public void setMinKey(Long minKey) {
            this.minKey = minKey;
        }

        public Long getMaxKey() {
            return maxKey;
        }

        public void setMaxKey(Long maxKey) {
            this.maxKey = maxKey;
        }
    }

    /** The routers of {@link dev.locus.executor.LocusExecutors}. */
    public enum RouterType {
        /** Key ranges of equal load, re-cut when the load drifts. */
        ADAPTIVE,
        /** [min-key, max-key] cut into equal-width ranges, one per worker. */
        FIXED_RANGE,
        /** Tasks go to the workers in turn, keys ignored: no per-key order. */
        ROUND_ROBIN
    }

    /** What happens to a task that a full queue or a shut-down executor refuses. */
    public static class Rejection {

        /** The rejection handler: abort (default), block, caller-runs or discard. */
        private RejectionPolicy policy = RejectionPolicy.ABORT;

        /** With block: how long a producer waits for room before the task is rejected. */
        private Duration blockTimeout = Duration.ofSeconds(5);

        public RejectionPolicy getPolicy() {
            return policy;
        }

        public void setPolicy(RejectionPolicy policy) {
            this.policy = policy;
        }

        public Duration getBlockTimeout() {
            return blockTimeout;
        }

        public void setBlockTimeout(Duration blockTimeout) {
            this.blockTimeout = blockTimeout;
        }
    }

    /** The handlers of {@link dev.locus.executor.RejectionHandler}. */
    public enum RejectionPolicy {
        /** Throws RejectedExecutionException. */
        ABORT,
        /** Waits up to block-timeout for room: back-pressure that keeps per-key order. */
        BLOCK,
        /** Runs the task in the submitting thread when the queue is full: breaks per-key order. */
        CALLER_RUNS,
        /** Drops the task, cancelling it if it is a Future. */
        DISCARD
    }

    /** How an idle worker waits: spins, then yields, then parks. */
    public static class Idle {

        /** Spins before yielding (default 0). */
        private int spins = IdleStrategy.defaultStrategy().spins();

        /** Yields before parking (default 100). */
        private int yields = IdleStrategy.defaultStrategy().yields();

        public int getSpins() {
            return spins;
        }

        public void setSpins(int spins) {
            this.spins = spins;
        }

        public int getYields() {
            return yields;
        }

        public void setYields(int yields) {
            this.yields = yields;
        }
    }

    /** What the closing application context does with the executor, as spring.task.execution.shutdown. */
    public static class Shutdown {

        /**
         * How long the closing context waits for queued and running tasks after shutdown(); then
         * shutdownNow() interrupts the running tasks and cancels the queued ones. Zero: no wait.
         */
        private Duration awaitTerminationPeriod = Duration.ofSeconds(30);

        public Duration getAwaitTerminationPeriod() {
            return awaitTerminationPeriod;
        }

        public void setAwaitTerminationPeriod(Duration awaitTerminationPeriod) {
            this.awaitTerminationPeriod = awaitTerminationPeriod;
        }
    }
}
