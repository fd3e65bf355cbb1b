package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Items for one member, sent in batches: one batch in flight at a time, and whatever is added while
 * it travels goes in the next. Under load a batch carries what arrived during one round trip;
 * when idle an item leaves at once.
 *
 * @param <T> the items
 */
/*
 * Implementation notes
 *
 * Overview. add() enqueues and flushes; flush() claims `sending` and sends up to MAX_BATCH items;
 * the send's callback releases `sending` and flushes again. An item added after a flush drained
 * the queue is sent either by its own add() (if `sending` is free) or by the callback's flush (if
 * not): the callback releases the flag before it looks at the queue, and the adder enqueues before
 * it tries the flag, so one of the two sees the item.
 *
 * Concurrency. Lock-free: a concurrent queue and one flag, claimed by CAS.
 *
 * Memory ordering. The flag's CAS and set are volatile accesses, the queue is linearizable; the
 * argument above is a Dekker pair over them.
 *
 * References. Nagle's algorithm without the timer: batches form only while a send is in flight.
 */
final class Outbox<T> {

    /** Items in one batch at most. */
    static final int MAX_BATCH = 512;

    private final ClusterNode node;
    private final UUID to;
    private final Function<List<T>, Message<Boolean>> message;
    private final Consumer<List<T>> delivered;
    private final BiConsumer<List<T>, Throwable> undelivered;
    private final Queue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean sending = new AtomicBoolean();

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
        while (!queue.isEmpty() && sending.compareAndSet(false, true)) {
            List<T> batch = new ArrayList<>();
            for (T item; batch.size() < MAX_BATCH && (item = queue.poll()) != null; ) {
                batch.add(item);
            }
            if (batch.isEmpty()) {
                sending.set(false);
                continue;
            }
            Member member = node.member(to);
            if (member == null) {
                sending.set(false);
                undelivered.accept(batch, new IllegalStateException("member " + to + " left the cluster"));
                continue;
            }
            node.transport.send(message.apply(batch), member, accepted -> {
                sending.set(false);
                if (accepted) {
                    delivered.accept(batch);
                } else {
                    undelivered.accept(batch, null);
                }
                flush();
            }, failure -> {
                sending.set(false);
                undelivered.accept(batch, failure);
                flush();
            });
            return;
        }
    }
}
