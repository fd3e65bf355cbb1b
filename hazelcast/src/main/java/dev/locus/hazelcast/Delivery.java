package dev.locus.hazelcast;

import java.io.Serializable;
import java.util.UUID;

/**
 * A task on its way to the member chosen to run it, with its place in its lane. When the lane's
 * previous task went to another member ({@code predecessor}), this is the first task of a new
 * segment, and it may start only after the predecessor has run every task up to
 * {@code seq - 1}, and this member every task of the lane it was sent before ({@code ownLast}).
 */
final class Delivery implements Serializable {

    private static final long serialVersionUID = 1L;

    final LaneId lane;
    final long seq;
    final long key;
    final long taskId;
    /** The task, serialized by the submitter. */
    final byte[] task;
    /** The member the lane's task {@code seq - 1} went to, when not this one; else null. */
    final UUID predecessor;
    /** The lane's last task sent to this member before this one, or -1. */
    final long ownLast;
    /** Sends so far; the sender's own count, not sent along. */
    transient int attempts;

    Delivery(LaneId lane, long seq, long key, long taskId, byte[] task, UUID predecessor, long ownLast) {
        this.lane = lane;
        this.seq = seq;
        this.key = key;
        this.taskId = taskId;
        this.task = task;
        this.predecessor = predecessor;
        this.ownLast = ownLast;
    }
}
