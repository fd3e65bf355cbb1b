package dev.locus.toggle;

import dev.locus.hierarchy.LockSet;

/**
 * Where a {@link ToggleExecutor} in lock-manager mode takes each task's locks: the paper's Toggle
 * on top of a hierarchical lock manager such as DomLock. A lock manager whose method is
 * {@code SomeHeld lock(LockSet) throws InterruptedException}, with {@code SomeHeld extends
 * AutoCloseable}, plugs in as {@code manager::lock}.
 *
 * <pre>{@code
 * ToggleExecutor executor = ToggleExecutor.builder(hierarchy, 8)
 *         .lockManager(domLock::lock)
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface TaskLocking {

    /**
     * Blocks until the calling thread holds {@code locks}, and returns what releases them. The
     * executor calls it on the worker, just before the task's operation, and closes the result,
     * on the same thread, just after.
     *
     * @param locks the task's lock set, from the executor's hierarchy
     * @return the held locks; {@code close()} releases them
     * @throws InterruptedException if interrupted while waiting; the task then does not run
     */
    AutoCloseable lock(LockSet locks) throws InterruptedException;
}
