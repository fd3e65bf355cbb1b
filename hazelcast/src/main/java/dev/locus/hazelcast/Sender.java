package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.partition.Partition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The submitting side of a node: routes each task to a member, numbers it in its partition's lane,
 * sends it, and completes its future when the outcome comes back.
 */
/*
 * Implementation notes
 *
 * Overview. A task is serialized by its submitter (Payload), so one that cannot travel fails its
 * own submission, never a batch. A task for key k goes to the owner of k's partition p in
 * Hazelcast's partition table (the partition Hazelcast gives k itself, as for an IMap entry; it
 * runs there under k's local key, see ClusterKeys), unless that member is leaving the executor (then to a member chosen
 * by p among the others). It gets the next number in lane p of this node; the lane remembers which
 * member its last task went to and the last number it sent to each member. When the chosen member
 * differs from the previous task's, the task starts a new segment and names the predecessor
 * member; the receiver (see Receiver) starts it only after the predecessor has run the lane up to
 * the previous number. So the lane's tasks run in number order across any sequence of owners,
 * which gives per-key order for this node's submitters: a thread's tasks for one key get
 * increasing numbers.
 *
 * Deliveries for this member go to its receiver directly; others leave through one Outbox per
 * member, in batches. A batch the member answers with
 * "no node" (it has not started this executor yet), or that fails while the member is still in
 * the cluster, has its deliveries sent again after a pause (Transport.MAX_ATTEMPTS sends at most,
 * then the task is refused); the receiver drops numbers it has seen, so a copy never runs twice.
 * A task whose member leaves the cluster before its outcome arrives is failed with
 * TaskOutcomeUnknownException (memberGone).
 *
 * Concurrency. A lane's fields are guarded by the lane's monitor; numbering and handing to the
 * outbox happen under it, so a Leaving request (stopSendingTo), which takes every lane's monitor
 * after marking the leaver, sees the last number any lane will ever send there. Pending futures
 * are in a concurrent map keyed by task id: each is removed by exactly one of complete, memberGone,
 * a failed send or abandon, which then completes it.
 *
 * Memory ordering. Through the lane monitors and the concurrent map only.
 *
 * References. locus-core's epoch hand-off (LocusExecutor), done here between members: a new owner
 * waits for the old one's fence before it runs a moved key's tasks.
 */
final class Sender {

    private final ClusterNode node;
    private final Lane[] lanes;
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private final Map<UUID, Outbox<Delivery>> outboxes = new ConcurrentHashMap<>();
    private final AtomicLong taskIds = new AtomicLong();

    Sender(ClusterNode node, int partitions) {
        this.node = node;
        this.lanes = new Lane[partitions];
        for (int p = 0; p < partitions; p++) {
            lanes[p] = new Lane();
        }
    }

    @SuppressWarnings("unchecked") // the future completes with what the task returned, a T
    <T> CompletableFuture<T> submit(Object partitionKey, long key, ClusterTask<T> task) {
        if (node.isClosing()) {
            throw new RejectedExecutionException("executor " + node.name + " is closed on this member");
        }
        byte[] serialized = node.payload.serialize(task);
        Partition partition = node.instance.getPartitionService().getPartition(partitionKey);
        int p = partition.getPartitionId();
        Lane lane = lanes[p];
        CompletableFuture<Object> future = new CompletableFuture<>();
        long taskId = taskIds.incrementAndGet();
        synchronized (lane) {
            if (node.isClosing()) {
                throw new RejectedExecutionException("executor " + node.name + " is closed on this member");
            }
            UUID to = route(partition).getUuid();
            long seq = lane.next++;
            UUID predecessor = lane.lastTarget == null || lane.lastTarget.equals(to) ? null : lane.lastTarget;
            Long ownLast = lane.lastSentTo.put(to, seq);
            lane.lastTarget = to;
            pending.put(taskId, new Pending(future, to));
            Delivery delivery = new Delivery(new LaneId(node.id, node.memberId, p), seq, key, taskId, serialized,
                    predecessor, ownLast == null ? -1 : ownLast);
            if (to.equals(node.memberId)) {
                deliverHere(delivery);
            } else {
                outbox(to).add(delivery);
            }
        }
        return (CompletableFuture<T>) future;
    }

    /**
     * The partition's owner, or when it leaves the executor (or none is known yet) a data member
     * (lite members own no partitions) chosen by partition among those still in the executor.
     */
    private Member route(Partition partition) {
        Member owner = partition.getOwner();
        if (owner != null && !node.isDeparted(owner.getUuid())) {
            return owner;
        }
        List<Member> candidates = node.instance.getCluster().getMembers().stream()
                .filter(m -> !m.isLiteMember() && !node.isDeparted(m.getUuid()))
                .toList();
        if (candidates.isEmpty()) {
            throw new RejectedExecutionException("no member runs executor " + node.name);
        }
        return candidates.get(partition.getPartitionId() % candidates.size());
    }

    /** A task for this member skips the transport (it was serialized all the same). */
    private void deliverHere(Delivery delivery) {
        try {
            node.receiver.deliver(List.of(delivery));
        } catch (RejectedExecutionException stopped) {
            fail(delivery.taskId, stopped); // the node stopped with its Hazelcast instance
        }
    }

    private Outbox<Delivery> outbox(UUID to) {
        return outboxes.computeIfAbsent(to, member -> new Outbox<>(node, member,
                batch -> new Deliveries(node.name, batch), batch -> { },
                (batch, failure) -> batch.forEach(d -> retry(d, member, failure))));
    }

    /** A delivery that did not arrive, or found no node there: again later, or fail its task. */
    private void retry(Delivery delivery, UUID target, Throwable failure) {
        if (!node.isMember(target)) {
            fail(delivery.taskId, new TaskOutcomeUnknownException(target));
        } else if (++delivery.attempts >= Transport.MAX_ATTEMPTS) {
            RejectedExecutionException e = new RejectedExecutionException("member " + target
                    + " did not take the task for executor " + node.name + " (is the executor started there?)");
            if (failure != null) {
                e.initCause(failure);
            }
            fail(delivery.taskId, e);
        } else {
            node.transport.later(() -> outbox(target).add(delivery));
        }
    }

    /** The outcome of a task this node submitted. */
    void complete(Completion completion) {
        Pending p = pending.remove(completion.taskId);
        if (p == null) {
            return; // already failed as lost, when its member left before this arrived
        }
        Object outcome;
        try {
            outcome = node.payload.deserialize(completion.outcome);
        } catch (RuntimeException e) {
            p.future.completeExceptionally(new IllegalStateException("the task's outcome could not be read", e));
            return;
        }
        if (completion.failed) {
            p.future.completeExceptionally((Throwable) outcome);
        } else {
            p.future.complete(outcome);
        }
    }

    private void fail(long taskId, Throwable failure) {
        Pending p = pending.remove(taskId);
        if (p != null) {
            p.future.completeExceptionally(failure);
        }
    }

    /** Fails every task whose member left the cluster before its outcome came back. */
    void memberGone(UUID member) {
        outboxes.remove(member);
        pending.forEach((id, p) -> {
            if (p.target.equals(member)) {
                fail(id, new TaskOutcomeUnknownException(member));
            }
        });
        for (Lane lane : lanes) {
            synchronized (lane) {
                lane.lastSentTo.remove(member);
            }
        }
    }

    /**
     * Routes nothing more to {@code leaver} and says which task of each lane was the last to go there.
     */
    SentTo stopSendingTo(UUID leaver) {
        node.markDeparted(leaver);
        long[] last = new long[lanes.length];
        for (int p = 0; p < lanes.length; p++) {
            synchronized (lanes[p]) {
                Long seq = lanes[p].lastSentTo.get(leaver);
                last[p] = seq == null ? -1 : seq;
            }
        }
        return new SentTo(node.id, node.memberId, last);
    }

    /** Whether every task submitted here has its outcome. */
    boolean idle() {
        return pending.isEmpty();
    }

    /** Fails what is still pending when the node closes for good. */
    void abandon() {
        pending.keySet().forEach(id -> fail(id, new RejectedExecutionException(
                "executor " + node.name + " closed on this member before the task's outcome arrived")));
    }

    /** Lane state of one partition; guarded by the lane's monitor. */
    private static final class Lane {
        long next;
        UUID lastTarget;
        final Map<UUID, Long> lastSentTo = new HashMap<>();
    }

    private record Pending(CompletableFuture<Object> future, UUID target) {
    }
}
