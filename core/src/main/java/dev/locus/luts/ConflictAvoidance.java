package dev.locus.luts;

/**
 * Decides, when a logical thread is about to start a transaction, whether the worker should
 * switch to another logical thread instead ([Nicacio10] §3.3): LUTS's proactive alternative to
 * serializing a transaction that is likely to abort. It learns from the commits and aborts that
 * {@link LogicalThreadScheduler#observing} reports.
 *
 * <p>An instance keeps the state of one scheduler: give each scheduler its own.
 */
public abstract class ConflictAvoidance {

    /** The paper's threshold for both heuristics. */
    static final double THRESHOLD = 0.5;

    private boolean bound;

    ConflictAvoidance() {
    }

    /** Never switch: LUTS with its fixed circular order (the paper's "LUTS" configuration). */
    public static ConflictAvoidance none() {
        return new NoAvoidance();
    }

    /**
     * CILUTS ([Nicacio10] §3.3.1): each transaction type keeps a contention intensity,
     * {@code CI = 0.75*CI + 0.25*CC} with {@code CC} 1 on an abort and 0 on a commit; a
     * transaction whose type's intensity is above 0.5 is switched out for a logical thread
     * waiting on another type.
     */
    public static ConflictAvoidance ciluts() {
        return new ContentionIntensityAvoidance(THRESHOLD);
    }

    /**
     * CTLUTS ([Nicacio10] §3.3.2, Listing 4): a table of conflict probabilities over pairs of
     * transaction types, raised when a transaction aborts and lowered when it commits, against
     * the types running on the other workers; a transaction is switched out when its probability
     * against any of them is above 0.5.
     */
    public static ConflictAvoidance ctluts() {
        return new ConflictTableAvoidance(THRESHOLD);
    }

    /** Called once by the scheduler that will use this instance. */
    final synchronized void bind(int workers) {
        if (bound) {
            throw new IllegalStateException(this + " already serves another scheduler; give each its own");
        }
        bound = true;
        sizeFor(workers);
    }

    /** Prepares per-worker state for workers {@code 0 .. workers-1}. */
    void sizeFor(int workers) {
    }

    /** Whether worker {@code worker} should not start a transaction of type {@code type} now. */
    abstract boolean shouldSwitch(int type, int worker);

    /** Worker {@code worker} starts running a transaction of type {@code type}. */
    void started(int type, int worker) {
    }

    /** Worker {@code worker} no longer runs a transaction. */
    void stopped(int worker) {
    }

    /** An attempt of a type-{@code type} transaction on worker {@code worker} committed. */
    void committed(int type, int worker) {
    }

    /** An attempt of a type-{@code type} transaction on worker {@code worker} aborted on a conflict. */
    void aborted(int type, int worker) {
    }

    private static final class NoAvoidance extends ConflictAvoidance {
        @Override
        boolean shouldSwitch(int type, int worker) {
            return false;
        }

        @Override
        public String toString() {
            return "luts";
        }
    }
}
