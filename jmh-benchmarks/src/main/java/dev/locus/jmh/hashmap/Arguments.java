package dev.locus.jmh.hashmap;

import java.util.Objects;

/** The argument checks every {@link ByteValueMap} makes, so that they all fail alike. */
final class Arguments {

    private Arguments() {
    }

    /** @throws IllegalArgumentException unless {@code size} is in [4, 4096] */
    static int checkValueSize(int size) {
        if (size < ByteValueMap.MIN_VALUE_SIZE || size > ByteValueMap.MAX_VALUE_SIZE) {
            throw new IllegalArgumentException("value size must be in [" + ByteValueMap.MIN_VALUE_SIZE + ", "
                    + ByteValueMap.MAX_VALUE_SIZE + "] bytes, was " + size);
        }
        return size;
    }

    static int checkKey(int key) {
        if (key < 0) {
            throw new IllegalArgumentException("keys must be >= 0, was " + key);
        }
        return key;
    }

    /** A value to insert: exactly {@code size} bytes. */
    static void checkValue(byte[] value, int size) {
        Objects.requireNonNull(value, "value");
        if (value.length != size) {
            throw new IllegalArgumentException("values of this map are " + size + " bytes, was " + value.length);
        }
    }

    /** Where get copies a value to: at least {@code size} bytes. */
    static void checkDestination(byte[] into, int size) {
        Objects.requireNonNull(into, "into");
        if (into.length < size) {
            throw new IllegalArgumentException("a value of this map is " + size + " bytes; cannot copy it into "
                    + into.length);
        }
    }
}
