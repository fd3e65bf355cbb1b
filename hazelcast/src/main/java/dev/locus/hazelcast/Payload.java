package dev.locus.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.SerializationService;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.spi.impl.SerializationServiceSupport;

/**
 * Tasks, keys and outcomes to bytes and back with the member's own Hazelcast serialization, done
 * where they are made (by the submitter, by the worker that ran the task), so that a value that
 * does not serialize fails its own submission or future and never the batch it would have
 * travelled in. Whatever the member's configuration says applies, in Hazelcast's order: a class
 * registered for Compact, then {@code IdentifiedDataSerializable} and {@code DataSerializable},
 * {@code Portable}, Hazelcast's built-in types, custom and global serializers, and Java
 * serialization last.
 */
/*
 * Design notes
 *
 * Hazelcast has no public API that turns an object into bytes with the member's serialization:
 * its public route is a DataSerializable message whose writeData serializes the task while the
 * message is sent, which would make one bad task fail its whole batch and would leave a task for
 * the submitting member itself unserialized (shared, where a remote one is a copy). So this class
 * uses the member's internal SerializationService (SerializationServiceSupport, implemented by
 * every member instance and its proxy), which is what Hazelcast's own services call; Hazelcast
 * ships as an automatic module, so the package is readable on the module path too. The tests
 * exercise Compact, IdentifiedDataSerializable and Java tasks and results, so an upgrade that
 * moves these types fails them.
 *
 * Values are written with their Compact schema (toDataWithSchema): the bytes travel inside this
 * executor's own messages, not through a Hazelcast data structure, so the receiving member may not
 * have seen the schema yet.
 */
final class Payload {

    private final SerializationService serialization;

    Payload(HazelcastInstance instance) {
        if (!(instance instanceof SerializationServiceSupport support)) {
            throw new IllegalStateException("not a Hazelcast member instance: " + instance.getClass().getName());
        }
        this.serialization = support.getSerializationService();
    }

    /**
     * The bytes of {@code value} (null for null).
     *
     * @throws IllegalArgumentException if {@code value} does not serialize
     */
    byte[] serialize(Object value) {
        try {
            Data data = serialization.toDataWithSchema(value);
            return data == null ? null : data.toByteArray();
        } catch (HazelcastSerializationException e) {
            throw new IllegalArgumentException("not serializable: " + e.getMessage(), e);
        }
    }

    /**
     * The value of {@code bytes}, read with the member's configured class loader.
     *
     * @throws HazelcastSerializationException if it cannot be read here
     */
    Object deserialize(byte[] bytes) {
        return bytes == null ? null : serialization.toObject(new HeapData(bytes));
    }
}
