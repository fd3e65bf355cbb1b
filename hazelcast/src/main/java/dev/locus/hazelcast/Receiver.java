package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstanceAware;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * The running side of a node: puts arrived deliveries in lane order, hands them to the local
 * executor, keeps the fences between members, and reports outcomes to the submitters.
 */
/*
 * Implementation notes
 *
 * Overview. Deliveries arrive on Hazelcast operation threads, in any order; each lane's
 * ReceiverLane holds them by number and lets one start only when the lane's earlier numbers have
 * started here and, for the first of a segment, when the predecessor member has said (FencePassed)
 * that it has run the lane through the number before. The dispatcher thread then admits the task
 * to the partition's run right (PartitionRights), which hands it to the local executor, keyed by
 * the task's key, once this node holds the right: so no other member runs a task of the partition
 * meanwhile, and the local executor sees one producer and keeps its per-key FIFO order, same-key
 * tasks never running at once there. When a task finishes, its worker answers the delivery with the
 * outcome (Completion, the response of the Deliver that brought it) and tells the dispatcher,
 * which answers the fences that have passed and counts the task off the run right. Every delivery
 * is answered exactly once, also when refused or a copy: an offloaded operation that is never
 * answered stays registered with Hazelcast (for its heartbeats) as long as the member runs.
 *
 * A predecessor that is no longer in the cluster counts as done: after a graceful leave it is
 * (the leaver ran everything it was sent before it went, see ClusterNode), and after a crash its
 * tasks are failed as unknown at their submitters and the lane goes on without them.
 *
 * A node that has left refuses what still arrives (through the tasks' futures) and tells the
 * sender it has left, so that a member that joined after the leave stops sending here.
 *
 * Concurrency. Every ReceiverLane, `lanes`, `rights`, `expected`, `drained` and `toldOfLeave`
 * are confined to the dispatcher thread: other threads only enqueue closures there (dispatch).
 *
 * Memory ordering. The dispatcher's queue orders each closure after what its enqueuer did; the
 * local executor orders a task's run after its hand-off.
 *
 * References. locus-core's epoch hand-off (LocusExecutor's notes): a worker that receives a moved
 * key's task holds it until the old owner has passed its fence; here the workers are members and
 * the fence is a message.
 */
final class Receiver {

    private final ClusterNode node;
    private final ExecutorService dispatcher;
    private final Map<LaneId, ReceiverLane> lanes = new HashMap<>();
    private final PartitionRights rights;
    /** While leaving: the last number of each lane this node must run before it goes. */
    private Map<LaneId, Long> expected = Map.of();
    private CompletableFuture<Void> drained;
    /** Members told that this node has left, after they sent it a task anyway. */
    private final Set<UUID> toldOfLeave = new HashSet<>();

    Receiver(ClusterNode node, int partitions, RightsDirectory directory) {
        this.node = node;
        this.dispatcher = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "locus-hazelcast-" + node.name + "-dispatcher");
            t.setDaemon(true);
            return t;
        });
        RightsLink link = new RightsLink(node, directory, this::dispatch);
        this.rights = new PartitionRights(node.memberId, partitions, link);
        link.serve(rights);
    }

    /** Takes a delivery; a copy of one this node already has is answered {@link Completion#COPY}. */
    void deliver(Delivery d) {
        dispatch(() -> {
            ReceiverLane lane = lane(d.lane);
            if (lane.offer(d)) {
                advance(lane);
            } else {
                d.reply.accept(Completion.COPY);
            }
        });
    }

    void query(LaneId id, long through, UUID asker) {
        dispatch(() -> {
            ReceiverLane lane = lane(id);
            lane.addFence(asker, through);
            answerFences(lane);
        });
    }

    void fencePassed(LaneId id, long through) {
        dispatch(() -> {
            ReceiverLane lane = lane(id);
            lane.predecessorDone(through);
            advance(lane);
        });
    }

    void releaseRequested(int partition, UUID ticket, RunRight claimant) {
        dispatch(() -> rights.releaseRequested(partition, ticket, claimant));
    }

    void releaseAnswered(int partition, UUID ticket, boolean granted) {
        dispatch(() -> rights.answered(partition, ticket, granted));
    }

    /**
     * A member left the cluster: its fences pass, a leave no longer waits for its lanes, and a
     * run right it held can be taken over.
     */
    void memberGone(UUID member) {
        dispatch(() -> {
            rights.memberGone(member);
            for (ReceiverLane lane : lanes.values()) {
                lane.predecessorGone(member);
                advance(lane);
            }
            expected.keySet().removeIf(id -> id.senderMember().equals(member));
            checkDrained();
        });
    }

    /**
     * Completes once every lane has run here through the last number {@code sent} names: what the
     * other nodes sent this one before they stopped sending.
     */
    CompletableFuture<Void> drain(List<SentTo> sent) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        dispatch(() -> {
            expected = new HashMap<>();
            for (SentTo s : sent) {
                for (int p = 0; p < s.lastSeq().length; p++) {
                    if (s.lastSeq()[p] >= 0) {
                        expected.put(new LaneId(s.senderNode(), s.senderMember(), p), s.lastSeq()[p]);
                    }
                }
            }
            drained = done;
            checkDrained();
        });
        return done;
    }

    /** How many times this node has handed a run right on or given it up; for tests, read after the run. */
    long handOvers() {
        return rights.handOvers();
    }

    /** Gives up this node's run rights once its leave has run everything it will run. */
    void relinquishRights() {
        dispatch(rights::relinquish);
    }

    void stop() {
        dispatcher.shutdownNow();
    }

    private void dispatch(Runnable action) {
        dispatcher.execute(action);
    }

    private ReceiverLane lane(LaneId id) {
        return lanes.computeIfAbsent(id, ReceiverLane::new);
    }

    private void advance(ReceiverLane lane) {
        while (true) {
            for (Delivery d; (d = lane.poll()) != null; ) {
                admit(lane, d);
            }
            UUID predecessor = lane.toAsk();
            if (predecessor == null) {
                break;
            }
            Member member = node.member(predecessor);
            if (member == null) {
                lane.predecessorDone(lane.askedThrough());
                continue;
            }
            LaneId id = lane.id;
            node.transport.send(new FenceQuery(node.name, id, lane.askedThrough(), node.memberId), member,
                    asked -> {
                        if (!asked) {
                            askAgain(id);
                        }
                    }, failure -> askAgain(id));
            break;
        }
        answerFences(lane);
        checkDrained();
    }

    private void askAgain(LaneId id) {
        node.transport.later(() -> dispatch(() -> {
            ReceiverLane lane = lane(id);
            lane.askAgain();
            advance(lane);
        }));
    }

    /** A delivery its lane lets start: it starts once this node holds its partition's run right. */
    private void admit(ReceiverLane lane, Delivery d) {
        if (node.local.isShutdown()) {
            refuse(lane, d, "it has shut down"); // no right to claim for a task that cannot run here
            return;
        }
        rights.admit(d.lane.partition(), () -> start(lane, d));
    }

    private boolean start(ReceiverLane lane, Delivery d) {
        try {
            node.local.execute(d.key, () -> run(d));
            return true;
        } catch (RejectedExecutionException e) {
            refuse(lane, d, e.getMessage());
            return false;
        }
    }

    private void refuse(ReceiverLane lane, Delivery d, String why) {
        lane.finished(d.seq);
        report(d, null, new RejectedExecutionException("executor " + node.name + " on member "
                + node.memberId + " refused the task: " + why));
        UUID sender = d.lane.senderMember();
        if (node.isClosing() && toldOfLeave.add(sender)) {
            // a member that joined after this one left the executor: it should send here no more
            Member member = node.member(sender);
            if (member != null) {
                node.transport.tell(new Leaving(node.name, node.memberId), member);
            }
        }
        answerFences(lane);
        checkDrained();
    }

    /** Runs on a local worker. */
    private void run(Delivery d) {
        Object result = null;
        Throwable failure = null;
        try {
            ClusterTask<?> task = (ClusterTask<?>) node.payload.deserialize(d.task);
            if (task instanceof HazelcastInstanceAware aware) {
                aware.setHazelcastInstance(node.instance);
            }
            result = task.call();
        } catch (Throwable t) { // reported to the submitter, like an exception
            failure = t;
        } finally {
            try {
                dispatch(() -> {
                    ReceiverLane lane = lane(d.lane);
                    lane.finished(d.seq);
                    rights.finished(d.lane.partition());
                    answerFences(lane);
                    checkDrained();
                });
            } catch (RejectedExecutionException stopped) {
                // the node has stopped with its Hazelcast instance: nobody waits for this fence
            }
        }
        report(d, result, failure);
        if (failure instanceof VirtualMachineError error) {
            throw error;
        }
    }

    private void answerFences(ReceiverLane lane) {
        for (ReceiverLane.Fence f : lane.passedFences()) {
            node.sendReliably(() -> new FencePassed(node.name, lane.id, f.through()), f.asker());
        }
    }

    /** Answers the delivery with its outcome (serialized all the same when it was submitted here). */
    private void report(Delivery d, Object result, Throwable failure) {
        if (!node.isCrashed()) {
            d.reply.accept(Completion.of(node.payload, result, failure));
        }
    }

    private void checkDrained() {
        if (drained == null) {
            return;
        }
        expected.entrySet().removeIf(e -> {
            ReceiverLane lane = lanes.get(e.getKey());
            return lane != null && lane.doneThrough(e.getValue());
        });
        if (expected.isEmpty()) {
            drained.complete(null);
            drained = null;
        }
    }
}
