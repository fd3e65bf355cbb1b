package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.partition.Partition;
import com.hazelcast.spi.exception.TargetNotMemberException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
 * own submission. A task for key k goes to the owner of k's partition p in Hazelcast's partition
 * table (the partition Hazelcast gives k itself, as for an IMap entry; it runs there under k's
 * local key, see ClusterKeys), unless that member is leaving the executor (then to a member chosen
 * by p among the others). It gets the next number in lane p of this node; the lane remembers which
 * member its last task went to and the last number it sent to each member. When the chosen member
 * differs from the previous task's, the task starts a new segment and names the predecessor
 * member; the receiver (see Receiver) starts it only after the predecessor has run the lane up to
 * the previous number. So the lane's tasks run in number order across any sequence of owners,
 * which gives per-key order for this node's submitters: a thread's tasks for one key get
 * increasing numbers.
 *
 * A task for this member goes to its receiver directly; another member's goes in a Deliver
 * operation of its own, whose response is the task's outcome, so a remote task costs one
 * invocation, as Hazelcast's own submitToKeyOwner does. A delivery the member answers with
 * "no node" (it has not started this executor yet), or whose invocation fails while the member is
 * still in the cluster, is sent again after a pause (Transport.MAX_ATTEMPTS sends at most, then the
 * task is refused); the receiver runs a number once and answers a copy of one it already has with
 * COPY, which fails the task as outcome-unknown (the first copy's answer went to the failed
 * invocation). A task whose member leaves the cluster before its outcome arrives fails with
 * TaskOutcomeUnknownException.
 *
 * Concurrency. A lane's fields are guarded by the lane's monitor; numbering happens under it, so a
 * Leaving request (stopSendingTo), which takes every lane's monitor after marking the leaver, sees
 * the last number any lane will ever send there (the send itself may follow the answer: the
 * leaver runs through that number before it goes). Pending tasks are in a concurrent map keyed by
 * task id: each is removed by exactly one of its outcome, a failure or abandon, which then
 * completes its future.
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
        Pending sent;
        Delivery delivery;
        synchronized (lane) {
            if (node.isClosing()) {
                throw new RejectedExecutionException("executor " + node.name + " is closed on this member");
            }
            UUID to = route(partition).getUuid();
            long seq = lane.next++;
            UUID predecessor = lane.lastTarget == null || lane.lastTarget.equals(to) ? null : lane.lastTarget;
            Long ownLast = lane.lastSentTo.put(to, seq);
            lane.lastTarget = to;
            sent = new Pending(taskIds.incrementAndGet(), to);
            pending.put(sent.id, sent);
            delivery = new Delivery(new LaneId(node.id, node.memberId, p), seq, key, serialized, predecessor,
                    ownLast == null ? -1 : ownLast, null);
        }
        if (sent.target.equals(node.memberId)) {
            deliverHere(delivery, sent);
        } else {
            send(delivery, sent);
        }
        return (CompletableFuture<T>) sent.future;
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
    private void deliverHere(Delivery delivery, Pending task) {
        try {
            node.receiver.deliver(delivery.replyingTo(completion -> complete(task, completion)));
        } catch (RejectedExecutionException stopped) {
            fail(task, stopped); // the node stopped with its Hazelcast instance
        }
    }

    /** Sends a delivery to its member, whose answer completes the task or has it sent again. */
    private void send(Delivery delivery, Pending task) {
        Member member = node.member(task.target);
        if (member == null) {
            fail(task, new TaskOutcomeUnknownException(task.target));
            return;
        }
        node.transport.invoke(new Deliver(node.name, delivery), member, (completion, thrown) -> {
            Throwable failure = thrown instanceof CompletionException e && e.getCause() != null ? e.getCause() : thrown;
            if (failure == null && completion.status() != Completion.Status.NO_NODE) {
                complete(task, completion);
            } else {
                retry(delivery, task, failure);
            }
        });
    }

    /** A delivery that did not arrive, or found no node there: again later, or fail its task. */
    private void retry(Delivery delivery, Pending task, Throwable failure) {
        if (failure instanceof MemberLeftException || failure instanceof TargetNotMemberException
                || !node.isMember(task.target)) {
            fail(task, new TaskOutcomeUnknownException(task.target));
        } else if (++task.attempts >= Transport.MAX_ATTEMPTS) {
            RejectedExecutionException e = new RejectedExecutionException("member " + task.target
                    + " did not take the task for executor " + node.name + " (is the executor started there?)");
            if (failure != null) {
                e.initCause(failure);
            }
            fail(task, e);
        } else {
            node.transport.later(() -> send(delivery, task));
        }
    }

    /** The outcome of a task this node submitted. */
    private void complete(Pending task, Completion completion) {
        if (pending.remove(task.id) == null) {
            return; // failed already, when this node closed
        }
        if (completion.status() == Completion.Status.COPY) {
            task.future.completeExceptionally(TaskOutcomeUnknownException.lostOnTheWayBack(task.target));
            return;
        }
        Object outcome;
        try {
            outcome = node.payload.deserialize(completion.outcome());
        } catch (RuntimeException e) {
            task.future.completeExceptionally(new IllegalStateException("the task's outcome could not be read", e));
            return;
        }
        if (completion.status() == Completion.Status.FAILURE) {
            task.future.completeExceptionally((Throwable) outcome);
        } else {
            task.future.complete(outcome);
        }
    }

    private void fail(Pending task, Throwable failure) {
        if (pending.remove(task.id) != null) {
            task.future.completeExceptionally(failure);
        }
    }

    /** Forgets where lanes last sent to a member that left the cluster. */
    void memberGone(UUID member) {
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

    /** Whether a task this node sent to {@code member} still waits for its outcome. */
    boolean awaitsOutcomesFrom(UUID member) {
        return pending.values().stream().anyMatch(task -> task.target.equals(member));
    }

    /** Whether every task submitted here has its outcome. */
    boolean idle() {
        return pending.isEmpty();
    }

    /** Fails what is still pending when the node closes for good. */
    void abandon() {
        pending.values().forEach(task -> fail(task, new RejectedExecutionException(
                "executor " + node.name + " closed on this member before the task's outcome arrived")));
    }

    /** Lane state of one partition; guarded by the lane's monitor. */
    private static final class Lane {
        long next;
        UUID lastTarget;
        final Map<UUID, Long> lastSentTo = new HashMap<>();
    }

    /** A submitted task until its outcome; {@code attempts} is touched by one send's callback at a time. */
    private static final class Pending {
        final long id;
        final UUID target;
        final CompletableFuture<Object> future = new CompletableFuture<>();
        int attempts;

        Pending(long id, UUID target) {
            this.id = id;
            this.target = target;
        }
    }
}
