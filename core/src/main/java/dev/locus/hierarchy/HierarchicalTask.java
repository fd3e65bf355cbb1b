package dev.locus.hierarchy;

import java.util.Objects;

/**
 * A hierarchical task of [Kalikar19] §3: an operation together with the {@link LockSet} of nodes it
 * touches. Schedulers place it by the lock set; lock managers lock it before the operation runs.
 *
 * @param locks the nodes the operation reads or writes
 * @param operation the work
 */
public record HierarchicalTask(LockSet locks, Runnable operation) implements Runnable {

    /** @throws NullPointerException if either argument is null */
    public HierarchicalTask {
        Objects.requireNonNull(locks, "locks");
        Objects.requireNonNull(operation, "operation");
    }

    /** Runs the operation; takes no locks. */
    @Override
    public void run() {
        operation.run();
    }
}
