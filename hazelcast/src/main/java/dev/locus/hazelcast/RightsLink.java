package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * What a node's {@link PartitionRights} need from the cluster: the rights directory, the release
 * messages, membership, and pauses, with every answer brought back to the dispatcher thread.
 */
final class RightsLink implements PartitionRights.Env {

    /**
     * Pause before a claim that waits for a live holder reads the directory again; a safety net
     * only, since the holder answers.
     */
    static final long RECHECK_MILLIS = 100;

    private final ClusterNode node;
    private final RightsDirectory directory;
    private final Consumer<Runnable> dispatcher;
    private PartitionRights rights;

    RightsLink(ClusterNode node, RightsDirectory directory, Consumer<Runnable> dispatcher) {
        this.node = node;
        this.directory = directory;
        this.dispatcher = dispatcher;
    }

    /** The rights this link answers; set once, before the first call. */
    void serve(PartitionRights rights) {
        this.rights = rights;
    }

    @Override
    public void read(int partition, Consumer<RunRight> then) {
        directory.read(partition).whenCompleteAsync((holder, failure) -> {
            if (failure != null) {
                node.transport.later(() -> read(partition, then));
            } else {
                dispatch(() -> then.accept(holder));
            }
        }, Runnable::run); // short: Hazelcast's default executor would start a thread for it on small machines
    }

    @Override
    public void compareAndSet(int partition, RunRight expected, RunRight next, Consumer<RunRight> then) {
        directory.compareAndSet(partition, expected, next).whenCompleteAsync((holder, failure) -> {
            if (failure != null) {
                node.transport.later(() -> read(partition, then)); // whether it took effect, a read tells
            } else {
                dispatch(() -> then.accept(holder));
            }
        }, Runnable::run); // short: Hazelcast's default executor would start a thread for it on small machines
    }

    @Override
    public void requestRelease(int partition, RunRight holder, RunRight claimant) {
        Member member = node.member(holder.member());
        if (member == null) {
            dispatch(() -> rights.answered(partition, claimant.ticket(), false));
            return;
        }
        Runnable askAgain = () -> dispatch(() -> rights.answered(partition, claimant.ticket(), false));
        node.transport.send(new ReleaseRequest(node.name, partition, holder.ticket(), claimant), member,
                accepted -> {
                    if (!accepted) {
                        node.transport.later(askAgain);
                    }
                }, failure -> node.transport.later(askAgain));
    }

    @Override
    public void answer(int partition, RunRight claimant, boolean granted) {
        if (claimant.member().equals(node.memberId)) {
            dispatch(() -> rights.answered(partition, claimant.ticket(), granted));
        } else {
            node.sendReliably(() -> new ReleaseAnswer(node.name, partition, claimant.ticket(), granted), claimant.member());
        }
    }

    @Override
    public boolean isMember(UUID member) {
        return node.isMember(member);
    }

    @Override
    public void later(Runnable check) {
        node.transport.later(() -> dispatch(check), RECHECK_MILLIS);
    }

    private void dispatch(Runnable action) {
        try {
            dispatcher.accept(action);
        } catch (RejectedExecutionException stopped) {
            // the node stopped with its Hazelcast instance
        }
    }
}
