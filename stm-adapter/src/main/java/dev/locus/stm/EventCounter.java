package dev.locus.stm;

import java.util.concurrent.atomic.LongAdder;

/** Live commit, abort and conflict counts of one slice of the statistics; any thread. */
final class EventCounter {

    private final LongAdder commits = new LongAdder();
    private final LongAdder aborts = new LongAdder();
    private final LongAdder conflicts = new LongAdder();

    void commit() {
        commits.increment();
    }

    void abort() {
        aborts.increment();
    }

    void conflict() {
        conflicts.increment();
    }

    ContentionStats.Counts snapshot() {
        return new ContentionStats.Counts(commits.sum(), aborts.sum(), conflicts.sum());
    }
}
