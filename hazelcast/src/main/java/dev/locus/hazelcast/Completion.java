package dev.locus.hazelcast;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import java.io.IOException;

/**
 * What a member answers a {@link Deliver}: the task's outcome (its result or the exception it
 * threw, serialized by the worker that ran it with {@link Payload}; null for a null result), or
 * that the member has no node of the executor yet, or that the delivery was a copy of one that
 * had arrived before, whose answer went to an invocation that had failed meanwhile.
 */
final class Completion implements DataSerializable {

    enum Status { RESULT, FAILURE, NO_NODE, COPY }

    static final Completion NO_NODE = new Completion(Status.NO_NODE, null);
    static final Completion COPY = new Completion(Status.COPY, null);

    private Status status;
    private byte[] outcome;

    /** For Hazelcast, which reads the fields in afterwards. */
    Completion() {
    }

    private Completion(Status status, byte[] outcome) {
        this.status = status;
        this.outcome = outcome;
    }

    /**
     * The outcome of a task that returned {@code result} or threw {@code failure}; one that does
     * not serialize becomes an exception that says so.
     */
    static Completion of(Payload payload, Object result, Throwable failure) {
        if (failure == null) {
            try {
                return new Completion(Status.RESULT, payload.serialize(result));
            } catch (IllegalArgumentException e) {
                failure = new IllegalStateException("the task's result could not be sent back: " + e.getMessage());
            }
        }
        try {
            return new Completion(Status.FAILURE, payload.serialize(failure));
        } catch (IllegalArgumentException e) {
            IllegalStateException plain = new IllegalStateException("the task threw " + failure
                    + ", which could not be sent back: " + e.getMessage());
            plain.setStackTrace(failure.getStackTrace());
            return new Completion(Status.FAILURE, payload.serialize(plain));
        }
    }

    Status status() {
        return status;
    }

    /** The serialized result or exception. */
    byte[] outcome() {
        return outcome;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeByte(status.ordinal());
        out.writeByteArray(outcome);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        status = Status.values()[in.readByte()];
        outcome = in.readByteArray();
    }
}
