package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;

/**
 * A manager that locks nothing: the control that shows the safety test can fail. Never use it
 * outside that test.
 */
final class NoLockingManager extends AbstractLockManager {

    NoLockingManager(Hierarchy hierarchy) {
        super(hierarchy, "no locking");
    }

    @Override
    Held acquire(LockSet locks) {
        return new OnceHeld() {
            @Override
            void release() {
            }
        };
    }
}
