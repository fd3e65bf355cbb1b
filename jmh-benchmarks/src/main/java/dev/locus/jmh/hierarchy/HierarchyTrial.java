package dev.locus.jmh.hierarchy;

import java.util.concurrent.Future;

/** A workload's tasks replayed on a scheduler, one at a time by one producer, until stopped. */
public interface HierarchyTrial {

    /** Submits the workload's next task; the future completes when it has run. */
    Future<?> submitNext();

    /** Shuts the scheduler down and waits for its workers. */
    void stop() throws InterruptedException;
}
