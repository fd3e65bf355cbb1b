package dev.locus.elision;

/**
 * One critical section running on a thread (paper 003 §4.1): its lock, the mode of the current
 * attempt, the version an optimistic attempt started from, and the frame it is nested in. An
 * optimistic attempt's frame is also the {@link Swopt} its body validates with.
 */
final class Frame implements Swopt {

    final ElidableLock lock;
    final Granule granule;
    final Frame outer;
    final Mode mode;
    /** The version word an optimistic attempt read at its start; unused in other modes. */
    final long version;
    /** Whether a conflicting action of this frame's lock is in progress (LOCK mode only). */
    boolean inConflictingAction;
    /** What a successful optimistic attempt computed. */
    Object result;

    Frame(ElidableLock lock, Granule granule, Frame outer, Mode mode, long version) {
        this.lock = lock;
        this.granule = granule;
        this.outer = outer;
        this.mode = mode;
        this.version = version;
    }

    @Override
    public void validate() {
        if (!isValid()) {
            throw Interference.INSTANCE;
        }
    }

    @Override
    public boolean isValid() {
        return lock.validate(version);
    }
}
