package dev.locus.hazelcast;

/**
 * Appends its (submitter, sequence) to its key's log in the run's journal, stays busy for a given
 * time, and returns its sequence.
 */
final class RecordingTask implements ClusterTask<Long> {

    private static final long serialVersionUID = 1L;

    private final String run;
    private final long key;
    private final int submitter;
    private final long seq;
    private final long busyNanos;

    RecordingTask(String run, long key, int submitter, long seq, long busyNanos) {
        this.run = run;
        this.key = key;
        this.submitter = submitter;
        this.seq = seq;
        this.busyNanos = busyNanos;
    }

    @Override
    public Long call() {
        Journal journal = Journal.of(run);
        journal.started(key, submitter, seq);
        long start = System.nanoTime();
        do {
            Thread.onSpinWait();
        } while (System.nanoTime() - start < busyNanos);
        journal.finished(key, submitter);
        return seq;
    }
}
