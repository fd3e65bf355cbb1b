package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;
import java.util.UUID;

/**
 * Asks the node that holds a partition's run right under {@code ticket} to hand it to
 * {@code claimant} once none of the partition's tasks runs there; it answers with a
 * {@link ReleaseAnswer}.
 */
final class ReleaseRequest extends Message<Boolean> {

    private int partition;
    private UUID ticket;
    private RunRight claimant;

    /** For Hazelcast, which reads the fields in afterwards. */
    ReleaseRequest() {
    }

    ReleaseRequest(String executor, int partition, UUID ticket, RunRight claimant) {
        super(executor);
        this.partition = partition;
        this.ticket = ticket;
        this.claimant = claimant;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        node.receiver.releaseRequested(partition, ticket, claimant);
        return answer(Boolean.TRUE);
    }

    /** False: the claimant reads the directory again, later. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        out.writeInt(partition);
        writeUuid(out, ticket);
        writeRight(out, claimant);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        partition = in.readInt();
        ticket = readUuid(in);
        claimant = readRight(in);
    }
}
