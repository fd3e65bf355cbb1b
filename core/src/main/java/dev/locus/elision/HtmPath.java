package dev.locus.elision;

/**
 * A critical section's hardware-transactional path ([Dice14]'s HTM mode): one attempt inside a
 * hardware transaction that first reads the lock word the lock mode acquires, so that a lock
 * holder, or a lock acquired during the attempt, aborts it (transactional lock elision). Java
 * code cannot run inside a hardware transaction; the attempt is a native critical section, such
 * as those of {@code dev.locus.htm}, or a simulation in tests.
 *
 * @param <A> the argument of the section's calls, which each attempt is given
 * @param <T> what a committed attempt returns
 */
public interface HtmPath<A, T> {

    /** Whether attempts can succeed here at all: false where the CPU or the native shim lacks HTM. */
    boolean available();

    /** Runs one attempt for a call with {@code argument}. */
    HtmAttempt<T> attempt(A argument);
}
