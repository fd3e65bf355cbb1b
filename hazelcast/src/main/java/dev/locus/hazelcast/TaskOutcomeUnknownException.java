package dev.locus.hazelcast;

import java.util.UUID;

/**
 * Completes the future of a task whose member left the cluster without leaving the executor first
 * (it crashed, was terminated, or was cut off) while the task was on its way to it, queued there
 * or running there; or, rarely, of a task whose answer was lost when a Hazelcast invocation to a
 * member still in the cluster failed after the task had arrived. The task may not have run, may have run in part, or may have run to the end
 * with its report lost; it is never run again by the executor. Whether to run it again is the
 * caller's decision, which only the caller can make safely (an idempotent task can simply be
 * submitted again).
 */
public final class TaskOutcomeUnknownException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final UUID member;

    TaskOutcomeUnknownException(UUID member) {
        this(member, "member " + member + " left the cluster while it held the task; the task may or may not have run");
    }

    private TaskOutcomeUnknownException(UUID member, String message) {
        super(message);
        this.member = member;
    }

    /**
     * A task whose member is still in the cluster, but whose delivery had to be sent again after
     * Hazelcast's invocation failed, and had arrived the first time: it runs (or ran) once, and
     * its outcome went to the failed invocation.
     */
    static TaskOutcomeUnknownException lostOnTheWayBack(UUID member) {
        return new TaskOutcomeUnknownException(member, "member " + member + " had the task already when it was sent"
                + " again after a failed invocation; it runs once, and its outcome was lost");
    }

    /** The UUID of the member that held the task. */
    public UUID member() {
        return member;
    }
}
