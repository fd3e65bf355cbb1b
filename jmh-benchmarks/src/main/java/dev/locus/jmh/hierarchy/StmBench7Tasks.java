package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import dev.locus.jmh.Labels;
import dev.locus.workloads.StmBench7Hierarchy;
import dev.locus.workloads.StmBench7Hierarchy.Kind;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Tasks shaped like STMBench7's operations ([Kalikar19] §4.1), as the nodes they lock: a task is
 * read-only with its {@link Mix}'s probability, else an update that locks the same nodes for
 * writing; what it locks is one of
 * <ul>
 *   <li>an atomic part (40% of tasks), like STMBench7's short operations on one part;</li>
 *   <li>a composite part (30%), covering its atomic parts, like its operations on a part's graph;</li>
 *   <li>the composite parts of one base assembly (20%), three nodes scattered over the leaves, like
 *       its short traversals from a base assembly;</li>
 *   <li>a complex assembly of any level (10%), covering the sub-graph below it, like its
 *       operations and traversals on assemblies.</li>
 * </ul>
 * The weights are this suite's, not STMBench7's: STMBench7 runs Java code in its operations, and
 * only what they lock matters here. Long traversals from the module, which lock everything, and
 * structure modifications, which change the graph, are left out.
 */
final class StmBench7Tasks implements TaskGenerator {

    /** STMBench7's workload types: the share of read-only operations. */
    enum Mix {
        READ_DOMINATED("readDominated", 0.9),
        READ_WRITE("readWrite", 0.6),
        WRITE_DOMINATED("writeDominated", 0.1);

        private final String label;
        private final double readFraction;

        Mix(String label, double readFraction) {
            this.label = label;
            this.readFraction = readFraction;
        }

        /** @throws IllegalArgumentException for an unknown label */
        static Mix of(String label) {
            return Labels.find(values(), Mix::label, label, "STMBench7 mix");
        }

        String label() {
            return label;
        }

        double readFraction() {
            return readFraction;
        }
    }

    /** What a task locks, with its share of tasks in percent. */
    enum Operation {
        ATOMIC_PART(40),
        COMPOSITE_PART(30),
        BASE_ASSEMBLY_PARTS(20),
        COMPLEX_ASSEMBLY(10);

        private final int percent;

        Operation(int percent) {
            this.percent = percent;
        }

        int percent() {
            return percent;
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final StmBench7Hierarchy graph;
    private final Mix mix;

    StmBench7Tasks(StmBench7Hierarchy graph, Mix mix) {
        this.graph = graph;
        this.mix = mix;
    }

    @Override
    public LockSet next(SplittableRandom random) {
        LockMode mode = random.nextDouble() < mix.readFraction() ? LockMode.READ : LockMode.WRITE;
        LockSet.Builder locks = LockSet.on(graph.hierarchy());
        switch (operation(random.nextInt(100))) {
            case ATOMIC_PART -> locks.add(any(Kind.ATOMIC_PART, random), mode);
            case COMPOSITE_PART -> locks.add(any(Kind.COMPOSITE_PART, random), mode);
            case BASE_ASSEMBLY_PARTS -> {
                for (int part : graph.hierarchy().children(any(Kind.BASE_ASSEMBLY, random))) {
                    locks.add(part, mode);
                }
            }
            case COMPLEX_ASSEMBLY -> locks.add(any(Kind.COMPLEX_ASSEMBLY, random), mode);
        }
        return locks.build();
    }

    /** The operation a percentile {@code 0 … 99} falls on, by the cumulative shares. */
    static Operation operation(int percentile) {
        int upTo = 0;
        for (Operation operation : Operation.values()) {
            upTo += operation.percent();
            if (percentile < upTo) {
                return operation;
            }
        }
        throw new IllegalArgumentException("percentile " + percentile + " is not in 0 … 99");
    }

    private int any(Kind kind, SplittableRandom random) {
        return graph.node(kind, random.nextInt(graph.count(kind)));
    }
}
