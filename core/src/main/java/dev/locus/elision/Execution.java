package dev.locus.elision;

/**
 * One execution of a critical section as a policy sees it: its granule, the attempts made so far in
 * each mode, and, when it is timed, the time spent in HTM attempts and in total. Touched by the
 * executing thread only, and reused by its {@link ThreadState} for the next execution at the same
 * nesting depth.
 */
final class Execution {

    Granule granule;
    boolean timed;
    long startNanos;
    /** The clock's reading at the end of the latest attempt, or at the start; timed executions only. */
    private long lastNanos;
    /** Whether lastNanos is still about now: nothing but bookkeeping has happened since it was read. */
    private boolean clockFresh;
    /** When the attempt in progress began (see attemptBegins); 0 if untimed. */
    private long attemptStart;
    int htmTried;
    int swoptTried;
    /** Time spent in failed HTM attempts; timed executions only. */
    long htmFailedNanos;
    /** The indicator stripe this execution arrived at as a retrying optimist (grouping); -1 if none. */
    int optimistStripe;
    /** The mode of the attempt that completed the section; null until one did. */
    Mode completedIn;
    /** What the attempt that completed the section computed, until the section returns it. */
    Object result;

    void begin(Granule granule, boolean timed) {
        this.granule = granule;
        this.timed = timed;
        this.startNanos = timed ? System.nanoTime() : 0;
        this.lastNanos = startNanos;
        this.clockFresh = true;
        this.htmTried = 0;
        this.swoptTried = 0;
        this.htmFailedNanos = 0;
        this.optimistStripe = -1;
        this.completedIn = null;
    }

    /** Forgets the execution, so that nothing it referred to stays reachable through this thread. */
    void end() {
        granule = null;
        result = null;
    }

    /** An attempt in {@code mode} completed the section with {@code value}. */
    void completed(Mode mode, Object value) {
        completedIn = mode;
        result = value;
    }

    /**
     * An attempt is about to begin: notes its start, the last reading of the clock (the execution's
     * start, or the previous attempt's end) unless the policy has waited since. A nanoTime call
     * costs about as much as a short section; an execution of one attempt reads the clock twice,
     * not four times. Nothing is read when the execution is untimed.
     */
    void attemptBegins() {
        if (timed) {
            attemptStart = clockFresh ? lastNanos : System.nanoTime();
            clockFresh = false;
        }
    }

    /**
     * The attempt that began last has ended, in {@code mode}, having completed the section or not:
     * counts it in the granule, with its duration if the execution is timed, drawing the counters'
     * coins from {@code random}.
     *
     * @return its duration, -1 if untimed
     */
    long attemptEnded(Mode mode, boolean succeeded, int random) {
        long elapsed = -1;
        if (timed) {
            lastNanos = System.nanoTime();
            clockFresh = true;
            elapsed = lastNanos - attemptStart;
        }
        granule.stats(mode).attempted(succeeded, elapsed, random);
        return elapsed;
    }

    /** When the latest attempt ended, or the execution started; timed executions only. */
    long lastClockNanos() {
        return lastNanos;
    }

    /** The policy made this execution wait: the next attempt reads the clock for its start. */
    void waited() {
        clockFresh = false;
    }

    /**
     * The execution's duration, from its start to the end of its latest attempt (the execution ends
     * right after its last attempt: one clock reading fewer); timed executions only.
     */
    long elapsedNanos() {
        return lastNanos - startNanos;
    }
}
