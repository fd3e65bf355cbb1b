package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent.LifecycleState;
import dev.locus.executor.KeyedExecutorService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One member's part of a {@link HazelcastKeyedExecutor}: its sender, its receiver and local
 * executor, registered in the member's user context under the executor's name so that messages
 * find it, and the leave protocol.
 */
/*
 * Implementation notes
 *
 * Overview. The leave protocol (close(), called by the user or when the Hazelcast instance starts
 * shutting down, before Hazelcast migrates any partition away):
 *   1. mark this member departed, so its own submissions are refused and routed nowhere here;
 *   2. send Leaving to every member: each node marks this one departed (it routes this member's
 *      partitions elsewhere from then on, with fences) and answers, for each lane, the last number
 *      it ever sent here;
 *   3. wait until the receiver has run every lane through those numbers, and until the outcomes
 *      of this node's own submissions have arrived;
 *   4. shut the local executor down (later deliveries are refused through their futures), wait
 *      for it, and ask every member until none waits for an outcome from this one (the answers to
 *      its deliveries have arrived);
 *   5. give up its run rights (PartitionRights), so that others take them from the directory
 *      without asking it while Hazelcast migrates its partitions away.
 * Only then does Hazelcast migrate and disconnect: every task sent here has run and been reported,
 * and a successor that asks this member for a fence is answered, or finds it gone, which then
 * means done. Each wait is bounded by the leave timeout; a leave that times out is logged and
 * behaves from then on like a crash for the tasks still here.
 *
 * Concurrency. `departed` is a concurrent set read by submitters; `closing` makes close() run
 * once, others wait for `closed`. The sender and receiver have their own notes.
 *
 * Memory ordering. The Leaving round trip orders a node's last send to this member before the
 * answer this member waits for (Sender's lane monitors).
 *
 * References. Hazelcast's graceful shutdown (partitions migrate before the member leaves), which
 * this protocol precedes; locus-core's LocusExecutor shutdown contract.
 */
final class ClusterNode implements MembershipListener {

    private static final System.Logger LOG = System.getLogger(ClusterNode.class.getName());
    private static final String CONTEXT_KEY = "dev.locus.hazelcast.HazelcastKeyedExecutor:";

    final HazelcastInstance instance;
    final String name;
    /** This node's identity, distinct from any earlier node of the same name on the same member. */
    final UUID id = UUID.randomUUID();
    final UUID memberId;
    final KeyedExecutorService local;
    final Transport transport;
    final Sender sender;
    final Receiver receiver;
    private final Duration leaveTimeout;
    final Payload payload;
    private final Set<UUID> departed = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();
    private volatile boolean crashed;
    private UUID membershipRegistration;
    private UUID lifecycleRegistration;

    private ClusterNode(HazelcastInstance instance, String name, KeyedExecutorService local, Duration leaveTimeout,
            RightsDirectory rights) {
        this.instance = instance;
        this.name = name;
        this.memberId = instance.getCluster().getLocalMember().getUuid();
        this.local = local;
        this.leaveTimeout = leaveTimeout;
        this.payload = new Payload(instance);
        this.transport = new Transport(instance, name);
        int partitions = instance.getPartitionService().getPartitions().size();
        this.sender = new Sender(this, partitions);
        this.receiver = new Receiver(this, partitions, rights);
    }

    /**
     * Starts this member's node of executor {@code name}.
     *
     * @throws IllegalStateException if the member already has one of that name, or is not running,
     *     or its configuration of the rights directory's map would lose entries ({@link RightsDirectory})
     */
    static ClusterNode start(HazelcastInstance instance, String name, KeyedExecutorService local, Duration leaveTimeout) {
        if (!instance.getLifecycleService().isRunning()) {
            throw new IllegalStateException("the Hazelcast instance is not running");
        }
        if (registered(instance, name) != null) {
            throw new IllegalStateException("this member already has an executor named " + name);
        }
        ClusterNode node = new ClusterNode(instance, name, local, leaveTimeout, new RightsDirectory(instance, name));
        if (instance.getUserContext().putIfAbsent(CONTEXT_KEY + name, node) != null) {
            node.stop();
            throw new IllegalStateException("this member already has an executor named " + name);
        }
        node.membershipRegistration = instance.getCluster().addMembershipListener(node);
        node.lifecycleRegistration = instance.getLifecycleService().addLifecycleListener(event -> {
            if (event.getState() == LifecycleState.SHUTTING_DOWN) {
                node.close();
            } else if (event.getState() == LifecycleState.SHUTDOWN) {
                node.stop();
            }
        });
        return node;
    }

    /** The node of executor {@code name} on this member, or null. */
    static ClusterNode registered(HazelcastInstance instance, String name) {
        return instance == null ? null : (ClusterNode) instance.getUserContext().get(CONTEXT_KEY + name);
    }

    boolean isClosing() {
        return closing.get();
    }

    boolean isClosed() {
        return closed.isDone();
    }

    boolean isCrashed() {
        return crashed;
    }

    boolean isDeparted(UUID member) {
        return departed.contains(member);
    }

    void markDeparted(UUID member) {
        departed.add(member);
    }

    /** The member with this UUID, or null when it is not in the cluster. */
    Member member(UUID uuid) {
        for (Member m : instance.getCluster().getMembers()) {
            if (m.getUuid().equals(uuid)) {
                return m;
            }
        }
        return null;
    }

    /**
     * Sends the message {@code create} makes to {@code to} until one arrives or that member has
     * left the cluster (an operation is sent once, so each try is a new one).
     */
    void sendReliably(Supplier<Message<?>> create, UUID to) {
        Member target = member(to);
        if (target != null) {
            transport.send(create.get(), target, r -> { }, failure -> transport.later(() -> sendReliably(create, to)));
        }
    }

    boolean isMember(UUID uuid) {
        return member(uuid) != null;
    }

    @Override
    public void memberAdded(MembershipEvent event) {
        // a new member gets partitions by migration; the senders' next tasks for them carry fences
    }

    @Override
    public void memberRemoved(MembershipEvent event) {
        UUID gone = event.getMember().getUuid();
        sender.memberGone(gone);
        receiver.memberGone(gone);
        departed.remove(gone);
    }

    /** Leaves the executor gracefully (the protocol in the notes); idempotent, waits for the first caller. */
    void close() {
        if (!closing.compareAndSet(false, true)) {
            closed.join();
            return;
        }
        try {
            leave(System.nanoTime() + leaveTimeout.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            local.shutdownNow();
        } finally {
            sender.abandon();
            closed.complete(null);
        }
    }

    private void leave(long deadline) throws InterruptedException {
        markDeparted(memberId);
        List<SentTo> sent = new ArrayList<>();
        Map<Member, CompletableFuture<SentTo>> answers = transport.askAll(() -> new Leaving(name, memberId),
                instance.getCluster().getMembers());
        for (Map.Entry<Member, CompletableFuture<SentTo>> answer : answers.entrySet()) {
            try {
                SentTo s = answer.getValue().get(remaining(deadline), TimeUnit.NANOSECONDS);
                if (s != null) {
                    sent.add(s);
                }
            } catch (ExecutionException e) {
                // it left the cluster meanwhile: whatever it sent here was failed at its end
            } catch (TimeoutException e) {
                LOG.log(System.Logger.Level.WARNING, "executor {0}: member {1} did not answer the leave in time",
                        name, answer.getKey());
            }
        }
        try {
            receiver.drain(sent).get(remaining(deadline), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.log(System.Logger.Level.WARNING, "executor {0}: tasks still queued when the leave timed out", name);
        }
        awaitUntil(sender::idle, deadline);
        local.shutdown();
        if (!local.awaitTermination(remaining(deadline), TimeUnit.NANOSECONDS)) {
            LOG.log(System.Logger.Level.WARNING, "executor {0}: tasks still running when the leave timed out", name);
        }
        awaitOutcomesReceived(deadline);
        receiver.relinquishRights();
    }

    /** Waits until no other member waits for an outcome from this one (or has left). */
    private void awaitOutcomesReceived(long deadline) throws InterruptedException {
        Set<Member> others = new HashSet<>(instance.getCluster().getMembers());
        others.removeIf(m -> m.getUuid().equals(memberId));
        while (!others.isEmpty() && remaining(deadline) > 0) {
            Map<Member, CompletableFuture<Boolean>> answers = transport.askAll(() -> new OutcomesQuery(name, memberId), others);
            for (Map.Entry<Member, CompletableFuture<Boolean>> answer : answers.entrySet()) {
                try {
                    if (!answer.getValue().get(remaining(deadline), TimeUnit.NANOSECONDS)) {
                        others.remove(answer.getKey());
                    }
                } catch (ExecutionException e) {
                    others.remove(answer.getKey()); // it left the cluster
                } catch (TimeoutException e) {
                    break;
                }
            }
            if (!others.isEmpty()) {
                TimeUnit.MILLISECONDS.sleep(Transport.RETRY_MILLIS);
            }
        }
        if (!others.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, "executor {0}: members {1} still waited for outcomes when the leave timed out",
                    name, others);
        }
    }

    private static long remaining(long deadline) {
        return Math.max(0, deadline - System.nanoTime());
    }

    private static void awaitUntil(BooleanSupplier condition, long deadline) throws InterruptedException {
        while (!condition.getAsBoolean() && remaining(deadline) > 0) {
            TimeUnit.MILLISECONDS.sleep(Transport.RETRY_MILLIS);
        }
    }

    /** Stops the threads once the Hazelcast instance has shut down. */
    void stop() {
        if (membershipRegistration != null && instance.getLifecycleService().isRunning()) {
            instance.getCluster().removeMembershipListener(membershipRegistration);
        }
        receiver.stop();
        transport.close();
        local.shutdownNow();
        sender.abandon();
    }

    /**
     * For tests: dies like a crashed process, without the leave protocol and without reporting;
     * the caller then terminates the Hazelcast instance.
     */
    void crash() {
        crashed = true;
        closing.set(true);
        instance.getLifecycleService().removeLifecycleListener(lifecycleRegistration);
        stop();
    }
}
