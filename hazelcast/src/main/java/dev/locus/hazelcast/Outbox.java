package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Items for one member, sent in batches: up to {@link #MAX_IN_FLIGHT} batches in flight at a time,
 * and whatever is added while they travel goes in the next. Under load a batch carries what arrived
 * during a round trip; when idle an item leaves at once.
 *
 * @param <T> the items
 */
/*
 * Implementation notes
 *
 * Overview. add() enqueues and flushes; flush() claims one of MAX_IN_FLIGHT sending slots and
 * sends up to MAX_BATCH items; the send's callback releases its slot and flushes again. An item
 * added after a flush drained the queue is sent either by its own add() (if a slot is free) or by
 * a callback's flush (if none is): a callback releases its slot before it looks at the queue, and
 * the adder enqueues before it tries for a slot, so one of the two sees the item.
 *
 * Concurrency. Lock-free: a concurrent queue and one counter of slots in use, claimed by CAS.
 *
 * Memory ordering. The counter's CAS and decrement are volatile accesses, the queue is
 * linearizable; the argument above is a Dekker pair over them.
 *
 * References. Nagle's algorithm without the timer: batches form only while a send is in flight.
 */
final class Outbox<T> {

    /** Items in one batch at most. */
    static final int MAX_BATCH = 512;
    /** Batches on their way at once, at most. */
    static final int MAX_IN_FLIGHT = 4;

    private final ClusterNode node;
    private final UUID to;
    private final Function<List<T>, Message<Boolean>> message;
    private final Consumer<List<T>> delivered;
    private final BiConsumer<List<T>, Throwable> undelivered;
    private final Queue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger sending = new AtomicInteger();

    /**
     * @param message wraps a batch into the message that carries it
     * @param delivered called with a batch the member took
     * @param undelivered called with a batch the member answered {@code false} to (with a null
     *     failure), or that failed to arrive, or whose member left the cluster
     */
    Outbox(ClusterNode node, UUID to, Function<List<T>, Message<Boolean>> message, Consumer<List<T>> delivered,
            BiConsumer<List<T>, Throwable> undelivered) {
        this.node = node;
        this.to = to;
        this.message = message;
        this.delivered = delivered;
        this.undelivered = undelivered;
    }

    void add(T item) {
        queue.add(item);
        flush();
    }

    private void flush() {
        while (!queue.isEmpty() && claimSlot()) {
            List<T> batch = new ArrayList<>();
            for (T item; batch.size() < MAX_BATCH && (item = queue.poll()) != null; ) {
                batch.add(item);
            }
            if (batch.isEmpty()) {
                sending.decrementAndGet();
                continue;
            }
            Member member = node.member(to);
            if (member == null) {
                sending.decrementAndGet();
                undelivered.accept(batch, new IllegalStateException("member " + to + " left the cluster"));
                continue;
            }
            node.transport.send(message.apply(batch), member, accepted -> {
                sending.decrementAndGet();
                if (accepted) {
                    delivered.accept(batch);
                } else {
                    undelivered.accept(batch, null);
                }
                flush();
            }, failure -> {
                sending.decrementAndGet();
                undelivered.accept(batch, failure);
                flush();
            });
        }
    }

    private boolean claimSlot() {
        for (int n; (n = sending.get()) < MAX_IN_FLIGHT; ) {
            if (sending.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }
}
