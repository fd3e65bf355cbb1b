package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;

/**
 * Locks the nodes of one {@link Hierarchy} for hierarchical tasks ([Kalikar19] §3): locking a node
 * in a {@link dev.locus.hierarchy.LockMode} covers the node and everything below it, and two
 * tasks whose lock sets reach a common leaf, at least one of them writing it, never hold their
 * locks at the same time. Implementations differ only in how they find conflicts and what that
 * costs; {@link HierarchicalLocks} creates them.
 *
 * <p>A task locks its whole set at once and releases it at once (two-phase locking):
 * <pre>{@code
 * try (HierarchicalLockManager.Held held = manager.lock(task.locks())) {
 *     task.run();
 * }
 * }</pre>
 *
 * <p>Every manager is deadlock-free for any mix of lock sets, provided that a thread holds at
 * most one {@link Held} at a time: the locks are not reentrant, and a thread that asks for a
 * second set while it holds a conflicting one waits forever.
 */
public interface HierarchicalLockManager {

    /**
     * Blocks until every node of {@code locks} is held in its mode.
     *
     * @return the held locks; close it, from this thread, to release them
     * @throws InterruptedException if this thread is interrupted on entry or while it waits; the
     *     interrupt status is cleared and nothing of the set is left held
     * @throws NullPointerException if {@code locks} is null
     * @throws IllegalArgumentException if {@code locks} belongs to a hierarchy other than
     *     {@link #hierarchy()} (compared by identity)
     */
    Held lock(LockSet locks) throws InterruptedException;

    /**
     * Locks {@code task}'s lock set, runs the task, and releases the locks, also when the task
     * throws.
     *
     * @throws InterruptedException if interrupted while locking, in which case the task does not run
     * @throws NullPointerException if {@code task} is null
     * @throws IllegalArgumentException as {@link #lock}
     */
    default void run(HierarchicalTask task) throws InterruptedException {
        Held held = lock(task.locks());
        try {
            task.run();
        } finally {
            held.close();
        }
    }

    /** The hierarchy whose nodes this manager locks. */
    Hierarchy hierarchy();

    /** A short name for reports and benchmark parameters, such as {@code "domlock"}. */
    String name();

    /** Locks held by one {@link #lock} call. */
    interface Held extends AutoCloseable {

        /**
         * Releases the locks. Call it exactly once, from the thread that locked.
         *
         * @throws IllegalStateException if already released
         * @throws IllegalMonitorStateException if called from another thread; nothing is released
         */
        @Override
        void close();
    }
}
