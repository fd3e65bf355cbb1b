package dev.locus.elision;

/**
 * What an optimistic (SWOPT) attempt of a critical section uses to check that what it has read is
 * consistent: [Dice14]'s validation against the lock's version word, as
 * {@code StampedLock.validate}. It belongs to the one attempt it was passed to: keep no reference
 * to it beyond that attempt's body.
 */
public interface Swopt {

    /**
     * Checks that no conflicting action has run since the attempt began; call it before using any
     * value read since the last check ([Dice14] §3.2).
     *
     * @throws Interference if one has; let it propagate
     */
    void validate();

    /** Whether no conflicting action has run since the attempt began. */
    boolean isValid();
}
