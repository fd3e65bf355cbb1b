package dev.locus.hazelcast;

import java.util.UUID;

/**
 * Tells a node that {@code leaver} is leaving the executor: the node sends it nothing more and
 * answers with the last task of each of its lanes it ever sent there, which the leaver runs before
 * it goes.
 */
final class Leaving extends Message<SentTo> {

    private static final long serialVersionUID = 1L;

    private final UUID leaver;

    Leaving(String executor, UUID leaver) {
        super(executor);
        this.leaver = leaver;
    }

    @Override
    SentTo deliverTo(ClusterNode node) {
        return node.sender.stopSendingTo(leaver);
    }

    @Override
    SentTo noNode() {
        return null;
    }
}
