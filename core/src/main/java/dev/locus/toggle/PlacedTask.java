package dev.locus.toggle;

/**
 * A task as it sits in a bucket: what to run, what to give back if it never starts, and where the
 * scheduler put it. Compared by identity, so a producer that withdraws its task from a queue after
 * a shutdown withdraws its own and no equal one.
 */
final class PlacedTask {

    /** What the worker runs: the task itself, or the task wrapped in its locks. */
    final Runnable run;
    /** What {@code shutdownNow} returns: the task as given to {@code execute}, or the future. */
    final Runnable submitted;
    /** The bucket whose outer queue receives it: the lowest bucket it spans. */
    final int bucket;
    /** The inner sub-bucket of {@link #bucket} it may move to, or -1 if it stays outer. */
    final int subBucket;
    /**
     * The buckets that must be held while it runs from the outer bucket, ascending; the first is
     * {@link #bucket}. Empty for tasks that exclude nothing (independent tasks, lock-manager mode).
     */
    final int[] claims;

    PlacedTask(Runnable run, Runnable submitted, int bucket, int subBucket, int[] claims) {
        this.run = run;
        this.submitted = submitted;
        this.bucket = bucket;
        this.subBucket = subBucket;
        this.claims = claims;
    }

    @Override
    public String toString() {
        return submitted.toString();
    }
}
