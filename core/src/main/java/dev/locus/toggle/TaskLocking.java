package dev.locus.toggle;

import dev.locus.hierarchy.LockSet;
import java.util.concurrent.Callable;

/**
 * Where a {@link ToggleExecutor} in lock-manager mode takes each task's locks: the paper's Toggle
 * on top of a hierarchical lock manager such as DomLock. A lock manager whose method is
 * {@code SomeHeld lock(LockSet) throws InterruptedException}, with {@code SomeHeld extends
 * AutoCloseable}, plugs in as {@code manager::lock}. As a {@link TaskGuard} it takes the locks,
 * calls the operation and releases them; a lock manager that must run the operation itself (to
 * elide its locks, say) is a {@link TaskGuard} instead.
 *
 * <pre>{@code
 * ToggleExecutor executor = ToggleExecutor.builder(hierarchy, 8)
 *         .lockManager(domLock::lock)
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface TaskLocking extends TaskGuard {

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

    /**
     * Takes {@code locks} with {@link #lock}, calls {@code operation}, and closes what {@code lock}
     * returned, also when the operation throws (a failure to close is then suppressed in the
     * operation's exception).
     */
    @Override
    default <T> T call(LockSet locks, Callable<T> operation) throws Exception {
        AutoCloseable held = lock(locks);
        T result;
        try { // try-with-resources by hand: javac's lint warns of any AutoCloseable resource
            result = operation.call();
        } catch (Throwable failure) {
            if (held != null) {
                try {
                    held.close();
                } catch (Throwable alsoFailed) {
                    failure.addSuppressed(alsoFailed);
                }
            }
            throw failure;
        }
        if (held != null) {
            held.close();
        }
        return result;
    }
}
