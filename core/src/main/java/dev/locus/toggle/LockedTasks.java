package dev.locus.toggle;

import dev.locus.hierarchy.LockSet;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

/** Tasks run under a {@link TaskGuard}: lock-manager mode. */
final class LockedTasks {

    private LockedTasks() {
    }

    /** A callable that calls {@code task} under {@code locks}. */
    static <T> Callable<T> around(TaskGuard guard, LockSet locks, Callable<T> task) {
        return () -> guard.call(locks, task);
    }

    /**
     * A runnable that runs {@code task} under {@code locks}. A checked failure of the guard
     * surfaces as an {@link IllegalStateException} (with the interrupt status restored if an
     * interrupt was the cause), which the worker reports like any task failure.
     */
    static Runnable around(TaskGuard guard, LockSet locks, Runnable task) {
        Callable<Object> body = Executors.callable(task);
        return () -> {
            try {
                guard.call(locks, body);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) { // from the guard: the task itself throws nothing checked
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("the lock manager failed on " + locks, e);
            }
        };
    }
}
