package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One read-write lock per level of the hierarchy, as STMBench7's medium-grained variant, where
 * a level is a node's {@link Hierarchy#depth depth}.
 *
 * <p>The rule: let {@code top} be the least depth of any node in the set and {@code w} the least
 * depth of any node it writes (none: no writes). The request locks every level from {@code top}
 * down to {@link Hierarchy#height()}, in that order: levels above {@code w} for reading, level
 * {@code w} and below for writing. A node's descendants all lie deeper than the node, so a
 * request covering a leaf at depth {@code d} locks level {@code d}, for writing if it writes the
 * leaf; two conflicting requests therefore meet at the level of a common leaf in conflicting
 * modes. Every request takes levels in increasing depth, so no two wait for each other in a cycle.
 *
 * <p>Cost: {@code height + 1 - top} lock operations per request, independent of the number of
 * nodes in the set. Writers at the same depth exclude each other even on disjoint sub-trees, and
 * so does any request that reaches below a writer's level.
 */
final class MediumGrainedLockManager extends AbstractLockManager {

    private final ReentrantReadWriteLock[] levels;

    MediumGrainedLockManager(Hierarchy hierarchy) {
        super(hierarchy, "medium-grained");
        levels = new ReentrantReadWriteLock[hierarchy.height() + 1];
        for (int level = 0; level < levels.length; level++) {
            levels[level] = new ReentrantReadWriteLock();
        }
    }

    @Override
    Held acquire(LockSet locks) throws InterruptedException {
        int top = leastDepth(locks, false);
        int writeFrom = leastDepth(locks, true);
        return AllOrNothing.acquire(levels.length - top, i -> level(top + i, writeFrom).lockInterruptibly(),
                i -> level(top + i, writeFrom).unlock());
    }

    /** The least depth of a node in the set, or of a written one; {@code MAX_VALUE} if there is none. */
    private int leastDepth(LockSet locks, boolean writtenOnly) {
        int least = Integer.MAX_VALUE;
        for (int i = 0; i < locks.size(); i++) {
            if (!writtenOnly || locks.mode(i) == LockMode.WRITE) {
                least = Math.min(least, hierarchy().depth(locks.node(i)));
            }
        }
        return least;
    }

    private Lock level(int level, int writeFrom) {
        return level >= writeFrom ? levels[level].writeLock() : levels[level].readLock();
    }
}
