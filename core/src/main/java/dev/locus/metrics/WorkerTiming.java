package dev.locus.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One worker thread's share of {@link TaskTiming}: how many tasks it started and their time in
 * the queue, how many it ran and their run time, in nanoseconds.
 *
 * <p>Single writer: only the thread it belongs to records (TaskTiming keeps one per thread), with
 * opaque stores; the registry reads it from any thread with opaque loads. The four values are
 * read one after the other, so a reading during a task may count it in one and not yet another;
 * once the executor has terminated they are exact.
 */
final class WorkerTiming {

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs on either side of the written ones: 128 bytes, two cache lines, against false sharing. */
    private static final int PADDING = 16;
    private static final int WAITED = PADDING;
    private static final int WAITED_NANOS = PADDING + 1;
    private static final int RAN = PADDING + 2;
    private static final int RAN_NANOS = PADDING + 3;

    /** The index of the worker whose thread this is; -1 if it is no worker's. */
    final int worker;
    private final long[] slots = new long[RAN_NANOS + 1 + PADDING];

    WorkerTiming(int worker) {
        this.worker = worker;
    }

    /** A task started after {@code nanos} in the queue. */
    void waited(long nanos) {
        add(WAITED, 1);
        add(WAITED_NANOS, nanos);
    }

    /** A task ran for {@code nanos}, returning or throwing. */
    void ran(long nanos) {
        add(RAN, 1);
        add(RAN_NANOS, nanos);
    }

    long waited() {
        return read(WAITED);
    }

    long waitedNanos() {
        return read(WAITED_NANOS);
    }

    long ran() {
        return read(RAN);
    }

    long ranNanos() {
        return read(RAN_NANOS);
    }

    private void add(int slot, long amount) {
        SLOTS.setOpaque(slots, slot, (long) SLOTS.getOpaque(slots, slot) + amount);
    }

    private long read(int slot) {
        return (long) SLOTS.getOpaque(slots, slot);
    }
}
