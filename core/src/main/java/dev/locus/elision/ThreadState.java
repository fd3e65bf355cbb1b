package dev.locus.elision;

/**
 * A thread's ALE state: its context (the scopes it is in) and its stack of critical-section frames
 * (paper 003 §4.1). Touched only by its thread.
 */
final class ThreadState {

    private static final ThreadLocal<ThreadState> CURRENT = ThreadLocal.withInitial(ThreadState::new);

    Context context = Context.ROOT;
    /** The innermost critical section running on this thread; null outside any. */
    Frame top;

    static ThreadState current() {
        return CURRENT.get();
    }

    /** The innermost frame of {@code lock}, or null. */
    Frame frameOf(ElidableLock lock) {
        for (Frame f = top; f != null; f = f.outer) {
            if (f.lock == lock) {
                return f;
            }
        }
        return null;
    }

    /** Whether a frame runs in SWOPT mode for a lock other than {@code lock}. */
    boolean optimisticOnOtherLock(ElidableLock lock) {
        for (Frame f = top; f != null; f = f.outer) {
            if (f.mode == Mode.SWOPT && f.lock != lock) {
                return true;
            }
        }
        return false;
    }
}
