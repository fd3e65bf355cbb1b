package dev.locus.jmh.toggle;

import dev.locus.jmh.Batch;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.hierarchy.HierarchyWorkload;
import dev.locus.jmh.hierarchy.SchedulerTrial;
import java.util.Arrays;
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
 * [Kalikar19] §4 (Figures 3–6(a)): hierarchical tasks per second under round-robin with each
 * hierarchical lock manager, and under Toggle, on STMBench7's graph, a tree-bank-shaped XML
 * hierarchy and k-ary trees; one benchmark method per figure.
 */
@Threads(1)
public class ToggleBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   An operation submits a Batch of 1,000 tasks through the scheduler under test, from the
     *   JMH thread (the paper's task generator, §4.4), and waits until all have run, so the score
     *   is tasks/s. Each workload (HierarchyWorkload) is a hierarchy and 8,192 tasks drawn once
     *   from a fixed seed; a trial replays them in order from the first, so every scheduler, lock
     *   manager and worker count runs the same tasks. A task holds its lock set while it touches
     *   per-leaf counters below its nodes and computes for about two microseconds
     *   (WorkloadTask). Hierarchies and task pools are built once per JVM and kept.
     *
     *   Workloads: stmBench7, STMBench7's default graph in its three mixes (Figure 3(a)); xml, the
     *   tree-bank-shaped document at a scale (3(b)); skewness, a 1M-node 4-ary tree with tasks of
     *   NODES_PER_TASK nodes confined to one of `skewness` leaf ranges (4(a)); nodesPerTask, the
     *   same tree with every task in the first worker's bucket, the first of `workers` equal leaf
     *   ranges (4(b)); stealing, skewness 1 ("uniform") or the one-bucket workload with
     *   NODES_PER_TASK nodes ("skewed") (5);
     *   hierarchySize, 4-ary trees of 100 to 1M nodes with uniform tasks (6(a)).
     *
     *   The stealing method also reports, as auxiliary counters per second, the tasks each worker
     *   ran (worker0 … worker15, from the executors' own counters) and the tasks run from another
     *   worker's bucket (steals): Figure 5's bars. Workers beyond 16 are refused there.
     *
     *   Differences from the paper: the paper's tasks run STMBench7's Java operations or its
     *   stress test's; these touch counters, the same work for every scheduler, so that the
     *   schedulers and lock managers are what differ. The paper reserves a thread for Toggle's
     *   task classification; here the producer classifies each task as it submits it.
     *
     * Concurrency
     *   One JMH thread per trial (checked at set-up: a second producer would share the trial's
     *   task cursor). The workers are the scheduler's.
     *
     * References
     *   [Kalikar19] §4 and Figures 3–6(a).
     */

    /** The k-ary tree of Figures 4 and 5, "1 million nodes" (§4). */
    static final int TREE_NODES = 1_000_000;
    /** Nodes each task locks in Figures 4(a), 5 and 6(a); the paper does not say. */
    static final int NODES_PER_TASK = 2;
    /** The most workers whose tasks the stealing method counts one by one. */
    static final int COUNTED_WORKERS = 16;

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void stmBench7(StmBench7 setting) {
        setting.runBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void xml(Xml setting) {
        setting.runBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void skewness(Skewness setting) {
        setting.runBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void nodesPerTask(NodesPerTask setting) {
        setting.runBatch();
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void stealing(Stealing setting, WorkerCounters counters) {
        counters.runBatch(setting);
    }

    @Benchmark
    @OperationsPerInvocation(Batch.SIZE)
    public void hierarchySize(HierarchySize setting) {
        setting.runBatch();
    }

    /** The scheduler, its lock manager and its workers; the workload is the subclass's. */
    @State(Scope.Benchmark)
    public abstract static class Setting extends HierarchySetting<SchedulerTrial> {

        @Param({"roundRobin", "toggle", "toggleNoSteal", "toggleExclusive"})
        public String scheduler;

        /** Not used by toggleExclusive, whose tasks take no locks. */
        @Param({"domLock", "coarse", "mediumGrained", "intention", "numLock"})
        public String lockManager;

        @Param({"1", "2"})
        public int workers;

        @Override
        SchedulerTrial startTrial(HierarchyWorkload workload) {
            return SchedulerTrial.start(workload, scheduler, lockManager, workers);
        }
    }

    /** Figure 3(a): STMBench7's graph in one of its mixes. */
    @State(Scope.Benchmark)
    public static class StmBench7 extends Setting {

        @Param({"readDominated", "readWrite", "writeDominated"})
        public String mix;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.stmBench7(mix);
        }
    }

    /** Figure 3(b): the tree-bank-shaped document at a scale (1.0: 2,437,666 elements). */
    @State(Scope.Benchmark)
    public static class Xml extends Setting {

        @Param({"0.1", "1.0"})
        public double scale;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.treebank(scale);
        }
    }

    /** Figure 4(a): the 1M-node tree, tasks confined to one of {@code skewness} ranges. */
    @State(Scope.Benchmark)
    public static class Skewness extends Setting {

        @Param({"1", "2", "4", "8", "16", "32", "64"})
        public int skewness;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.skewed(TREE_NODES, skewness, NODES_PER_TASK);
        }
    }

    /**
     * Figure 4(b): the 1M-node tree, every task's {@code nodes} nodes in the first worker's bucket
     * (the first of {@code workers} equal leaf ranges), so that the bucket's inner sub-buckets,
     * which cut that range, all get tasks to steal.
     */
    @State(Scope.Benchmark)
    public static class NodesPerTask extends Setting {

        @Param({"1", "2", "4", "8", "16", "32"})
        public int nodes;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.oneRange(TREE_NODES, workers, nodes);
        }
    }

    /** Figure 5: uniform or skewed (one-bucket) tasks of {@link #NODES_PER_TASK} nodes on the 1M-node tree. */
    @State(Scope.Benchmark)
    public static class Stealing extends Setting {

        @Param({"uniform", "skewed"})
        public String distribution;

        @Override
        HierarchyWorkload workload() {
            if (workers > COUNTED_WORKERS) {
                throw new IllegalArgumentException("counts the tasks of at most " + COUNTED_WORKERS + " workers, not "
                        + workers);
            }
            return switch (distribution) {
                case "uniform" -> HierarchyWorkload.skewed(TREE_NODES, 1, NODES_PER_TASK);
                case "skewed" -> HierarchyWorkload.oneRange(TREE_NODES, workers, NODES_PER_TASK);
                default -> throw new IllegalArgumentException("unknown distribution " + distribution);
            };
        }
    }

    /** Figure 6(a): 4-ary trees of {@code size} nodes, uniform tasks. */
    @State(Scope.Benchmark)
    public static class HierarchySize extends Setting {

        @Param({"100", "1000", "10000", "100000", "1000000"})
        public int size;

        @Override
        HierarchyWorkload workload() {
            return HierarchyWorkload.skewed(size, 1, NODES_PER_TASK);
        }
    }

    /**
     * Figure 5's bars as JMH auxiliary counters, per second of this iteration: tasks run by each
     * worker ({@code worker0} … {@code worker15}; 0 past the scheduler's workers) and tasks run
     * from another worker's bucket ({@code steals}).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class WorkerCounters {

        private final long[] executed = new long[COUNTED_WORKERS];
        private long steals;
        /** The executor's counters after the last batch; null before this iteration's first. */
        private long[] lastExecuted;
        private long lastSteals;

        @Setup(Level.Iteration)
        public void reset() {
            Arrays.fill(executed, 0);
            steals = 0;
            lastExecuted = null;
        }

        /**
         * Runs a batch and adds what the workers counted since the last one: a worker counts a task
         * just after completing it, so a batch's last tasks may be counted only by the next batch's
         * reading, and none is lost between batches.
         */
        void runBatch(Setting setting) {
            if (lastExecuted == null) {
                lastExecuted = setting.trial.executedPerWorker();
                lastSteals = setting.trial.steals();
            }
            setting.runBatch();
            long[] now = setting.trial.executedPerWorker();
            for (int i = 0; i < now.length; i++) {
                executed[i] += now[i] - lastExecuted[i];
            }
            long stealsNow = setting.trial.steals();
            steals += stealsNow - lastSteals;
            lastExecuted = now;
            lastSteals = stealsNow;
        }

        public long steals() {
            return steals;
        }

        public long worker0() {
            return executed[0];
        }

        public long worker1() {
            return executed[1];
        }

        public long worker2() {
            return executed[2];
        }

        public long worker3() {
            return executed[3];
        }

        public long worker4() {
            return executed[4];
        }

        public long worker5() {
            return executed[5];
        }

        public long worker6() {
            return executed[6];
        }

        public long worker7() {
            return executed[7];
        }

        public long worker8() {
            return executed[8];
        }

        public long worker9() {
            return executed[9];
        }

        public long worker10() {
            return executed[10];
        }

        public long worker11() {
            return executed[11];
        }

        public long worker12() {
            return executed[12];
        }

        public long worker13() {
            return executed[13];
        }

        public long worker14() {
            return executed[14];
        }

        public long worker15() {
            return executed[15];
        }
    }
}
