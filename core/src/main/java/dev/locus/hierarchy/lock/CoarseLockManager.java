package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One read-write lock for the whole hierarchy, as STMBench7's coarse-grained variant: a lock set
 * without writes takes it for reading, any other for writing. Readers run together; a writer runs
 * alone, whatever nodes it names.
 *
 * <p>Cost: one lock operation per request, independent of the set and the hierarchy; no
 * parallelism at all between writers.
 */
final class CoarseLockManager extends AbstractLockManager {

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    CoarseLockManager(Hierarchy hierarchy) {
        super(hierarchy, "coarse");
    }

    @Override
    Held acquire(LockSet locks) throws InterruptedException {
        Lock mode = locks.hasWrite() ? lock.writeLock() : lock.readLock();
        mode.lockInterruptibly();
        return new OnceHeld() {
            @Override
            void release() {
                mode.unlock();
            }
        };
    }
}
