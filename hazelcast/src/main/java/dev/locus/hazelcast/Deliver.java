package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import com.hazelcast.spi.impl.operationservice.Offload;
import java.io.IOException;

/**
 * Brings one task to the member chosen to run it; its response is the task's {@link Completion},
 * sent when the task has run there. Until then the operation is offloaded: Hazelcast keeps the
 * invocation alive with its operation heartbeats, however long the task waits or runs.
 */
final class Deliver extends Message<Completion> {

    private Delivery delivery;

    /** For Hazelcast, which reads the fields in afterwards. */
    Deliver() {
    }

    Deliver(String executor, Delivery delivery) {
        super(executor);
        this.delivery = delivery;
    }

    @Override
    CallStatus deliverTo(ClusterNode node) {
        return new Offload(this) {
            @Override
            public void start() {
                node.receiver.deliver(delivery.replyingTo(Deliver.this::sendResponse));
            }
        };
    }

    /** The sender tries again until the member starts its node or leaves. */
    @Override
    Completion noNode() {
        return Completion.NO_NODE;
    }

    @Override
    void writeFields(ObjectDataOutput out) throws IOException {
        writeLane(out, delivery.lane);
        out.writeLong(delivery.seq);
        out.writeLong(delivery.key);
        out.writeByteArray(delivery.task);
        writeUuid(out, delivery.predecessor);
        out.writeLong(delivery.ownLast);
    }

    @Override
    void readFields(ObjectDataInput in) throws IOException {
        delivery = new Delivery(readLane(in), in.readLong(), in.readLong(), in.readByteArray(), readUuid(in),
                in.readLong(), null);
    }
}
