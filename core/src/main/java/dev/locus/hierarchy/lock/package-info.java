/**
 * Hierarchical lock managers ([Kalikar19] §§1–2, [Gray75], [Kalikar16], [Kalikar18]): one interface,
 * {@link dev.locus.hierarchy.lock.HierarchicalLockManager}, that locks the
 * {@link dev.locus.hierarchy.LockSet} of a hierarchical task, and five implementations created
 * by {@link dev.locus.hierarchy.lock.HierarchicalLocks} — coarse, medium-grained, intention
 * locks, DomLock and NumLock — with {@link dev.locus.hierarchy.lock.HierarchicalLocks.Kind} to
 * pick one by name. All are safe and deadlock-free for any lock sets; they differ in what a
 * request walks and locks, and so in how much parallelism they leave.
 */
package dev.locus.hierarchy.lock;
