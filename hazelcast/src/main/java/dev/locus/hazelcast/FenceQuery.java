package dev.locus.hazelcast;

import java.util.UUID;

/**
 * Asks the member that ran a lane's previous segment to say, with a {@link FencePassed}, once it
 * has run every task of the lane up to {@code through}.
 */
final class FenceQuery extends Message<Boolean> {

    private static final long serialVersionUID = 1L;

    private final LaneId lane;
    private final long through;
    private final UUID asker;

    FenceQuery(String executor, LaneId lane, long through, UUID asker) {
        super(executor);
        this.lane = lane;
        this.through = through;
        this.asker = asker;
    }

    @Override
    Boolean deliverTo(ClusterNode node) {
        node.receiver.query(lane, through, asker);
        return Boolean.TRUE;
    }

    /** False: a member that received tasks has a node, so the asker tries again. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }
}
