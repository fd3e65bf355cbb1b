package dev.locus.toggle;

import dev.locus.hierarchy.LockSet;
import java.util.concurrent.Callable;

/**
 * What a {@link ToggleExecutor} in lock-manager mode runs each task's operation under: given the
 * task's lock set and its operation, it runs the operation so that operations whose lock sets
 * conflict are kept apart, and returns what the operation returned. Unlike a {@link TaskLocking},
 * which only hands back held locks, a guard runs the operation itself, so it can run it in a
 * mode of its own choosing: {@link ElidedLocking} runs it as a critical section of an
 * {@link dev.locus.elision.ElidableLock}, possibly optimistically. Every {@link TaskLocking} is a
 * guard (lock, run, release).
 *
 * <pre>{@code
 * ElidedLocking elided = ElidedLocking.builder(hierarchy, 8).build();
 * ToggleExecutor executor = ToggleExecutor.builder(hierarchy, 8).lockManager(elided).build();
 * }</pre>
 */
public interface TaskGuard {

    /**
     * Runs {@code operation} under {@code locks}, on the calling thread (the worker), and returns
     * its result; an exception of the operation propagates as it was thrown.
     *
     * @param locks the task's lock set, from the executor's hierarchy
     * @param operation the task's operation; run once, or not at all if this method throws first
     * @throws InterruptedException if interrupted while waiting for the locks; the operation then
     *     does not run
     * @throws Exception what the operation threw
     */
    <T> T call(LockSet locks, Callable<T> operation) throws Exception;
}
