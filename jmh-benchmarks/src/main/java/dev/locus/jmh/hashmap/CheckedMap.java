package dev.locus.jmh.hashmap;

/**
 * A {@link ByteValueMap} that checks its arguments (through {@link Arguments}) before the
 * implementation sees them, so that every implementation rejects bad input alike.
 */
abstract class CheckedMap implements ByteValueMap {

    private final int valueSize;

    /** @throws IllegalArgumentException if {@code valueSize} is not in [4, 4096] */
    CheckedMap(int valueSize) {
        this.valueSize = Arguments.checkValueSize(valueSize);
    }

    @Override
    public final boolean get(int key, byte[] into) {
        Arguments.checkKey(key);
        Arguments.checkDestination(into, valueSize);
        return checkedGet(key, into);
    }

    @Override
    public final boolean insert(int key, byte[] value) {
        Arguments.checkKey(key);
        Arguments.checkValue(value, valueSize);
        return checkedInsert(key, value);
    }

    @Override
    public final boolean remove(int key) {
        Arguments.checkKey(key);
        return checkedRemove(key);
    }

    @Override
    public final int valueSize() {
        return valueSize;
    }

    abstract boolean checkedGet(int key, byte[] into);

    abstract boolean checkedInsert(int key, byte[] value);

    abstract boolean checkedRemove(int key);
}
