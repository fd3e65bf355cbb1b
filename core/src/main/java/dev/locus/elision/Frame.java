package dev.locus.elision;

/**
 * One critical-section attempt running on a thread ([Dice14] §4.1): its lock, its mode, and the
 * version an optimistic attempt started from. An optimistic attempt's frame is also the
 * {@link Swopt} its body validates with. Frames are reused by their thread's {@link ThreadState}
 * from one attempt to the next at the same nesting depth.
 *
 * <p>A frame writes its lock, granule and mode only when they differ from the last attempt's, and
 * ending an attempt clears a flag rather than the references: the same section at the same depth,
 * the common case, then stores no reference at all, and each reference store into this long-lived
 * object would cost a GC write barrier (under G1 a StoreLoad fence). So an ended frame keeps its
 * last lock and granule reachable until its thread reuses it or ends.
 */
final class Frame implements Swopt {

    ElidableLock lock;
    Granule granule;
    Mode mode;
    /** The version word an optimistic attempt read at its start; unused in other modes. */
    long version;
    /**
     * Whether this frame is a running optimistic attempt: a Swopt kept beyond its attempt validates
     * nothing. Only SWOPT attempts set it, as only they hand the frame to a body.
     */
    private boolean active;

    void begin(ElidableLock lock, Granule granule, Mode mode, long version) {
        if (this.lock != lock) {
            this.lock = lock;
        }
        if (this.granule != granule) {
            this.granule = granule;
        }
        if (this.mode != mode) {
            this.mode = mode;
        }
        if (mode == Mode.SWOPT) {
            this.version = version;
            this.active = true;
        }
    }

    void end() {
        active = false;
    }

    @Override
    public void validate() {
        if (!isValid()) {
            throw Interference.INSTANCE;
        }
    }

    @Override
    public boolean isValid() {
        if (!active) {
            throw new IllegalStateException("this Swopt belongs to an attempt that has ended");
        }
        return lock.validate(version);
    }
}
