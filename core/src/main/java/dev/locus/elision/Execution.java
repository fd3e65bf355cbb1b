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

    /** Nanoseconds since the execution began; timed executions only. */
    long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }
}
