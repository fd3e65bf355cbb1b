package dev.locus.jmh.toggle;

import dev.locus.jmh.Batch;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.hierarchy.HierarchyWorkload;
import dev.locus.jmh.hierarchy.TransactionalTrial;
import dev.locus.stm.ContentionStats;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Toggle + STM against round-robin + STM. Committed transactions per second
 * (the score) and aborted attempts per second (auxiliary counters; divided by the score, aborts
 * per commit) of [Kalikar19]'s hierarchical tasks run as Multiverse transactions through the STM
 * adapter, on STMBench7's graph and the tree-bank-shaped XML hierarchy.
 */
@Threads(1)
public class ToggleStmBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   The Toggle suite's workloads (HierarchyWorkload: a hierarchy and 8,192 tasks drawn once
     *   from a fixed seed, replayed in order from the first), but each task's work is a
     *   transaction over one Multiverse counter per leaf instead of a section under a lock
     *   (TransactionalTrial). An operation submits a Batch of 1,000 transactions from the JMH
     *   thread and waits until all have committed, so the score is commits/s. The contention
     *   manager is the adapter's default, Polka.
     *
     *   Schedulers: roundRobin, locus's round-robin keyed executor, where transactions that touch
     *   the same leaves overlap whenever they land on different workers; toggle, Toggle in
     *   scheduler-exclusive mode, which never runs two transactions whose lock sets meet at once,
     *   so these transactions (which touch only leaves below their lock sets) cannot conflict and
     *   the STM costs only its bookkeeping; togglePlacement, Toggle's placement alone (a lock
     *   manager that takes nothing), where the STM resolves what placement leaves to overlap.
     *
     *   JMH's event counters add up over iterations, so a ratio cannot be one: the aborts and
     *   conflicts are per-second rates, like the score, and aborts per commit is aborts / score.
     *   conflicts counts the aborts that were read/write conflicts (all of them here, as no
     *   transaction throws or blocks).
     *
     * Concurrency
     *   One JMH thread per trial (checked at set-up: a second producer would share the trial's
     *   task cursor). The workers are the scheduler's; the counts are the adapter's, read before
     *   and after each batch, when no transaction of this producer is in flight.
     *
     * References
     *   [Kalikar19] §4 (workloads, Figure 3); [Bai06] §5 (transactions as executor tasks, Polka).
     */

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void stmBench7(StmBench7 setting, Aborts aborts) {
        aborts.runBatch(setting);
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void xml(Xml setting, Aborts aborts) {
        aborts.runBatch(setting);
    }

    /** The scheduler and its workers; the workload is the subclass's. */
    @State(Scope.Benchmark)
    public abstract static class Setting extends HierarchySetting<TransactionalTrial> {

        @Param({"roundRobin", "toggle", "togglePlacement"})
        public String scheduler;

        /** Two: one per core of the reference machine; four: a transaction may lose its core midway. */
        @Param({"2", "4"})
        public int workers;

        @Override
        TransactionalTrial startTrial(HierarchyWorkload workload) {
            return TransactionalTrial.start(workload, scheduler, workers);
        }
    }

    /** STMBench7's graph in one of its mixes ([Kalikar19] Figure 3(a)). */
    @State(Scope.Benchmark)
    public static class StmBench7 extends Setting {

        @Param({"readDominated", "readWrite", "writeDominated"})
        public String mix;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.stmBench7(mix);
        }
    }

    /** The tree-bank-shaped document ([Kalikar19] Figure 3(b)) at a scale (1.0: 2,437,666 elements). */
    @State(Scope.Benchmark)
    public static class Xml extends Setting {

        @Param({"0.1"})
        public double scale;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.treebank(scale);
        }
    }

    /**
     * Aborted attempts, and those that were read/write conflicts, per second of this iteration:
     * JMH auxiliary counters beside the score. Aborts per commit is {@code aborts} over the score.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Aborts {

        public long aborts;
        public long conflicts;

        @Setup(Level.Iteration)
        public void reset() {
            aborts = 0;
            conflicts = 0;
        }

        void runBatch(Setting setting) {
            ContentionStats.Counts before = setting.trial.counts();
            setting.runBatch();
            ContentionStats.Counts after = setting.trial.counts();
            aborts += after.aborts() - before.aborts();
            conflicts += after.conflicts() - before.conflicts();
        }
    }
}
