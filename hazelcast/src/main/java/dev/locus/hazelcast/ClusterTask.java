package dev.locus.hazelcast;

import java.io.Serializable;

/**
 * A task for {@link HazelcastKeyedExecutor}: a value that travels to the member owning its key and
 * runs there. It travels by Java serialization, so it and everything it captures must be
 * {@link Serializable} (a lambda assigned to this type is); so must the value it returns and any
 * exception it throws, which travel back to the submitting member.
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
