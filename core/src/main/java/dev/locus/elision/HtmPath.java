package dev.locus.elision;

/**
 * A critical section's hardware-transactional path (paper 003's HTM mode): one attempt inside a
 * hardware transaction that first reads the lock word the lock mode acquires, so that a lock
 * holder, or a lock acquired during the attempt, aborts it (transactional lock elision). Java
 * code cannot run inside a hardware transaction; the attempt is a native critical section, such
 * as those of {@code dev.locus.htm}, or a simulation in tests.
 */
public interface HtmPath<T> {

    /** Whether attempts can succeed here at all: false where the CPU or the native shim lacks HTM. */
    boolean available();

    /** Runs one attempt. */
    HtmAttempt<T> attempt();
}
