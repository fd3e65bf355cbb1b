package dev.locus.jmh.hashmap;

import java.util.concurrent.locks.StampedLock;

/**
 * The same chained table under a {@link StampedLock}: get tries one optimistic read validated
 * against the stamp ([Dice14] Figure 1 with the stamp as version), then takes the read lock;
 * insert and remove hold the write lock. The seqlock approach [Dice14] §3.2 improves on: a
 * writer invalidates optimistic readers for its whole critical section, not only its structural
 * change.
 */
final class StampedHashMap extends CheckedMap {

    private final ChainedTable table;
    private final StampedLock lock = new StampedLock();

    StampedHashMap(int valueSize) {
        super(valueSize);
        this.table = new ChainedTable(valueSize);
    }

    @Override
    boolean checkedGet(int key, byte[] into) {
        long optimistic = lock.tryOptimisticRead();
        if (optimistic != 0) {
            int found = table.get(key, into, () -> lock.validate(optimistic));
            if (found >= 0) {
                return found > 0;
            }
        }
        long stamp = lock.readLock();
        try {
            return table.get(key, into, Validation.NONE) > 0;
        } finally {
            lock.unlockRead(stamp);
        }
    }

    @Override
    boolean checkedInsert(int key, byte[] value) {
        long stamp = lock.writeLock();
        try {
            return table.insert(key, value, ChainedTable.UNBRACKETED);
        } finally {
            lock.unlockWrite(stamp);
        }
    }

    @Override
    boolean checkedRemove(int key) {
        long stamp = lock.writeLock();
        try {
            return table.remove(key, ChainedTable.UNBRACKETED);
        } finally {
            lock.unlockWrite(stamp);
        }
    }
}
