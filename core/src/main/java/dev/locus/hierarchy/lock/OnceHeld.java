package dev.locus.hierarchy.lock;

/**
 * The {@link HierarchicalLockManager.Held} rules every manager shares: released once, by the
 * thread that locked. Subclasses say what releasing means. Created by the locking thread.
 */
abstract class OnceHeld implements HierarchicalLockManager.Held {

    private final Thread owner = Thread.currentThread();
    /** Read and written only by {@link #owner}. */
    private boolean released;

    @Override
    public final void close() {
        if (Thread.currentThread() != owner) {
            throw new IllegalMonitorStateException("locks taken by " + owner + " released by " + Thread.currentThread());
        }
        if (released) {
            throw new IllegalStateException("locks already released");
        }
        released = true;
        release();
    }

    /** Releases the locks; called once, by the owner. */
    abstract void release();
}
