package dev.locus.elision;

import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.function.BooleanSupplier;

/**
 * The lock an {@link ElidableLock} elides, as [Dice14]'s LockAPI sees it: acquire, release, and
 * whether some thread holds it (what a hardware transaction checks before it runs). Adapters for
 * the JDK's locks; any other lock can implement it.
 */
public interface LockApi {

    /** Acquires the lock, waiting uninterruptibly as {@link Lock#lock()}. */
    void lock();

    /** Releases the lock, which the calling thread holds. */
    void unlock();

    /** Whether a thread holds the lock in a way that conflicts with this side (a writer, for a read side). */
    boolean isLocked();

    /** A {@link ReentrantLock}. */
    static LockApi of(ReentrantLock lock) {
        return adapt(lock, lock::isLocked, "ReentrantLock");
    }

    /** The write side of a {@link ReentrantReadWriteLock}. */
    static LockApi writeSide(ReentrantReadWriteLock lock) {
        return adapt(lock.writeLock(), lock::isWriteLocked, "ReentrantReadWriteLock.write");
    }

    /**
     * The read side of a {@link ReentrantReadWriteLock}: readers exclude only writers, so it counts
     * as locked while a writer holds it.
     */
    static LockApi readSide(ReentrantReadWriteLock lock) {
        return adapt(lock.readLock(), lock::isWriteLocked, "ReentrantReadWriteLock.read");
    }

    /** The write lock of a {@link StampedLock}, through its {@link StampedLock#asWriteLock()} view. Not reentrant. */
    static LockApi of(StampedLock lock) {
        return adapt(lock.asWriteLock(), lock::isWriteLocked, "StampedLock.write");
    }

    private static LockApi adapt(Lock lock, BooleanSupplier locked, String name) {
        Objects.requireNonNull(lock, "lock");
        return new LockApi() {
            @Override
            public void lock() {
                lock.lock();
            }

            @Override
            public void unlock() {
                lock.unlock();
            }

            @Override
            public boolean isLocked() {
                return locked.getAsBoolean();
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
