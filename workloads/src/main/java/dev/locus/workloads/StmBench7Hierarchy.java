package dev.locus.workloads;

import dev.locus.hierarchy.Hierarchy;
import java.util.Objects;
import java.util.Random;

/**
 * The object graph of STMBench7 (Guerraoui, Kapalka and Vitek, EuroSys 2007), which [Kalikar19] §4.1
 * runs its experiments on, as a {@link Hierarchy}: a module over a tree of assemblies, whose base
 * assemblies share composite parts, which hold atomic parts. Sharing makes it a DAG.
 *
 * <pre>
 * module                                     depth 0
 *   complex assembly, level L (= levels)     depth 1      1 node
 *     complex assemblies, level L-1          depth 2      f nodes
 *       …                                                 f^(L-2) at level 2
 *         base assemblies, level 1           depth L      f^(L-1)
 *           composite parts                  depth L+1    c per base assembly, shared
 *             atomic parts (the leaves)      depth L+2    a per composite part
 * </pre>
 *
 * With STMBench7's default ("medium") parameters — {@code NumAssmLevels} L = 7,
 * {@code NumAssmPerAssm} f = 3, {@code NumCompPerAssm} c = 3, {@code NumCompPerModule} 500 and
 * {@code NumAtomicPerComp} a = 200 — that is 1 module, 364 complex assemblies (1, 3, 9, 27, 81,
 * 243 at levels 7 to 2), 729 base assemblies, 500 composite parts and 100,000 atomic parts:
 * 101,594 nodes, height 9. Each base assembly links 3 of the 500 composite parts, 2,187 links in
 * all, so a composite part has about 4.4 parent base assemblies.
 *
 * <p>Nodes are numbered kind by kind in the order above, so each {@link Kind} is a contiguous
 * range of ids that {@link #node(Kind, int)} indexes: complex assemblies breadth-first from the
 * root, base assemblies in the order of their parents, and the atomic parts of composite part
 * {@code p} consecutively.
 *
 * <p>Differences from STMBench7: the connections between atomic parts, and documents and manuals,
 * are left out (they are not part of the containment hierarchy a lock covers); a base assembly
 * links distinct composite parts (STMBench7 draws with repetition into a bag); and every composite
 * part is linked by some base assembly (STMBench7 may leave a few unlinked, reachable only through
 * its index, while a hierarchy has no unreachable nodes).
 */
/*
 * Implementation notes
 *
 * Overview. Ids are fixed by the parameters; only the base-assembly → composite-part links are
 * random. The assemblies, complex and base, form a complete f-ary tree under id 1 numbered
 * breadth-first, so assembly n > 1 has parent 1 + (n-2)/f, as in KaryTree. Each base assembly
 * draws its c distinct composite parts uniformly (rejection within its own c slots). Then every
 * composite part no base assembly drew takes over a random slot whose part is linked more than
 * once; while some part is unlinked and there are at least as many slots as parts, such a slot
 * exists, so this ends, and it keeps the links uniform apart from those few moves (about 6 of 500
 * parts are unlinked after the draw at the defaults).
 *
 * References. [Kalikar19] §4.1; STMBench7 (EuroSys 2007): its data structure, and its Parameters
 * class for the defaults.
 */
public final class StmBench7Hierarchy {

    /** The kinds of STMBench7 objects, from the root down. */
    public enum Kind {
        /** The module: the root, one node. */
        MODULE,
        /** Assemblies of levels 2 to {@code assemblyLevels}, whose children are assemblies. */
        COMPLEX_ASSEMBLY,
        /** Assemblies of level 1, whose children are composite parts. */
        BASE_ASSEMBLY,
        /** Shared between base assemblies; their children are atomic parts. */
        COMPOSITE_PART,
        /** The leaves. */
        ATOMIC_PART
    }

    private static final Kind[] KINDS = Kind.values();

    private final Hierarchy hierarchy;
    private final int levels;
    private final int fanout;
    /** {@code first[k]}: the first id of kind {@code k}; {@code first[KINDS.length]} is the node count. */
    private final int[] first;

    private StmBench7Hierarchy(Hierarchy hierarchy, int levels, int fanout, int[] first) {
        this.hierarchy = hierarchy;
        this.levels = levels;
        this.fanout = fanout;
        this.first = first;
    }

    /** A builder with STMBench7's default parameters and seed 0. */
    public static Builder builder() {
        return new Builder();
    }

    /** The hierarchy: a DAG over all the nodes. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** The module, the root of the hierarchy. */
    public int module() {
        return first[Kind.MODULE.ordinal()];
    }

    /** How many nodes are of {@code kind}. */
    public int count(Kind kind) {
        return first[kind.ordinal() + 1] - first[kind.ordinal()];
    }

    /**
     * The {@code index}-th node of {@code kind}, counting from 0.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not below {@link #count(Kind)}
     */
    public int node(Kind kind, int index) {
        return first[kind.ordinal()] + Objects.checkIndex(index, count(kind));
    }

    /**
     * The kind of {@code node}.
     *
     * @throws IllegalArgumentException if {@code node} is not in the hierarchy
     */
    public Kind kind(int node) {
        if (!hierarchy.contains(node)) {
            throw new IllegalArgumentException("unknown node " + node + " in " + this);
        }
        int kind = KINDS.length - 1;
        while (node < first[kind]) {
            kind--;
        }
        return KINDS[kind];
    }

    /** {@code NumAssmLevels}: the level of the root complex assembly; base assemblies are level 1. */
    public int assemblyLevels() {
        return levels;
    }

    /**
     * How many complex assemblies are at {@code level}: {@code NumAssmPerAssm^(assemblyLevels - level)}.
     *
     * @throws IllegalArgumentException if {@code level} is not in {@code 2 … assemblyLevels()}
     */
    public int complexAssemblies(int level) {
        checkComplexLevel(level);
        return power(fanout, levels - level);
    }

    /**
     * The {@code index}-th complex assembly at {@code level}, counting from 0, left to right.
     *
     * @throws IllegalArgumentException if {@code level} is not in {@code 2 … assemblyLevels()}
     * @throws IndexOutOfBoundsException if {@code index} is not below {@link #complexAssemblies(int)}
     */
    public int complexAssembly(int level, int index) {
        int above = 0;
        for (int l = levels; l > level; l--) {
            above += complexAssemblies(l);
        }
        return first[Kind.COMPLEX_ASSEMBLY.ordinal()] + above + Objects.checkIndex(index, complexAssemblies(level));
    }

    /**
     * The STMBench7 level of an assembly: 1 for a base assembly, {@link #assemblyLevels()} for the
     * root complex assembly.
     *
     * @throws IllegalArgumentException if {@code node} is not an assembly
     */
    public int assemblyLevel(int node) {
        Kind kind = kind(node);
        if (kind != Kind.COMPLEX_ASSEMBLY && kind != Kind.BASE_ASSEMBLY) {
            throw new IllegalArgumentException("node " + node + " is a " + kind + ", not an assembly");
        }
        return levels + 1 - hierarchy.depth(node);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("StmBench7Hierarchy[");
        for (Kind kind : KINDS) {
            text.append(kind == Kind.MODULE ? "" : ", ").append(count(kind)).append(' ').append(kind);
        }
        return text.append("; ").append(hierarchy).append(']').toString();
    }

    private void checkComplexLevel(int level) {
        if (level < 2 || level > levels) {
            throw new IllegalArgumentException("complex assemblies are at levels 2 to " + levels + ", not " + level);
        }
    }

    /** {@code base^exponent}, or -1 past {@link Integer#MAX_VALUE}. */
    private static int power(int base, int exponent) {
        long result = 1;
        for (int i = 0; i < exponent && result >= 0; i++) {
            result = result * base > Integer.MAX_VALUE ? -1 : result * base;
        }
        return (int) result;
    }

    /**
     * The parameters, named after STMBench7's. Every setter checks its own range; {@link #build()}
     * checks how they combine.
     */
    public static final class Builder {

        private int assemblyLevels = 7;
        private int assembliesPerAssembly = 3;
        private int compositePartsPerAssembly = 3;
        private int compositeParts = 500;
        private int atomicPartsPerCompositePart = 200;
        private long seed;

        private Builder() {
        }

        /** {@code NumAssmLevels}, default 7: the level of the root complex assembly; at least 2. */
        public Builder assemblyLevels(int levels) {
            this.assemblyLevels = atLeast(2, levels, "assemblyLevels");
            return this;
        }

        /** {@code NumAssmPerAssm}, default 3: the children of each complex assembly; at least 1. */
        public Builder assembliesPerAssembly(int fanout) {
            this.assembliesPerAssembly = atLeast(1, fanout, "assembliesPerAssembly");
            return this;
        }

        /** {@code NumCompPerAssm}, default 3: the distinct composite parts each base assembly links; at least 1. */
        public Builder compositePartsPerAssembly(int parts) {
            this.compositePartsPerAssembly = atLeast(1, parts, "compositePartsPerAssembly");
            return this;
        }

        /** {@code NumCompPerModule}, default 500: the composite parts shared by all base assemblies; at least 1. */
        public Builder compositeParts(int parts) {
            this.compositeParts = atLeast(1, parts, "compositeParts");
            return this;
        }

        /** {@code NumAtomicPerComp}, default 200: the atomic parts of each composite part; at least 1. */
        public Builder atomicPartsPerCompositePart(int parts) {
            this.atomicPartsPerCompositePart = atLeast(1, parts, "atomicPartsPerCompositePart");
            return this;
        }

        /** The seed of the links from base assemblies to composite parts, default 0. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Builds the graph; the same parameters and seed give the same graph.
         *
         * @throws IllegalArgumentException if a base assembly would link more composite parts than
         *     there are, if the base assemblies have fewer links in all than there are composite
         *     parts (some would be unreachable), or if the graph would exceed
         *     {@link Integer#MAX_VALUE} nodes or links
         */
        public StmBench7Hierarchy build() {
            int bases = power(assembliesPerAssembly, assemblyLevels - 1);
            long complex = 0;
            for (int level = 2; level <= assemblyLevels && bases >= 0; level++) {
                complex += power(assembliesPerAssembly, assemblyLevels - level);
            }
            long linkCount = (long) bases * compositePartsPerAssembly;
            long nodes = 1 + complex + bases + compositeParts + (long) compositeParts * atomicPartsPerCompositePart;
            if (bases < 0 || nodes > Integer.MAX_VALUE || linkCount > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("more than " + Integer.MAX_VALUE + " nodes: " + this);
            }
            if (compositePartsPerAssembly > compositeParts) {
                throw new IllegalArgumentException("each base assembly links " + compositePartsPerAssembly
                        + " distinct composite parts, but there are only " + compositeParts);
            }
            if (linkCount < compositeParts) {
                throw new IllegalArgumentException(bases + " base assemblies with " + compositePartsPerAssembly
                        + " links each cannot reach all " + compositeParts + " composite parts");
            }
            int[] first = new int[KINDS.length + 1];
            first[Kind.MODULE.ordinal() + 1] = 1;
            first[Kind.COMPLEX_ASSEMBLY.ordinal() + 1] = 1 + (int) complex;
            first[Kind.BASE_ASSEMBLY.ordinal() + 1] = first[Kind.BASE_ASSEMBLY.ordinal()] + bases;
            first[Kind.COMPOSITE_PART.ordinal() + 1] = first[Kind.COMPOSITE_PART.ordinal()] + compositeParts;
            first[Kind.ATOMIC_PART.ordinal() + 1] = (int) nodes;

            Hierarchy.Builder graph = Hierarchy.builder();
            graph.nodes((int) nodes);
            graph.edge(0, 1);
            int assemblies = first[Kind.COMPOSITE_PART.ordinal()];
            for (int child = 2; child < assemblies; child++) {
                graph.edge(1 + (child - 2) / assembliesPerAssembly, child);
            }
            int[] links = links(bases);
            int firstBase = first[Kind.BASE_ASSEMBLY.ordinal()];
            int firstComposite = first[Kind.COMPOSITE_PART.ordinal()];
            for (int slot = 0; slot < links.length; slot++) {
                graph.edge(firstBase + slot / compositePartsPerAssembly, firstComposite + links[slot]);
            }
            int firstAtomic = first[Kind.ATOMIC_PART.ordinal()];
            for (int atomic = 0; atomic < compositeParts * atomicPartsPerCompositePart; atomic++) {
                graph.edge(firstComposite + atomic / atomicPartsPerCompositePart, firstAtomic + atomic);
            }
            return new StmBench7Hierarchy(graph.build(), assemblyLevels, assembliesPerAssembly, first);
        }

        /**
         * The composite part (0-based) in each link slot; base assembly {@code b} owns slots
         * {@code b·c … b·c+c-1}. See the implementation notes.
         */
        private int[] links(int bases) {
            Random random = new Random(seed);
            int perBase = compositePartsPerAssembly;
            int[] links = new int[bases * perBase];
            int[] linked = new int[compositeParts];
            for (int base = 0; base < bases; base++) {
                for (int slot = base * perBase; slot < (base + 1) * perBase; slot++) {
                    links[slot] = distinctPart(random, links, base * perBase, slot);
                    linked[links[slot]]++;
                }
            }
            for (int part = 0; part < compositeParts; part++) {
                while (linked[part] == 0) {
                    int slot = random.nextInt(links.length);
                    if (linked[links[slot]] > 1) {
                        linked[links[slot]]--;
                        links[slot] = part;
                        linked[part]++;
                    }
                }
            }
            return links;
        }

        /** A random composite part not already in {@code links[from … to-1]}. */
        private int distinctPart(Random random, int[] links, int from, int to) {
            while (true) {
                int part = random.nextInt(compositeParts);
                boolean taken = false;
                for (int slot = from; slot < to && !taken; slot++) {
                    taken = links[slot] == part;
                }
                if (!taken) {
                    return part;
                }
            }
        }

        private static int atLeast(int minimum, int value, String name) {
            if (value < minimum) {
                throw new IllegalArgumentException(name + " " + value + " is below " + minimum);
            }
            return value;
        }

        @Override
        public String toString() {
            return "assemblyLevels " + assemblyLevels + ", assembliesPerAssembly " + assembliesPerAssembly
                    + ", compositePartsPerAssembly " + compositePartsPerAssembly + ", compositeParts " + compositeParts
                    + ", atomicPartsPerCompositePart " + atomicPartsPerCompositePart;
        }
    }
}
