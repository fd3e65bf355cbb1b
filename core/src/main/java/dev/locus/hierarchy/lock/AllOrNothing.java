package dev.locus.hierarchy.lock;

import java.util.function.IntConsumer;

/**
 * Takes a sequence of locks in order, all or none: on an interrupt, the ones already taken are
 * released before the exception goes on. Used by the managers that lock several objects per
 * request in a global order.
 */
final class AllOrNothing {

    /** Takes the {@code i}-th lock of a request. */
    @FunctionalInterface
    interface Step {
        void acquire(int i) throws InterruptedException;
    }

    private AllOrNothing() {
    }

    /**
     * Acquires locks {@code 0 … count-1} in order.
     *
     * @param release releases the {@code i}-th lock; called for the taken locks in reverse order,
     *     on an interrupt or when the returned {@code Held} is closed
     * @throws InterruptedException from a step, once the locks taken before it are released
     */
    static HierarchicalLockManager.Held acquire(int count, Step acquire, IntConsumer release)
            throws InterruptedException {
        int taken = 0;
        try {
            for (; taken < count; taken++) {
                acquire.acquire(taken);
            }
        } catch (InterruptedException e) {
            releaseFirst(taken, release);
            throw e;
        }
        return new OnceHeld() {
            @Override
            void release() {
                releaseFirst(count, release);
            }
        };
    }

    private static void releaseFirst(int count, IntConsumer release) {
        for (int i = count - 1; i >= 0; i--) {
            release.accept(i);
        }
    }
}
