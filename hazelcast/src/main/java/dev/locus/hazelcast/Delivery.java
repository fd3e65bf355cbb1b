package dev.locus.hazelcast;

import java.util.UUID;
import java.util.function.Consumer;

/**
 * A task on its way to the member chosen to run it, with its place in its lane. When the lane's
 * previous task went to another member ({@code predecessor}), this is the first task of a new
 * segment, and it may start only after the predecessor has run every task up to
 * {@code seq - 1}, and this member every task of the lane it was sent before ({@code ownLast}).
 * On the receiving member it carries where its outcome goes ({@code reply}): the response of the
 * {@link Deliver} that brought it, or the submitter's future when it was submitted there.
 */
final class Delivery {

    final LaneId lane;
    final long seq;
    final long key;
    /** The task, serialized by the submitter. */
    final byte[] task;
    /** The member the lane's task {@code seq - 1} went to, when not this one; else null. */
    final UUID predecessor;
    /** The lane's last task sent to this member before this one, or -1. */
    final long ownLast;
    /** Where the outcome goes, on the member that runs it; null on the way. */
    final Consumer<Completion> reply;

    Delivery(LaneId lane, long seq, long key, byte[] task, UUID predecessor, long ownLast, Consumer<Completion> reply) {
        this.lane = lane;
        this.seq = seq;
        this.key = key;
        this.task = task;
        this.predecessor = predecessor;
        this.ownLast = ownLast;
        this.reply = reply;
    }

    /** This delivery, with its outcome going to {@code to}. */
    Delivery replyingTo(Consumer<Completion> to) {
        return new Delivery(lane, seq, key, task, predecessor, ownLast, to);
    }
}
