package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import java.io.IOException;
import java.util.UUID;

/**
 * Asks a node whether it still waits for the outcome of a task it sent to {@code from}: a leaving
 * member asks every other member after it has run and answered everything, so that it goes only
 * once its answers have arrived.
 */
final class OutcomesQuery extends Message<Boolean> {

    private UUID from;

    /** For Hazelcast, which reads the fields in afterwards. */
    OutcomesQuery() {
    }

    OutcomesQuery(String executor, UUID from) {
        super(executor);
        this.from = from;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        return answer(node.sender.awaitsOutcomesFrom(from));
    }

    /** False: a member without a node sent nothing. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        writeUuid(out, from);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        from = readUuid(in);
    }
}
