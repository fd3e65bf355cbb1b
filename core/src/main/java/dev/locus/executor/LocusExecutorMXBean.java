package dev.locus.executor;

/**
 * JMX view of a keyed executor, registered as
 * {@code dev.locus:type=KeyedExecutorService,name=<name>} when the builder asks for it and
 * unregistered when the executor terminates.
 */
public interface LocusExecutorMXBean {

    String getRouter();

    int getWorkers();

    long[] getExecutedCounts();

    long[] getQueuedCounts();

    long[] getStealCounts();

    long[] getBoundaries();

    long getRepartitions();

    /** Tasks handed to the rejection handler so far. */
    long getRejected();

    /** The hottest key ranges, formatted as {@code [from, to) share%}. */
    String[] getHottestKeyRanges();

    boolean isShutdown();

    boolean isTerminated();
}
