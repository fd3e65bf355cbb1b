package dev.locus.hazelcast;

import java.io.Serializable;

/**
 * A task for {@link HazelcastKeyedExecutor}: a value that travels to the member owning its key and
 * runs there, serialized by the member's own Hazelcast serialization. A task class registered for
 * Compact in the members' configuration ({@code CompactSerializationConfig.addClass} or
 * {@code addSerializer}), or one that implements {@code IdentifiedDataSerializable} with its
 * factory configured, travels that way: faster than Java serialization, and readable across
 * versions of the class as Compact evolves its schema. Any other task travels by Java
 * serialization, so it and everything it captures must be {@link Serializable} (a lambda assigned
 * to this type is). The value a task returns travels back the same way (any value Hazelcast
 * serializes: registered or zero-configuration Compact, {@code IdentifiedDataSerializable}, Java);
 * an exception it throws travels by Java serialization.
 *
 * <p>A task that implements {@link com.hazelcast.core.HazelcastInstanceAware} is given the member's
 * {@link com.hazelcast.core.HazelcastInstance} before it runs, as Hazelcast does for its own
 * executor tasks.
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface ClusterTask<T> extends Serializable {

    /** Runs on the member that owns the task's key; the result completes the submitter's future. */
    T call() throws Exception;
}
