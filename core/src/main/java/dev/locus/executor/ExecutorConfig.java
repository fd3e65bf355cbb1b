package dev.locus.executor;

import dev.locus.executor.pool.PoolConfig;
import dev.locus.executor.routing.Router;

/** What {@link LocusExecutors.Builder} collected; {@code queueCapacity == 0} means unbounded. */
record ExecutorConfig(int workers, Router router, PoolConfig pool, int queueCapacity,
                      RejectionHandler rejectionHandler, IdleStrategy idleStrategy, Ordering ordering,
                      boolean registerMBean, TaskDecorator taskDecorator) {

    /** The executor's name. */
    String name() {
        return pool.name();
    }
}
