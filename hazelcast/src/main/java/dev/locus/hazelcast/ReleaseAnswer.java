package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;
import java.util.UUID;

/**
 * The answer to a {@link ReleaseRequest}: the claim with {@code ticket} now holds the partition's
 * run right ({@code granted}), or it should read the directory again.
 */
final class ReleaseAnswer extends Message<Void> {

    private int partition;
    private UUID ticket;
    private boolean granted;

    /** For Hazelcast, which reads the fields in afterwards. */
    ReleaseAnswer() {
    }

    ReleaseAnswer(String executor, int partition, UUID ticket, boolean granted) {
        super(executor);
        this.partition = partition;
        this.ticket = ticket;
        this.granted = granted;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        node.receiver.releaseAnswered(partition, ticket, granted);
        return answer(null);
    }

    @Override
    Void noNode() {
        return null;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        out.writeInt(partition);
        writeUuid(out, ticket);
        out.writeBoolean(granted);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        partition = in.readInt();
        ticket = readUuid(in);
        granted = in.readBoolean();
    }
}
