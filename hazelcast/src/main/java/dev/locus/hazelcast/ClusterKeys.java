package dev.locus.hazelcast;

import java.util.Objects;

/**
 * The local key under which a task of an object key runs on its owner: a 64-bit hash of the key's
 * serialized form, as the member's Hazelcast serialization writes it ({@link Payload}), the form
 * in which Hazelcast itself compares keys. Equal keys submitted from different members must land on the same local
 * key, or the owner's executor would run their tasks at once; {@code hashCode} cannot promise that
 * (an enum's, or any identity hash, differs between JVMs), the serialized form of a value does.
 * Distinct keys that collide share a local key: their tasks are ordered with each other too, which
 * costs parallelism, never correctness.
 */
final class ClusterKeys {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private ClusterKeys() {
    }

    /**
     * @throws NullPointerException if {@code key} is null
     * @throws IllegalArgumentException if {@code key} does not serialize
     */
    static long localKey(Payload payload, Object key) {
        Objects.requireNonNull(key, "key");
        return hash(payload.serialize(key));
    }

    /** FNV-1a over {@code bytes}, with a final mix so that nearby inputs spread over the key space. */
    static long hash(byte[] bytes) {
        long h = FNV_OFFSET;
        for (byte b : bytes) {
            h = (h ^ (b & 0xff)) * FNV_PRIME;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        return h ^ (h >>> 33);
    }
}
