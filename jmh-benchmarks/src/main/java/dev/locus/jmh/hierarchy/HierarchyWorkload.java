package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.workloads.KaryTree;
import dev.locus.workloads.StmBench7Hierarchy;
import dev.locus.workloads.TreebankGenerator;
import dev.locus.workloads.XmlHierarchy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A workload of [Kalikar19] §4 ready to measure: a hierarchy, {@value #POOL_SIZE} tasks drawn from it
 * once with a fixed seed, and the per-leaf counters the tasks touch. Every scheduler and lock
 * manager replays the same tasks in the same order, so they differ only in how they run them.
 *
 * <p>Hierarchies and workloads are built once per JVM and kept (a million-node tree or the
 * tree-bank document takes a second or more to build): the quick profile runs every benchmark in
 * one JVM.
 */
public final class HierarchyWorkload {

    /** Tasks drawn per workload; a benchmark replays them in a cycle. */
    static final int POOL_SIZE = 8192;
    /** The children of each inner node of the k-ary trees; [Kalikar19] gives no k. */
    public static final int FANOUT = 4;
    /** The share of write tasks outside STMBench7: [Kalikar19] §4.2's read:write of 7:3. */
    static final double WRITE_FRACTION = 0.3;
    /** The leaf ranges of the tree-bank workload's local tasks. */
    static final int TREEBANK_LOCAL_RANGES = 16;
    /** The nodes each tree-bank task locks. */
    static final int TREEBANK_NODES_PER_TASK = 2;

    private static final long SEED = 0x000_7066L;
    private static final Map<String, Hierarchy> TREES = new ConcurrentHashMap<>();
    private static final Map<Double, Hierarchy> TREEBANKS = new ConcurrentHashMap<>();
    private static final Map<String, HierarchyWorkload> WORKLOADS = new ConcurrentHashMap<>();
    /** STMBench7's graph with its default parameters, shared by the three mixes. */
    private static final Supplier<StmBench7Hierarchy> STMBENCH7 = new Supplier<>() {
        private StmBench7Hierarchy graph;

        @Override
        public synchronized StmBench7Hierarchy get() {
            if (graph == null) {
                graph = StmBench7Hierarchy.builder().build();
            }
            return graph;
        }
    };

    private final String description;
    private final Hierarchy hierarchy;
    private final WorkloadTask[] tasks;
    private final LeafCounters counters;

    private HierarchyWorkload(String description, Hierarchy hierarchy, TaskGenerator generator) {
        this.description = description;
        this.hierarchy = hierarchy;
        this.counters = new LeafCounters(hierarchy.leafCount());
        this.tasks = new WorkloadTask[POOL_SIZE];
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < POOL_SIZE; i++) {
            tasks[i] = WorkloadTask.of(generator.next(random));
        }
    }

    /**
     * Figure 3(a): STMBench7's object graph with its default parameters, tasks of
     * {@link StmBench7Tasks} in the mix {@code readDominated}, {@code readWrite} or
     * {@code writeDominated}.
     *
     * @throws IllegalArgumentException for another mix
     */
    public static HierarchyWorkload stmBench7(String mix) {
        StmBench7Tasks.Mix parsed = StmBench7Tasks.Mix.of(mix);
        return cached("stmBench7 " + mix, key -> new HierarchyWorkload("STMBench7 graph, " + mix,
                STMBENCH7.get().hierarchy(), new StmBench7Tasks(STMBENCH7.get(), parsed)));
    }

    /**
     * Figure 3(b): the tree-bank-shaped XML document of {@link TreebankGenerator} at
     * {@code scale}, read with {@link XmlHierarchy}. Each task locks
     * {@value #TREEBANK_NODES_PER_TASK} nodes, drawn with equal probability among all nodes for half
     * the tasks and among the nodes of one of {@value #TREEBANK_LOCAL_RANGES} leaf ranges for the
     * other half ("some tasks exhibit skewed access whereas others are equally distributed"); 30%
     * of tasks write.
     *
     * @throws IllegalArgumentException if {@code scale} is not in {@link TreebankGenerator}'s range
     */
    public static HierarchyWorkload treebank(double scale) {
        return cached("treebank " + scale, key -> {
            Hierarchy document = treebankDocument(scale);
            TaskGenerator uniform = new RangeTasks(new LeafRanges(document, 1), TREEBANK_NODES_PER_TASK,
                    WRITE_FRACTION, RangeTasks.ANY_RANGE);
            TaskGenerator local = new RangeTasks(new LeafRanges(document, TREEBANK_LOCAL_RANGES),
                    TREEBANK_NODES_PER_TASK, WRITE_FRACTION, RangeTasks.ANY_RANGE);
            return new HierarchyWorkload(String.format(Locale.ROOT, "tree-bank-shaped XML, %,d elements",
                    document.size()), document, new TaskMixture(uniform, local, 0.5));
        });
    }

    /**
     * Figures 4(a), 5 and 6(a): the k-ary tree of {@code nodes} nodes ({@link #FANOUT} children per
     * inner node), its leaves cut into {@code skewness} equal ranges; each task picks a range at
     * random and locks {@code nodesPerTask} nodes of it; 30% of tasks write. Skewness 1 draws
     * nodes uniformly from the whole tree.
     *
     * @throws IllegalArgumentException if {@code skewness} exceeds the leaves, or {@code nodesPerTask < 1}
     */
    public static HierarchyWorkload skewed(int nodes, int skewness, int nodesPerTask) {
        return tree(nodes, skewness, nodesPerTask, RangeTasks.ANY_RANGE);
    }

    /**
     * Figures 4(b) and 5, the worst case for Toggle: as {@link #skewed}, but every task locks its
     * nodes in the first of the {@code ranges} ranges; with {@code ranges} workers that range is
     * the first worker's bucket, so every task falls into it.
     *
     * @throws IllegalArgumentException if {@code ranges} exceeds the leaves, or {@code nodesPerTask < 1}
     */
    public static HierarchyWorkload oneRange(int nodes, int ranges, int nodesPerTask) {
        return tree(nodes, ranges, nodesPerTask, 0);
    }

    private static HierarchyWorkload tree(int nodes, int ranges, int nodesPerTask, int range) {
        String where = range == RangeTasks.ANY_RANGE ? "any of" : "range " + range + " of";
        String description = String.format(Locale.ROOT, "%d-ary tree, %,d nodes, %d nodes per task from %s %d",
                FANOUT, nodes, nodesPerTask, where, ranges);
        return cached(description, key -> new HierarchyWorkload(description, karyTree(nodes),
                new RangeTasks(new LeafRanges(karyTree(nodes), ranges), nodesPerTask, WRITE_FRACTION, range)));
    }

    /** The hierarchy the tasks lock. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** The {@code i}-th task of the pool, {@code i} taken modulo {@link #POOL_SIZE}. */
    WorkloadTask task(int i) {
        return tasks[Math.floorMod(i, POOL_SIZE)];
    }

    LeafCounters counters() {
        return counters;
    }

    @Override
    public String toString() {
        return description;
    }

    private static HierarchyWorkload cached(String key, Function<String, HierarchyWorkload> build) {
        return WORKLOADS.computeIfAbsent(key, build);
    }

    private static Hierarchy karyTree(int nodes) {
        return TREES.computeIfAbsent(FANOUT + "/" + nodes, key -> KaryTree.of(FANOUT, nodes));
    }

    private static Hierarchy treebankDocument(double scale) {
        return TREEBANKS.computeIfAbsent(scale, s -> {
            ByteArrayOutputStream document = new ByteArrayOutputStream();
            try {
                TreebankGenerator.write(document, s, SEED);
                return XmlHierarchy.read(new ByteArrayInputStream(document.toByteArray()));
            } catch (IOException e) {
                throw new UncheckedIOException("writing the tree-bank document to memory", e);
            }
        });
    }
}
