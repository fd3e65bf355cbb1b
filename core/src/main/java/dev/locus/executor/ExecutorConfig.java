package dev.locus.executor;

import dev.locus.executor.routing.Router;
import java.util.concurrent.ThreadFactory;

/** What {@link LocusExecutors.Builder} collected; {@code queueCapacity == 0} means unbounded. */
record ExecutorConfig(int workers, Router router, String name, ThreadFactory threadFactory, int queueCapacity,
                      RejectionHandler rejectionHandler, IdleStrategy idleStrategy, boolean pinWorkers,
                      Ordering ordering, boolean registerMBean, TaskDecorator taskDecorator) {
}
