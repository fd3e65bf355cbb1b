package dev.locus.hazelcast;

import java.io.Serializable;

/**
 * A task's outcome, on its way back to the member that submitted it: its result or the exception
 * it threw, serialized by the worker that ran it ({@link Payload}; null for a null result).
 */
final class Completion implements Serializable {

    private static final long serialVersionUID = 1L;

    final long taskId;
    final boolean failed;
    final byte[] outcome;

    private Completion(long taskId, boolean failed, byte[] outcome) {
        this.taskId = taskId;
        this.failed = failed;
        this.outcome = outcome;
    }

    /**
     * The outcome of a task that returned {@code result} or threw {@code failure}; one that does
     * not serialize becomes an exception that says so.
     */
    static Completion of(Payload payload, long taskId, Object result, Throwable failure) {
        if (failure == null) {
            try {
                return new Completion(taskId, false, payload.serialize(result));
            } catch (IllegalArgumentException e) {
                failure = new IllegalStateException("the task's result could not be sent back: " + e.getMessage());
            }
        }
        try {
            return new Completion(taskId, true, payload.serialize(failure));
        } catch (IllegalArgumentException e) {
            IllegalStateException plain = new IllegalStateException("the task threw " + failure
                    + ", which could not be sent back: " + e.getMessage());
            plain.setStackTrace(failure.getStackTrace());
            return new Completion(taskId, true, payload.serialize(plain));
        }
    }
}
