package dev.locus.hazelcast;

import java.util.UUID;

/**
 * The answer to a {@link ReleaseRequest}: the claim with {@code ticket} now holds the partition's
 * run right ({@code granted}), or it should read the directory again.
 */
final class ReleaseAnswer extends Message<Void> {

    private static final long serialVersionUID = 1L;

    private final int partition;
    private final UUID ticket;
    private final boolean granted;

    ReleaseAnswer(String executor, int partition, UUID ticket, boolean granted) {
        super(executor);
        this.partition = partition;
        this.ticket = ticket;
        this.granted = granted;
    }

    @Override
    Void deliverTo(ClusterNode node) {
        node.receiver.releaseAnswered(partition, ticket, granted);
        return null;
    }

    @Override
    Void noNode() {
        return null;
    }
}
