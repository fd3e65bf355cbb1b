package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.SplittableRandom;

/**
 * The tasks of [Kalikar19]'s stress tests (§§4.3–4.5) on a {@link LeafRanges} cut: each task picks
 * one range — at random, or always the same one — and locks {@code nodesPerTask} distinct nodes of
 * it, each drawn with equal probability among the range's nodes; a task is a write with
 * probability {@code writeFraction}, and then locks all its nodes for writing, else all for
 * reading. One range of the whole hierarchy draws nodes uniformly from all of it.
 */
final class RangeTasks implements TaskGenerator {

    /** Draws the range of each task at random. */
    static final int ANY_RANGE = -1;

    private final LeafRanges ranges;
    private final int nodesPerTask;
    private final double writeFraction;
    private final int range;
    private final int[] picked;

    /**
     * @param range the range every task draws from, or {@link #ANY_RANGE}
     * @throws IllegalArgumentException if {@code nodesPerTask < 1}, {@code writeFraction} is not in
     *     {@code [0, 1]}, or {@code range} is not a range of {@code ranges}
     */
    RangeTasks(LeafRanges ranges, int nodesPerTask, double writeFraction, int range) {
        if (nodesPerTask < 1) {
            throw new IllegalArgumentException("nodes per task " + nodesPerTask + " is below 1");
        }
        if (!(writeFraction >= 0 && writeFraction <= 1)) {
            throw new IllegalArgumentException("write fraction " + writeFraction + " is not in [0, 1]");
        }
        if (range != ANY_RANGE && (range < 0 || range >= ranges.ranges())) {
            throw new IllegalArgumentException("no range " + range + " of " + ranges.ranges());
        }
        this.ranges = ranges;
        this.nodesPerTask = nodesPerTask;
        this.writeFraction = writeFraction;
        this.range = range;
        this.picked = new int[nodesPerTask];
    }

    /**
     * {@inheritDoc} A range with fewer nodes than {@code nodesPerTask} gives all of them. Not
     * thread-safe.
     */
    @Override
    public LockSet next(SplittableRandom random) {
        int r = range == ANY_RANGE ? random.nextInt(ranges.ranges()) : range;
        LockMode mode = random.nextDouble() < writeFraction ? LockMode.WRITE : LockMode.READ;
        int available = ranges.nodeCount(r);
        int wanted = Math.min(nodesPerTask, available);
        LockSet.Builder locks = LockSet.on(ranges.hierarchy());
        for (int n = 0; n < wanted; n++) {
            int node;
            do {
                node = ranges.node(r, random.nextInt(available));
            } while (contains(picked, n, node));
            picked[n] = node;
            locks.add(node, mode);
        }
        return locks.build();
    }

    private static boolean contains(int[] nodes, int count, int node) {
        for (int i = 0; i < count; i++) {
            if (nodes[i] == node) {
                return true;
            }
        }
        return false;
    }
}
