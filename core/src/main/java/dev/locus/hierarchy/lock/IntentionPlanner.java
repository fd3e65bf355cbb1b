package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Turns a lock set into the node locks multiple granularity locking takes for it: one
 * {@link IntentionMode} per node, in the order they are acquired — by depth, then by node — so
 * that parents come before children and every request acquires in one global order.
 */
/*
 * Implementation notes
 *
 * Overview. In a tree, a node read is S with IS on its ancestors and a node written is X with IX
 * on its ancestors. A DAG needs Gray's DAG rules, because a node written covers its shared
 * descendants (nodes with several parents), which other parents also reach:
 *   - read n:  S on n, IS on the ancestors along one path (the first-parent chain);
 *   - write n: X on n and on every shared descendant of n, IX on ALL ancestors of each of them.
 * Requests for the same node are joined (IX with S is SIX).
 *
 * Why it is safe in a DAG (proof sketch). Let a writer W name w and another request name r,
 * both reaching a common leaf. (1) w reaches r: take the lowest node x on a path w -> r that is
 * w or shared; between x and r every node has one parent, so r's first-parent chain passes x,
 * where W holds X and the other holds at least IS. (2) r reaches w, r != w: W holds IX on r,
 * where the other holds S or X. (3) Neither: on a path from w to the common leaf take the first
 * node y that r reaches; y's predecessor on the path is not reached from r, so y has two
 * parents, is a shared descendant of w, and W holds X on y and IX on r, an ancestor of y; the
 * other holds S or X on r. Two readers never need to meet. Each case pairs incompatible modes.
 *
 * Concurrency. Immutable after construction; plan() works on its own arrays, so any thread may
 * call it.
 *
 * Cost. Reads walk one chain up (depth of the node). Writes in a DAG walk every shared
 * descendant (pruned by `sharedBelow`, which marks the nodes with a shared node somewhere below)
 * and every ancestor of each: this is what makes intention locks expensive on DAGs ([Kalikar19]
 * §1).
 *
 * References. [Gray75], the DAG protocol of §3.
 */
final class IntentionPlanner {

    private static final IntentionMode[] MODES = IntentionMode.values();
    private static final int MODE_BITS = 3;
    private static final int NODE_BITS = 31;

    private final Hierarchy hierarchy;
    private final int[] firstParent;
    /** Whether a node has a shared node strictly below it; null in a tree. */
    private final boolean[] sharedBelow;

    IntentionPlanner(Hierarchy hierarchy) {
        if (hierarchy.height() >= 1 << (Long.SIZE - 1 - NODE_BITS - MODE_BITS)) {
            throw new IllegalArgumentException(hierarchy + " is too deep for intention locks");
        }
        this.hierarchy = hierarchy;
        this.firstParent = FirstParents.of(hierarchy);
        this.sharedBelow = hierarchy.isTree() ? null : sharedBelow(hierarchy);
    }

    private static boolean[] sharedBelow(Hierarchy hierarchy) {
        int[] byDepth = new int[hierarchy.size()];
        int[] start = new int[hierarchy.height() + 2];
        for (int node = 0; node < byDepth.length; node++) {
            start[hierarchy.depth(node) + 1]++;
        }
        for (int depth = 0; depth <= hierarchy.height(); depth++) {
            start[depth + 1] += start[depth];
        }
        for (int node = 0; node < byDepth.length; node++) {
            byDepth[start[hierarchy.depth(node)]++] = node;
        }
        boolean[] below = new boolean[hierarchy.size()];
        for (int i = byDepth.length - 1; i >= 0; i--) {
            int node = byDepth[i];
            for (int child : hierarchy.children(node)) {
                below[node] |= hierarchy.parentCount(child) > 1 || below[child];
            }
        }
        return below;
    }

    /**
     * The locks for {@code locks}, one entry per node, sorted in acquisition order; read an entry
     * with {@link #node} and {@link #mode}.
     */
    long[] plan(LockSet locks) {
        Entries entries = new Entries();
        Set<Integer> intended = sharedBelow == null ? null : new HashSet<>();
        for (int i = 0; i < locks.size(); i++) {
            int node = locks.node(i);
            if (locks.mode(i) == LockMode.READ) {
                entries.add(node, IntentionMode.S);
                for (int up = firstParent[node]; up >= 0; up = firstParent[up]) {
                    entries.add(up, IntentionMode.IS);
                }
            } else if (sharedBelow == null) {
                entries.add(node, IntentionMode.X);
                for (int up = firstParent[node]; up >= 0; up = firstParent[up]) {
                    entries.add(up, IntentionMode.IX);
                }
            } else {
                writeInDag(node, entries, intended);
            }
        }
        return entries.sortedAndJoined();
    }

    private void writeInDag(int node, Entries entries, Set<Integer> intended) {
        writeWithAllAncestors(node, entries, intended);
        IntStack stack = new IntStack();
        Set<Integer> visited = new HashSet<>();
        stack.push(node);
        while (!stack.isEmpty()) {
            for (int child : hierarchy.children(stack.pop())) {
                boolean shared = hierarchy.parentCount(child) > 1;
                if ((shared || sharedBelow[child]) && visited.add(child)) {
                    if (shared) {
                        writeWithAllAncestors(child, entries, intended);
                    }
                    stack.push(child);
                }
            }
        }
    }

    private void writeWithAllAncestors(int node, Entries entries, Set<Integer> intended) {
        entries.add(node, IntentionMode.X);
        IntStack stack = new IntStack();
        stack.push(node);
        while (!stack.isEmpty()) {
            for (int parent : hierarchy.parents(stack.pop())) {
                if (intended.add(parent)) {
                    entries.add(parent, IntentionMode.IX);
                    stack.push(parent);
                }
            }
        }
    }

    /** The node of a plan entry. */
    static int node(long entry) {
        return (int) (entry >>> MODE_BITS) & Integer.MAX_VALUE;
    }

    /** The mode of a plan entry. */
    static IntentionMode mode(long entry) {
        return MODES[(int) entry & ((1 << MODE_BITS) - 1)];
    }

    /** Entries packed as depth, node, mode from the high bits down, so sorting orders them. */
    private final class Entries {
        private long[] packed = new long[16];
        private int size;

        void add(int node, IntentionMode mode) {
            if (size == packed.length) {
                packed = Arrays.copyOf(packed, size * 2);
            }
            packed[size++] = ((long) hierarchy.depth(node) << (NODE_BITS + MODE_BITS))
                    | ((long) node << MODE_BITS) | mode.ordinal();
        }

        long[] sortedAndJoined() {
            Arrays.sort(packed, 0, size);
            int n = 0;
            for (int i = 0; i < size; i++) {
                long entry = packed[i];
                if (n > 0 && node(packed[n - 1]) == node(entry)) {
                    IntentionMode joined = mode(packed[n - 1]).join(mode(entry));
                    packed[n - 1] = (packed[n - 1] & ~((1L << MODE_BITS) - 1)) | joined.ordinal();
                } else {
                    packed[n++] = entry;
                }
            }
            return Arrays.copyOf(packed, n);
        }
    }

    /** A growable stack of nodes. */
    private static final class IntStack {
        private int[] items = new int[16];
        private int size;

        void push(int node) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = node;
        }

        int pop() {
            return items[--size];
        }

        boolean isEmpty() {
            return size == 0;
        }
    }
}
