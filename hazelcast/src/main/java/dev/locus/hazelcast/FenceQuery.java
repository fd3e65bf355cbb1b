package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;
import java.util.UUID;

/**
 * Asks the member that ran a lane's previous segment to say, with a {@link FencePassed}, once it
 * has run every task of the lane up to {@code through}.
 */
final class FenceQuery extends Message<Boolean> {

    private LaneId lane;
    private long through;
    private UUID asker;

    /** For Hazelcast, which reads the fields in afterwards. */
    FenceQuery() {
    }

    FenceQuery(String executor, LaneId lane, long through, UUID asker) {
        super(executor);
        this.lane = lane;
        this.through = through;
        this.asker = asker;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        node.receiver.query(lane, through, asker);
        return answer(Boolean.TRUE);
    }

    /** False: a member that received tasks has a node, so the asker tries again. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        writeLane(out, lane);
        out.writeLong(through);
        writeUuid(out, asker);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        lane = readLane(in);
        through = in.readLong();
        asker = readUuid(in);
    }
}
