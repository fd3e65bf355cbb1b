package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;


/** The answer to a {@link FenceQuery}: every task of the lane up to {@code through} has run. */
final class FencePassed extends Message<Void> {

    private LaneId lane;
    private long through;

    /** For Hazelcast, which reads the fields in afterwards. */
    FencePassed() {
    }

    FencePassed(String executor, LaneId lane, long through) {
        super(executor);
        this.lane = lane;
        this.through = through;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        node.receiver.fencePassed(lane, through);
        return answer(null);
    }

    @Override
    Void noNode() {
        return null;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        writeLane(out, lane);
        out.writeLong(through);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        lane = readLane(in);
        through = in.readLong();
    }
}
