package dev.locus.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.concurrent.Callable;

/**
 * A message between the nodes of one executor, carried by a Hazelcast {@code IExecutorService}:
 * on the receiving member it finds that member's node of the same executor and hands itself over.
 *
 * @param <R> what the sender learns back
 */
abstract class Message<R> implements Callable<R>, Serializable, HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    private final String executor;
    private transient HazelcastInstance instance;

    Message(String executor) {
        this.executor = executor;
    }

    @Override
    public final void setHazelcastInstance(HazelcastInstance instance) {
        this.instance = instance;
    }

    @Override
    public final R call() {
        ClusterNode node = ClusterNode.registered(instance, executor);
        return node == null ? noNode() : deliverTo(node);
    }

    /** Handles the message on the receiving member's node; runs on a Hazelcast executor thread. */
    abstract R deliverTo(ClusterNode node);

    /** The answer when the receiving member has no node of this executor (not started yet). */
    abstract R noNode();
}
