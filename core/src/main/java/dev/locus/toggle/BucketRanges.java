package dev.locus.toggle;

import dev.locus.executor.routing.RangeTable;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.Arrays;

/**
 * Which bucket each leaf belongs to, and which inner sub-bucket within its bucket ([Kalikar19] §3.2,
 * §3.4). Bucket {@code b} holds the leaves {@code [start(b), start(b+1))}, contiguous and in order;
 * a bucket over no leaves is allowed. Its {@code subBuckets} sub-buckets cut that range into equal
 * parts. Immutable.
 */
final class BucketRanges {

    private final RangeTable table;
    private final int[] starts;
    private final int subBuckets;

    /**
     * @param table routes a leaf number to its bucket; its ranges must ascend from leaf 0
     * @param leafCount the leaves of the hierarchy
     * @param subBuckets inner sub-buckets per bucket
     */
    BucketRanges(RangeTable table, int leafCount, int subBuckets) {
        this.table = table;
        this.subBuckets = subBuckets;
        int buckets = table.workers();
        long[] boundaries = table.boundaries();
        this.starts = new int[buckets + 1];
        for (int b = 1; b < buckets; b++) {
            starts[b] = (int) Math.max(starts[b - 1], Math.min(leafCount, Math.max(0, boundaries[b - 1])));
        }
        starts[buckets] = leafCount;
    }

    /** Equal ranges of leaves, one per bucket: the paper's hashing of leaves to buckets. */
    static BucketRanges equal(Hierarchy hierarchy, int buckets, int subBuckets) {
        return new BucketRanges(RangeTable.equalWidth(buckets, 0, hierarchy.leafCount() - 1L), hierarchy.leafCount(),
                subBuckets);
    }

    int buckets() {
        return starts.length - 1;
    }

    int subBuckets() {
        return subBuckets;
    }

    /** The first leaf of bucket {@code b}; {@code start(buckets())} is the leaf count. */
    int start(int b) {
        return starts[b];
    }

    int bucketOf(int leaf) {
        return table.route(leaf);
    }

    /** The sub-bucket of {@code leaf}, a leaf of bucket {@code b}. */
    int subBucketOf(int b, int leaf) {
        long width = starts[b + 1] - starts[b];
        return (int) ((leaf - starts[b]) * (long) subBuckets / width);
    }

    /**
     * The inner sub-bucket a single-bucket task over leaves {@code [lo, hi]} of bucket {@code b} can
     * move to, or -1 when its leaves span several sub-buckets and it must stay in the outer bucket.
     */
    int innerSubBucket(int b, int lo, int hi) {
        int sub = subBucketOf(b, lo);
        return sub == subBucketOf(b, hi) ? sub : -1;
    }

    /**
     * The buckets that the leaves of {@code locks} fall in, ascending: the union over its nodes of
     * the buckets each node's interval overlaps (the paper's bit mask, as a list). Contains the
     * buckets of {@code locks.lo()} and {@code locks.hi()}.
     */
    int[] spannedBuckets(LockSet locks) {
        long[] mask = new long[(buckets() + 63) >>> 6];
        Hierarchy h = locks.hierarchy();
        for (int i = 0; i < locks.size(); i++) {
            int node = locks.node(i);
            for (int b = bucketOf(h.lo(node)), last = bucketOf(h.hi(node)); b <= last; b++) {
                mask[b >>> 6] |= 1L << b;
            }
        }
        int[] spanned = new int[buckets()];
        int n = 0;
        for (int w = 0; w < mask.length; w++) {
            for (long bits = mask[w]; bits != 0; bits &= bits - 1) {
                spanned[n++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        return Arrays.copyOf(spanned, n);
    }

    /** The first leaf of every bucket, for statistics. */
    int[] starts() {
        return Arrays.copyOf(starts, buckets());
    }
}
