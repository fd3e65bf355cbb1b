package dev.locus.toggle;

import dev.locus.hierarchy.LockSet;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;

/** Tasks wrapped in the locks of a {@link TaskLocking}: lock-manager mode. */
final class LockedTasks {

    private LockedTasks() {
    }

    /** A callable that takes {@code locks}, calls {@code task} and releases them. */
    static <T> Callable<T> around(TaskLocking locking, LockSet locks, Callable<T> task) {
        return () -> call(locking, locks, task);
    }

    /**
     * A runnable that takes {@code locks}, runs {@code task} and releases them. A checked failure
     * of the lock manager surfaces as an {@link IllegalStateException} (with the interrupt status
     * restored if an interrupt was the cause), which the worker reports like any task failure.
     */
    static Runnable around(TaskLocking locking, LockSet locks, Runnable task) {
        Callable<Object> body = Executors.callable(task);
        return () -> {
            try {
                call(locking, locks, body);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Exception e) { // from lock() or close(): the task itself throws nothing checked
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                throw new IllegalStateException("the lock manager failed on " + locks, e);
            }
        };
    }

    /** Try-with-resources by hand: javac's lint warns of any AutoCloseable resource. */
    private static <T> T call(TaskLocking locking, LockSet locks, Callable<T> task) throws Exception {
        AutoCloseable held = locking.lock(locks);
        T result;
        try {
            result = task.call();
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
