package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.operationservice.CallStatus;
import com.hazelcast.spi.impl.operationservice.Operation;
import java.io.IOException;
import java.util.UUID;

/**
 * A message between the nodes of one executor: a Hazelcast operation, invoked on the receiving
 * member (see {@link Transport}), that finds that member's node of the same executor and hands
 * itself over on the operation thread that runs it. What it answers is the invocation's response.
 *
 * @param <R> what the sender learns back
 */
/*
 * Design notes
 *
 * Why an operation and not a Callable on an IExecutorService: an executor service's task runs on
 * a pool thread after the operation that carries it has run, and travels Java-serialized inside
 * it; a message here only hands data to the dispatcher, so it runs where the operation lands,
 * written field by field. The receiving side instantiates it by its class name through its no-argument constructor
 * (DataSerializable, not IdentifiedDataSerializable, so that no factory id can collide with the
 * application's); fields are therefore not final. Handlers must not block: they run on Hazelcast's
 * generic operation threads.
 */
abstract class Message<R> extends Operation {

    private String executor;
    private R response;

    /** For Hazelcast, which reads the fields in afterwards. */
    Message() {
    }

    Message(String executor) {
        this.executor = executor;
    }

    @Override
    public final CallStatus call() {
        ClusterNode node = ClusterNode.registered(getNodeEngine().getHazelcastInstance(), executor);
        return node == null ? answer(noNode()) : deliverTo(node);
    }

    @Override
    public final Object getResponse() {
        return response;
    }

    /**
     * Handles the message on the receiving member's node and {@linkplain #answer answers} it, or
     * arranges to answer later; must not block.
     */
    abstract CallStatus deliverTo(ClusterNode node);

    /** Makes {@code r} the response. */
    final CallStatus answer(R r) {
        response = r;
        return CallStatus.RESPONSE;
    }

    /** The answer when the receiving member has no node of this executor (not started yet). */
    abstract R noNode();

    abstract void writeFields(ObjectDataOutput out) throws IOException;

    abstract void readFields(ObjectDataInput in) throws IOException;

    @Override
    protected final void writeInternal(ObjectDataOutput out) throws IOException {
        out.writeString(executor);
        writeFields(out);
    }

    @Override
    protected final void readInternal(ObjectDataInput in) throws IOException {
        executor = in.readString();
        readFields(in);
    }

    static void writeUuid(ObjectDataOutput out, UUID uuid) throws IOException {
        out.writeBoolean(uuid != null);
        if (uuid != null) {
            out.writeLong(uuid.getMostSignificantBits());
            out.writeLong(uuid.getLeastSignificantBits());
        }
    }

    static UUID readUuid(ObjectDataInput in) throws IOException {
        return in.readBoolean() ? new UUID(in.readLong(), in.readLong()) : null;
    }

    static void writeLane(ObjectDataOutput out, LaneId lane) throws IOException {
        writeUuid(out, lane.senderNode());
        writeUuid(out, lane.senderMember());
        out.writeInt(lane.partition());
    }

    static LaneId readLane(ObjectDataInput in) throws IOException {
        return new LaneId(readUuid(in), readUuid(in), in.readInt());
    }

    static void writeRight(ObjectDataOutput out, RunRight right) throws IOException {
        writeUuid(out, right.member());
        writeUuid(out, right.ticket());
    }

    static RunRight readRight(ObjectDataInput in) throws IOException {
        return new RunRight(readUuid(in), readUuid(in));
    }
}
