package dev.locus.hazelcast;

/** The answer to a {@link FenceQuery}: every task of the lane up to {@code through} has run. */
final class FencePassed extends Message<Void> {

    private static final long serialVersionUID = 1L;

    private final LaneId lane;
    private final long through;

    FencePassed(String executor, LaneId lane, long through) {
        super(executor);
        this.lane = lane;
        this.through = through;
    }

    @Override
    Void deliverTo(ClusterNode node) {
        node.receiver.fencePassed(lane, through);
        return null;
    }

    @Override
    Void noNode() {
        return null;
    }
}
