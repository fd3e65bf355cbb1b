package dev.locus.jmh.hierarchy;

import java.util.concurrent.Future;

/**
 * A scheduler under test with its workers running: it runs each submitted task on one of them,
 * under the task's locks or, in Toggle's scheduler-exclusive mode, kept apart from conflicting
 * tasks by the scheduler itself.
 */
interface TaskScheduler {

    /** Runs {@code work} over {@code counters} some time later; the future completes when it has run. */
    Future<?> submit(WorkloadTask work, LeafCounters counters);

    /** Tasks each worker has run so far, by worker index. */
    long[] executedPerWorker();

    /** Tasks a worker has run from another worker's share so far. */
    long steals();

    /** Shuts the workers down and waits for them. */
    void stop() throws InterruptedException;
}
