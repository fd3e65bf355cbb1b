package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.Objects;

/** The argument checks and the interrupt check on entry that every manager shares. */
abstract class AbstractLockManager implements HierarchicalLockManager {

    private final Hierarchy hierarchy;
    private final String name;

    AbstractLockManager(Hierarchy hierarchy, String name) {
        this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
        this.name = name;
    }

    @Override
    public final Held lock(LockSet locks) throws InterruptedException {
        Objects.requireNonNull(locks, "locks");
        if (locks.hierarchy() != hierarchy) {
            throw new IllegalArgumentException(locks + " belongs to " + locks.hierarchy() + ", not to " + name
                    + "'s " + hierarchy);
        }
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        return acquire(locks);
    }

    /**
     * Locks a checked set; on {@link InterruptedException} it must leave nothing held.
     */
    abstract Held acquire(LockSet locks) throws InterruptedException;

    @Override
    public final Hierarchy hierarchy() {
        return hierarchy;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public String toString() {
        return name + " over " + hierarchy;
    }
}
