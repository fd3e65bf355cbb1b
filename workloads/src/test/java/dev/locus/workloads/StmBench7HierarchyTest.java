package dev.locus.workloads;

import static dev.locus.workloads.StmBench7Hierarchy.Kind.ATOMIC_PART;
import static dev.locus.workloads.StmBench7Hierarchy.Kind.BASE_ASSEMBLY;
import static dev.locus.workloads.StmBench7Hierarchy.Kind.COMPLEX_ASSEMBLY;
import static dev.locus.workloads.StmBench7Hierarchy.Kind.COMPOSITE_PART;
import static dev.locus.workloads.StmBench7Hierarchy.Kind.MODULE;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.workloads.StmBench7Hierarchy.Kind;
import java.util.Arrays;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link StmBench7Hierarchy} has STMBench7's counts per kind and level, is a levelled DAG in which
 * composite parts are shared and every one is reachable, and tells each node's kind.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StmBench7HierarchyTest {

    private static final StmBench7Hierarchy DEFAULTS = StmBench7Hierarchy.builder().seed(7).build();

    @Test
    void defaultsHaveStmBench7sCounts() {
        assertEquals(1, DEFAULTS.count(MODULE));
        assertEquals(364, DEFAULTS.count(COMPLEX_ASSEMBLY));
        assertEquals(729, DEFAULTS.count(BASE_ASSEMBLY));
        assertEquals(500, DEFAULTS.count(COMPOSITE_PART));
        assertEquals(100_000, DEFAULTS.count(ATOMIC_PART));
        assertEquals(101_594, DEFAULTS.hierarchy().size());
        assertEquals(100_000, DEFAULTS.hierarchy().leafCount());
        assertEquals(7, DEFAULTS.assemblyLevels());
        int expected = 1;
        for (int level = 7; level >= 2; level--) {
            assertEquals(expected, DEFAULTS.complexAssemblies(level), "level " + level);
            expected *= 3;
        }
    }

    @Test
    void everyKindSitsAtItsDepthAndHasItsChildren() {
        Hierarchy graph = DEFAULTS.hierarchy();
        assertEquals(DEFAULTS.module(), graph.root());
        assertEquals(9, graph.height());
        assertEquals(0, graph.depth(DEFAULTS.module()));
        for (int level = 7; level >= 2; level--) {
            for (int i = 0; i < DEFAULTS.complexAssemblies(level); i++) {
                int assembly = DEFAULTS.complexAssembly(level, i);
                assertEquals(COMPLEX_ASSEMBLY, DEFAULTS.kind(assembly));
                assertEquals(level, DEFAULTS.assemblyLevel(assembly));
                assertEquals(8 - level, graph.depth(assembly));
                assertEquals(3, graph.children(assembly).length);
                for (int child : graph.children(assembly)) {
                    assertEquals(level == 2 ? BASE_ASSEMBLY : COMPLEX_ASSEMBLY, DEFAULTS.kind(child));
                }
            }
        }
        for (int i = 0; i < DEFAULTS.count(BASE_ASSEMBLY); i++) {
            int base = DEFAULTS.node(BASE_ASSEMBLY, i);
            assertEquals(1, DEFAULTS.assemblyLevel(base));
            assertEquals(7, graph.depth(base));
            int[] parts = graph.children(base);
            assertEquals(3, parts.length);
            assertEquals(3, Arrays.stream(parts).distinct().count(), "a base assembly links distinct parts");
            for (int part : parts) {
                assertEquals(COMPOSITE_PART, DEFAULTS.kind(part));
            }
        }
        for (int i = 0; i < DEFAULTS.count(COMPOSITE_PART); i++) {
            int part = DEFAULTS.node(COMPOSITE_PART, i);
            assertEquals(8, graph.depth(part));
            int[] atoms = graph.children(part);
            assertEquals(200, atoms.length);
            assertEquals(200, graph.hi(part) - graph.lo(part) + 1, "a composite part's interval is its atomic parts");
            for (int atom : atoms) {
                assertEquals(ATOMIC_PART, DEFAULTS.kind(atom));
                assertEquals(9, graph.depth(atom));
                assertTrue(graph.isLeaf(atom));
            }
        }
    }

    @Test
    void compositePartsAreSharedSoTheGraphIsADag() {
        Hierarchy graph = DEFAULTS.hierarchy();
        assertFalse(graph.isTree());
        int links = 0;
        int shared = 0;
        for (int i = 0; i < DEFAULTS.count(COMPOSITE_PART); i++) {
            int part = DEFAULTS.node(COMPOSITE_PART, i);
            int parents = graph.parentCount(part);
            assertTrue(parents >= 1, "composite part " + part + " is linked");
            for (int parent : graph.parents(part)) {
                assertEquals(BASE_ASSEMBLY, DEFAULTS.kind(parent));
            }
            links += parents;
            shared += parents > 1 ? 1 : 0;
        }
        assertEquals(729 * 3, links);
        assertTrue(shared > 400, shared + " of 500 composite parts have more than one base assembly");
    }

    @Test
    void baseAssemblyIntervalHoldsEveryAtomicPartItReaches() {
        Hierarchy graph = DEFAULTS.hierarchy();
        for (int i = 0; i < DEFAULTS.count(BASE_ASSEMBLY); i += 7) {
            int base = DEFAULTS.node(BASE_ASSEMBLY, i);
            int[] reached = {0};
            graph.forEachReachableLeaf(base, leaf -> {
                assertTrue(graph.lo(base) <= leaf && leaf <= graph.hi(base));
                reached[0]++;
            });
            assertEquals(3 * 200, reached[0]);
        }
    }

    @Test
    void kindRangesTileTheIds() {
        int next = 0;
        for (Kind kind : Kind.values()) {
            assertEquals(next, DEFAULTS.node(kind, 0), kind + " starts where the previous kind ends");
            int last = DEFAULTS.node(kind, DEFAULTS.count(kind) - 1);
            assertEquals(kind, DEFAULTS.kind(last));
            next = last + 1;
        }
        assertEquals(DEFAULTS.hierarchy().size(), next);
    }

    @Test
    void sameSeedLinksTheSamePartsAndAnotherSeedOthers() {
        StmBench7Hierarchy again = StmBench7Hierarchy.builder().seed(7).build();
        StmBench7Hierarchy other = StmBench7Hierarchy.builder().seed(8).build();
        boolean differs = false;
        for (int i = 0; i < DEFAULTS.count(BASE_ASSEMBLY); i++) {
            int base = DEFAULTS.node(BASE_ASSEMBLY, i);
            assertArrayEquals(DEFAULTS.hierarchy().children(base), again.hierarchy().children(base));
            differs |= !Arrays.equals(DEFAULTS.hierarchy().children(base), other.hierarchy().children(base));
        }
        assertTrue(differs);
    }

    @Test
    void scaledDownGraphForTests() {
        StmBench7Hierarchy small = StmBench7Hierarchy.builder().assemblyLevels(3).assembliesPerAssembly(2)
                .compositePartsPerAssembly(2).compositeParts(8).atomicPartsPerCompositePart(4).seed(1).build();
        assertEquals(3, small.count(COMPLEX_ASSEMBLY));
        assertEquals(4, small.count(BASE_ASSEMBLY));
        assertEquals(8, small.count(COMPOSITE_PART));
        assertEquals(32, small.count(ATOMIC_PART));
        assertEquals(1 + 3 + 4 + 8 + 32, small.hierarchy().size());
        assertEquals(5, small.hierarchy().height());
        for (int i = 0; i < 8; i++) {
            assertEquals(1, small.hierarchy().parentCount(small.node(COMPOSITE_PART, i)),
                    "8 links over 8 parts: each part exactly once");
        }
        assertEquals("StmBench7Hierarchy[1 MODULE, 3 COMPLEX_ASSEMBLY, 4 BASE_ASSEMBLY, 8 COMPOSITE_PART, "
                + "32 ATOMIC_PART; Hierarchy[48 nodes, 32 leaves, height 5, tree]]", small.toString());
    }

    @Test
    void everyCompositePartIsLinkedEvenWhenLinksBarelySuffice() {
        for (long seed = 0; seed < 20; seed++) {
            StmBench7Hierarchy tight = StmBench7Hierarchy.builder().assemblyLevels(4).assembliesPerAssembly(3)
                    .compositePartsPerAssembly(3).compositeParts(80).atomicPartsPerCompositePart(1).seed(seed).build();
            for (int i = 0; i < 80; i++) {
                assertTrue(tight.hierarchy().parentCount(tight.node(COMPOSITE_PART, i)) >= 1);
            }
        }
    }

    @Test
    void badParametersAreRejected() {
        Supplier<StmBench7Hierarchy.Builder> builder = StmBench7Hierarchy::builder;
        assertThrows(IllegalArgumentException.class, () -> builder.get().assemblyLevels(1));
        assertThrows(IllegalArgumentException.class, () -> builder.get().assembliesPerAssembly(0));
        assertThrows(IllegalArgumentException.class, () -> builder.get().compositePartsPerAssembly(0));
        assertThrows(IllegalArgumentException.class, () -> builder.get().compositeParts(0));
        assertThrows(IllegalArgumentException.class, () -> builder.get().atomicPartsPerCompositePart(0));
        assertThrows(IllegalArgumentException.class,
                () -> builder.get().compositeParts(2).compositePartsPerAssembly(3).build(), "more links than parts");
        assertThrows(IllegalArgumentException.class,
                () -> builder.get().assemblyLevels(2).compositeParts(10).build(), "3 bases x 3 links < 10 parts");
        assertThrows(IllegalArgumentException.class, () -> builder.get().assemblyLevels(40).build(), "3^39 bases");
        assertThrows(IllegalArgumentException.class, () -> builder.get().atomicPartsPerCompositePart(5_000_000).build());
    }

    @Test
    void lookupsOutsideTheGraphAreRejected() {
        assertThrows(IndexOutOfBoundsException.class, () -> DEFAULTS.node(BASE_ASSEMBLY, 729));
        assertThrows(IndexOutOfBoundsException.class, () -> DEFAULTS.node(MODULE, -1));
        assertThrows(IndexOutOfBoundsException.class, () -> DEFAULTS.complexAssembly(2, 243));
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.complexAssemblies(1));
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.complexAssembly(8, 0));
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.kind(101_594));
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.assemblyLevel(DEFAULTS.module()));
        assertThrows(IllegalArgumentException.class, () -> DEFAULTS.assemblyLevel(DEFAULTS.node(ATOMIC_PART, 0)));
    }
}
