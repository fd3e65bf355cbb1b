package dev.locus.jmh.hashmap;

import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The same chained table with no ALE: get under one lock, insert and remove under another (or the
 * same). Over one {@link ReentrantLock} it is [Dice14]'s "Uninstrumented" baseline; over a
 * {@link ReentrantReadWriteLock}'s two sides, the read-write peer.
 */
final class LockedHashMap extends CheckedMap {

    private final ChainedTable table;
    private final Lock readLock;
    private final Lock writeLock;

    private LockedHashMap(int valueSize, Lock readLock, Lock writeLock) {
        super(valueSize);
        this.table = new ChainedTable(valueSize);
        this.readLock = readLock;
        this.writeLock = writeLock;
    }

    /** Every operation under one {@link ReentrantLock}. */
    static LockedHashMap uninstrumented(int valueSize) {
        ReentrantLock lock = new ReentrantLock();
        return new LockedHashMap(valueSize, lock, lock);
    }

    /** get under the read lock, insert and remove under the write lock. */
    static LockedHashMap readWrite(int valueSize) {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        return new LockedHashMap(valueSize, lock.readLock(), lock.writeLock());
    }

    @Override
    boolean checkedGet(int key, byte[] into) {
        readLock.lock();
        try {
            return table.get(key, into, Validation.NONE) > 0;
        } finally {
            readLock.unlock();
        }
    }

    @Override
    boolean checkedInsert(int key, byte[] value) {
        writeLock.lock();
        try {
            return table.insert(key, value, ChainedTable.UNBRACKETED);
        } finally {
            writeLock.unlock();
        }
    }

    @Override
    boolean checkedRemove(int key) {
        writeLock.lock();
        try {
            return table.remove(key, ChainedTable.UNBRACKETED);
        } finally {
            writeLock.unlock();
        }
    }
}
