package dev.locus.jmh.peer;

import dev.locus.jmh.Completion;

/**
 * The state that one workload of {@link PeerBenchmark} changes, shared by all producers: it makes
 * each task, and checks at the end of a trial that every task it made changed it exactly once.
 */
interface KeyedState {

    /** The task for {@code key}; it changes this state, then counts itself in {@code completion}. */
    Runnable task(long key, Completion completion);

    /**
     * Checks the final state, after the executor has run every task.
     *
     * @param completed the tasks that ran
     * @throws IllegalStateException if the state is not what {@code completed} tasks, each applied
     *     once and whole, leave: an update lost to a race, a task run twice, or one torn
     */
    void check(long completed);
}
