package dev.locus.jmh.hashmap;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link ConcurrentHashMap} peer: byte[] values, each insert storing a copy (a new array per
 * insert, as a concurrent map must not overwrite a value a reader may be copying), get copying
 * the value out.
 */
final class ConcurrentByteMap extends CheckedMap {

    private final ConcurrentHashMap<Integer, byte[]> map = new ConcurrentHashMap<>();

    ConcurrentByteMap(int valueSize) {
        super(valueSize);
    }

    @Override
    boolean checkedGet(int key, byte[] into) {
        byte[] value = map.get(key);
        if (value == null) {
            return false;
        }
        System.arraycopy(value, 0, into, 0, value.length);
        return true;
    }

    @Override
    boolean checkedInsert(int key, byte[] value) {
        return map.put(key, value.clone()) == null;
    }

    @Override
    boolean checkedRemove(int key) {
        return map.remove(key) != null;
    }
}
