package dev.locus.elision;

/**
 * One critical-section attempt running on a thread (paper 003 §4.1): its lock, its mode, and the
 * version an optimistic attempt started from. An optimistic attempt's frame is also the
 * {@link Swopt} its body validates with. Frames are reused by their thread's {@link ThreadState}
 * from one attempt to the next at the same nesting depth.
 */
final class Frame implements Swopt {

    ElidableLock lock;
    Granule granule;
    Mode mode;
    /** The version word an optimistic attempt read at its start; unused in other modes. */
    long version;
    /** Whether a conflicting action of this frame's lock is in progress (LOCK mode only). */
    boolean inConflictingAction;

    void begin(ElidableLock lock, Granule granule, Mode mode, long version) {
        this.lock = lock;
        this.granule = granule;
        this.mode = mode;
        this.version = version;
        this.inConflictingAction = false;
    }

    /** Forgets the attempt, so that a reused frame keeps nothing reachable and validates nothing. */
    void end() {
        lock = null;
        granule = null;
    }

    @Override
    public void validate() {
        if (!isValid()) {
            throw Interference.INSTANCE;
        }
    }

    @Override
    public boolean isValid() {
        ElidableLock attempted = lock;
        if (attempted == null) {
            throw new IllegalStateException("this Swopt belongs to an attempt that has ended");
        }
        return attempted.validate(version);
    }
}
