package dev.locus.jmh.hashmap;

/** The same chained table with every operation in a {@code synchronized} block: the monitor peer. */
final class SynchronizedHashMap extends CheckedMap {

    private final ChainedTable table;

    SynchronizedHashMap(int valueSize) {
        super(valueSize);
        this.table = new ChainedTable(valueSize);
    }

    @Override
    boolean checkedGet(int key, byte[] into) {
        synchronized (table) {
            return table.get(key, into, Validation.NONE) > 0;
        }
    }

    @Override
    boolean checkedInsert(int key, byte[] value) {
        synchronized (table) {
            return table.insert(key, value, ChainedTable.UNBRACKETED);
        }
    }

    @Override
    boolean checkedRemove(int key) {
        synchronized (table) {
            return table.remove(key, ChainedTable.UNBRACKETED);
        }
    }
}
