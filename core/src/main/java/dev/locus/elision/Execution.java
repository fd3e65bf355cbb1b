package dev.locus.elision;

/**
 * One execution of a critical section as a policy sees it: its granule, the attempts made so far in
 * each mode, and, when it is timed, the time spent in HTM attempts and in total. Touched by the
 * executing thread only.
 */
final class Execution {

    final Granule granule;
    final boolean timed;
    final long startNanos;
    int htmTried;
    int swoptTried;
    /** Time spent in failed HTM attempts; timed executions only. */
    long htmFailedNanos;
    /** The indicator stripe this execution arrived at as a retrying optimist (grouping); -1 if none. */
    int optimistStripe = -1;
    /** The mode of the attempt that completed the section; null until one did. */
    Mode completedIn;

    Execution(Granule granule, boolean timed) {
        this.granule = granule;
        this.timed = timed;
        this.startNanos = timed ? System.nanoTime() : 0;
    }

    /** Nanoseconds since the execution began; timed executions only. */
    long elapsedNanos() {
        return System.nanoTime() - startNanos;
    }
}
