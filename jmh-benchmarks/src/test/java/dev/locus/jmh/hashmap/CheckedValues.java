package dev.locus.jmh.hashmap;

import java.nio.ByteBuffer;

/**
 * Test values that carry their own checksum: the key and a seed in the first 8 bytes, then bytes
 * derived from both, so a value torn between two writes, or another key's value, does not check.
 */
final class CheckedValues {

    private CheckedValues() {
    }

    /** A value of {@code size} bytes (at least 8) for {@code key} made from {@code seed}. */
    static byte[] of(int key, int seed, int size) {
        byte[] value = new byte[size];
        ByteBuffer.wrap(value).putInt(key).putInt(seed);
        for (int i = 8; i < size; i++) {
            value[i] = filler(key, seed, i);
        }
        return value;
    }

    /** Null if the first {@code size} bytes of {@code value} are a value of {@code key}; else what is wrong. */
    static String problem(int key, byte[] value, int size) {
        ByteBuffer header = ByteBuffer.wrap(value);
        int storedKey = header.getInt();
        int seed = header.getInt();
        if (storedKey != key) {
            return "key " + key + " returned a value of key " + storedKey;
        }
        for (int i = 8; i < size; i++) {
            if (value[i] != filler(key, seed, i)) {
                return "key " + key + ", seed " + seed + ": byte " + i + " was never stored with that seed";
            }
        }
        return null;
    }

    private static byte filler(int key, int seed, int index) {
        int mixed = (seed * 0x9E3779B9) ^ (key * 31 + index) * 0x85EBCA6B;
        return (byte) (mixed ^ (mixed >>> 15));
    }
}
