package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;
import java.util.UUID;

/**
 * Tells a node that {@code leaver} is leaving the executor: the node sends it nothing more and
 * answers with the last task of each of its lanes it ever sent there, which the leaver runs before
 * it goes.
 */
final class Leaving extends Message<SentTo> {

    private UUID leaver;

    /** For Hazelcast, which reads the fields in afterwards. */
    Leaving() {
    }

    Leaving(String executor, UUID leaver) {
        super(executor);
        this.leaver = leaver;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        return answer(node.sender.stopSendingTo(leaver));
    }

    @Override
    SentTo noNode() {
        return null;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        writeUuid(out, leaver);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        leaver = readUuid(in);
    }
}
