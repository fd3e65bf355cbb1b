package dev.locus.jmh.hierarchy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import dev.locus.workloads.KaryTree;
import dev.locus.workloads.StmBench7Hierarchy;
import dev.locus.workloads.StmBench7Hierarchy.Kind;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The workloads of [Kalikar19] §4 draw the tasks the figures describe: skewness confines a task to
 * one range, one-range tasks all fall in the first, tasks lock as many nodes as asked, and the
 * read:write and STMBench7 mixes hold their shares.
 */
class WorkloadGeneratorTest {

    private static final Hierarchy TREE = KaryTree.of(4, 20_000);
    private static final StmBench7Hierarchy STMBENCH7 = StmBench7Hierarchy.builder().atomicPartsPerCompositePart(20)
            .build();
    private static final int TASKS = 20_000;
    /** Four standard deviations of a share near 0.5 over {@link #TASKS} draws is about 0.014. */
    private static final double TOLERANCE = 0.015;

    @ParameterizedTest(name = "{0} ranges")
    @ValueSource(ints = {1, 2, 7, 64})
    void rangesHoldExactlyTheNodesWhoseIntervalTheyContain(int ranges) {
        LeafRanges cut = new LeafRanges(TREE, ranges);
        int[] rangeOf = new int[TREE.size()];
        Arrays.fill(rangeOf, -1);
        for (int r = 0; r < ranges; r++) {
            assertTrue(cut.nodeCount(r) > 0, "range " + r + " is empty");
            for (int i = 0; i < cut.nodeCount(r); i++) {
                int node = cut.node(r, i);
                assertEquals(-1, rangeOf[node], "node " + node + " in two ranges");
                rangeOf[node] = r;
            }
        }
        for (int node = 0; node < TREE.size(); node++) {
            boolean inOne = cut.rangeOfLeaf(TREE.lo(node)) == cut.rangeOfLeaf(TREE.hi(node));
            assertEquals(inOne ? cut.rangeOfLeaf(TREE.lo(node)) : -1, rangeOf[node], "node " + node);
        }
        assertEquals(ranges == 1 ? 0 : -1, rangeOf[TREE.root()], "the root spans every range");
    }

    @Test
    void moreRangesThanLeavesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LeafRanges(KaryTree.of(4, 5), 5));
        assertThrows(IllegalArgumentException.class, () -> new LeafRanges(TREE, 0));
    }

    @ParameterizedTest(name = "skewness {0}")
    @ValueSource(ints = {2, 4, 16})
    void skewnessConfinesEveryTaskToOneRangeAndUsesThemAll(int skewness) {
        LeafRanges cut = new LeafRanges(TREE, skewness);
        RangeTasks tasks = new RangeTasks(cut, 4, 0.3, RangeTasks.ANY_RANGE);
        SplittableRandom random = new SplittableRandom(1);
        int[] perRange = new int[skewness];
        for (int t = 0; t < TASKS; t++) {
            LockSet locks = tasks.next(random);
            int range = cut.rangeOfLeaf(locks.lo());
            assertEquals(range, cut.rangeOfLeaf(locks.hi()), locks + " crosses ranges");
            perRange[range]++;
        }
        for (int r = 0; r < skewness; r++) {
            assertEquals(1.0 / skewness, perRange[r] / (double) TASKS, TOLERANCE, "share of range " + r);
        }
    }

    @Test
    void skewnessOneDrawsFromTheWholeTreeRootIncluded() {
        RangeTasks tasks = new RangeTasks(new LeafRanges(TREE, 1), 1, 0.3, RangeTasks.ANY_RANGE);
        SplittableRandom random = new SplittableRandom(2);
        long leaves = IntStream.range(0, TASKS).map(t -> tasks.next(random).node(0)).filter(TREE::isLeaf).count();
        double leafShare = TREE.leafCount() / (double) TREE.size();
        assertEquals(leafShare, leaves / (double) TASKS, TOLERANCE, "nodes drawn with equal probability");
    }

    @ParameterizedTest(name = "{0} nodes per task")
    @ValueSource(ints = {1, 2, 8, 32})
    void oneRangeTasksLockDistinctNodesInTheFirstRange(int nodesPerTask) {
        LeafRanges cut = new LeafRanges(TREE, 16);
        RangeTasks tasks = new RangeTasks(cut, nodesPerTask, 0.3, 0);
        SplittableRandom random = new SplittableRandom(3);
        for (int t = 0; t < 2_000; t++) {
            LockSet locks = tasks.next(random);
            assertEquals(nodesPerTask, locks.size(), locks + ": distinct nodes");
            assertEquals(0, cut.rangeOfLeaf(locks.hi()), locks + " leaves the first range");
        }
    }

    @Test
    void aRangeWithFewerNodesThanAskedGivesThemAll() {
        Hierarchy small = KaryTree.of(2, 7); // 4 leaves; 4 ranges of one leaf node each
        RangeTasks tasks = new RangeTasks(new LeafRanges(small, 4), 3, 0, 2);
        LockSet locks = tasks.next(new SplittableRandom(4));
        assertEquals(1, locks.size());
        assertEquals(small.leafNode(2), locks.node(0));
    }

    @Test
    void thirtyPercentOfTasksWriteAllTheirNodesTheOthersReadAll() {
        RangeTasks tasks = new RangeTasks(new LeafRanges(TREE, 1), 3, 0.3, RangeTasks.ANY_RANGE);
        SplittableRandom random = new SplittableRandom(5);
        int writes = 0;
        for (int t = 0; t < TASKS; t++) {
            LockSet locks = tasks.next(random);
            LockMode mode = locks.mode(0);
            for (int i = 1; i < locks.size(); i++) {
                assertEquals(mode, locks.mode(i), locks + " mixes modes");
            }
            writes += mode == LockMode.WRITE ? 1 : 0;
        }
        assertEquals(0.3, writes / (double) TASKS, TOLERANCE, "read:write 7:3");
    }

    @Test
    void badArgumentsAreRefused() {
        LeafRanges cut = new LeafRanges(TREE, 4);
        assertThrows(IllegalArgumentException.class, () -> new RangeTasks(cut, 0, 0.3, 0));
        assertThrows(IllegalArgumentException.class, () -> new RangeTasks(cut, 1, 1.5, 0));
        assertThrows(IllegalArgumentException.class, () -> new RangeTasks(cut, 1, 0.3, 4));
        assertThrows(IllegalArgumentException.class, () -> StmBench7Tasks.Mix.of("readMostly"));
    }

    @ParameterizedTest
    @EnumSource(StmBench7Tasks.Mix.class)
    void stmBench7MixesHaveTheirReadShareAndOperationShares(StmBench7Tasks.Mix mix) {
        StmBench7Tasks tasks = new StmBench7Tasks(STMBENCH7, mix);
        SplittableRandom random = new SplittableRandom(6);
        int reads = 0;
        Map<StmBench7Tasks.Operation, Integer> operations = new EnumMap<>(StmBench7Tasks.Operation.class);
        for (int t = 0; t < TASKS; t++) {
            LockSet locks = tasks.next(random);
            reads += locks.hasWrite() ? 0 : 1;
            operations.merge(operation(locks), 1, Integer::sum);
        }
        assertEquals(mix.readFraction(), reads / (double) TASKS, TOLERANCE, mix + " read-only share");
        for (StmBench7Tasks.Operation operation : StmBench7Tasks.Operation.values()) {
            assertEquals(operation.percent() / 100.0, operations.getOrDefault(operation, 0) / (double) TASKS,
                    TOLERANCE, operation + " share");
        }
    }

    @Test
    void operationsCoverEveryPercentile() {
        assertEquals(StmBench7Tasks.Operation.ATOMIC_PART, StmBench7Tasks.operation(0));
        assertEquals(StmBench7Tasks.Operation.COMPLEX_ASSEMBLY, StmBench7Tasks.operation(99));
        assertThrows(IllegalArgumentException.class, () -> StmBench7Tasks.operation(100));
    }

    /** Which operation drew {@code locks}, from the kinds of its nodes; asserts it is one of them. */
    private static StmBench7Tasks.Operation operation(LockSet locks) {
        Kind kind = STMBENCH7.kind(locks.node(0));
        for (int i = 1; i < locks.size(); i++) {
            assertEquals(kind, STMBENCH7.kind(locks.node(i)), locks + " mixes kinds");
        }
        return switch (kind) {
            case ATOMIC_PART -> StmBench7Tasks.Operation.ATOMIC_PART;
            case COMPOSITE_PART -> {
                if (locks.size() == 1) {
                    yield StmBench7Tasks.Operation.COMPOSITE_PART;
                }
                assertEquals(3, locks.size(), locks + ": a base assembly's three composite parts");
                Hierarchy graph = STMBENCH7.hierarchy();
                assertTrue(IntStream.of(graph.parents(locks.node(0))).anyMatch(base -> IntStream.range(0, 3)
                        .allMatch(i -> IntStream.of(graph.children(base)).anyMatch(c -> c == locks.node(i)))),
                        locks + " are not the parts of one base assembly");
                yield StmBench7Tasks.Operation.BASE_ASSEMBLY_PARTS;
            }
            case COMPLEX_ASSEMBLY -> StmBench7Tasks.Operation.COMPLEX_ASSEMBLY;
            default -> throw new AssertionError(locks + " locks a " + kind);
        };
    }
}
