package dev.locus.hazelcast;

import java.util.UUID;

/**
 * Completes the future of a task whose member left the cluster without leaving the executor first
 * (it crashed, was terminated, or was cut off) while the task was on its way to it, queued there
 * or running there. The task may not have run, may have run in part, or may have run to the end
 * with its report lost; it is never run again by the executor. Whether to run it again is the
 * caller's decision, which only the caller can make safely (an idempotent task can simply be
 * submitted again).
 */
public final class TaskOutcomeUnknownException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final UUID member;

    TaskOutcomeUnknownException(UUID member) {
        super("member " + member + " left the cluster while it held the task; the task may or may not have run");
        this.member = member;
    }

    /** The UUID of the member that held the task. */
    public UUID member() {
        return member;
    }
}
