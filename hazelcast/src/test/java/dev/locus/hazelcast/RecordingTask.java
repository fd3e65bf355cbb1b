package dev.locus.hazelcast;

/** Appends its (submitter, sequence) to its key's log in the run's journal; returns its sequence. */
final class RecordingTask implements ClusterTask<Long> {

    private static final long serialVersionUID = 1L;

    private final String run;
    private final long key;
    private final int submitter;
    private final long seq;

    RecordingTask(String run, long key, int submitter, long seq) {
        this.run = run;
        this.key = key;
        this.submitter = submitter;
        this.seq = seq;
    }

    @Override
    public Long call() {
        Journal journal = Journal.of(run);
        journal.started(key, submitter, seq);
        Thread.onSpinWait();
        journal.finished(key, submitter);
        return seq;
    }
}
