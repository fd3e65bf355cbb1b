package dev.locus.elision;

/** How one attempt of a critical section runs ([Dice14] §1). */
public enum Mode {
    /** Holding the lock. */
    LOCK,
    /** Optimistically, without the lock, validated against the lock's version word. */
    SWOPT,
    /** In a hardware transaction that reads the lock word, so that a lock holder aborts it. */
    HTM
}
