package dev.locus.jmh.hashmap;

/**
 * How an optimistic reader checks that what it read since its start is consistent ([Dice14]
 * Figure 1's {@code v != GetVer(false)}): against an ElidableLock's version, a StampedLock stamp,
 * or not at all under the lock.
 */
@FunctionalInterface
interface Validation {

    /** Reads under a lock need no validation. */
    Validation NONE = () -> true;

    /** Whether nothing interfered since the read began; an implementation may throw instead of returning false. */
    boolean stillValid();
}
