package dev.locus.jmh.toggle;

import dev.locus.jmh.Batch;
import dev.locus.jmh.hierarchy.HierarchyTrial;
import dev.locus.jmh.hierarchy.HierarchyWorkload;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The state the hierarchy suites ({@link ToggleBenchmark}, {@link ToggleStmBenchmark}) share: one
 * producer, the JMH thread, submits a {@link Batch} of the workload's tasks to a trial and waits
 * for them. A suite's subclass says how its trial starts (its scheduler params) and each of its
 * subclasses which workload runs.
 *
 * @param <T> the kind of trial
 */
public abstract class HierarchySetting<T extends HierarchyTrial> {

    T trial;
    private final Batch batch = new Batch();

    @Setup(Level.Trial)
    public void start(BenchmarkParams params) {
        if (params.getThreads() != 1) {
            throw new IllegalStateException("one producer feeds the scheduler; run it with one JMH thread, not "
                    + params.getThreads());
        }
        trial = startTrial(workload());
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
        trial.stop();
    }

    /** The workload this setting's params name. */
    abstract HierarchyWorkload workload();

    /** A trial of {@code workload} on the scheduler this setting's params name. */
    abstract T startTrial(HierarchyWorkload workload);

    void runBatch() {
        for (int i = 0; i < Batch.SIZE; i++) {
            batch.set(i, trial.submitNext());
        }
        batch.await();
    }
}
