package dev.locus.hazelcast;

import java.util.UUID;

/**
 * Asks the node that holds a partition's run right under {@code ticket} to hand it to
 * {@code claimant} once none of the partition's tasks runs there; it answers with a
 * {@link ReleaseAnswer}.
 */
final class ReleaseRequest extends Message<Boolean> {

    private static final long serialVersionUID = 1L;

    private final int partition;
    private final UUID ticket;
    private final RunRight claimant;

    ReleaseRequest(String executor, int partition, UUID ticket, RunRight claimant) {
        super(executor);
        this.partition = partition;
        this.ticket = ticket;
        this.claimant = claimant;
    }

    @Override
    Boolean deliverTo(ClusterNode node) {
        node.receiver.releaseRequested(partition, ticket, claimant);
        return Boolean.TRUE;
    }

    /** False: the claimant reads the directory again, later. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }
}
