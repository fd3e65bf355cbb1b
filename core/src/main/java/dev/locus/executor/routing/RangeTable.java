package dev.locus.executor.routing;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * A routing table of contiguous key ranges, one per worker, found by binary search over the
 * {@code workers - 1} boundaries ([Bai06] §4.2). Keys below the first boundary go to worker 0,
 * keys at or above the last to the last worker, so every {@code long} has a worker.
 */
public final class RangeTable implements RoutingTable {

    private final long[] boundaries;

    private RangeTable(long[] boundaries) {
        this.boundaries = boundaries;
    }

    /**
     * A table with the given ascending boundaries; {@code boundaries.length + 1} workers.
     *
     * @throws IllegalArgumentException if the boundaries descend anywhere
     */
    public static RangeTable of(long... boundaries) {
        long[] copy = boundaries.clone();
        for (int i = 1; i < copy.length; i++) {
            if (copy[i] < copy[i - 1]) {
                throw new IllegalArgumentException("boundaries must ascend: " + Arrays.toString(copy));
            }
        }
        return new RangeTable(copy);
    }

    /**
     * The fixed partition of [Bai06]: {@code [minKey, maxKey]} cut into {@code workers} ranges of
     * equal width (the first ranges one key wider when the width does not divide evenly).
     *
     * @throws IllegalArgumentException if {@code workers < 1} or {@code minKey > maxKey}
     */
    public static RangeTable equalWidth(int workers, long minKey, long maxKey) {
        Routers.checkWorkers(workers);
        if (minKey > maxKey) {
            throw new IllegalArgumentException("minKey (" + minKey + ") must be <= maxKey (" + maxKey + ")");
        }
        BigInteger min = BigInteger.valueOf(minKey);
        BigInteger span = BigInteger.valueOf(maxKey).subtract(min).add(BigInteger.ONE);
        BigInteger w = BigInteger.valueOf(workers);
        long[] cuts = new long[workers - 1];
        for (int i = 1; i < workers; i++) {
            // ceil(i * span / w) keeps the first ranges the wider ones
            BigInteger[] qr = span.multiply(BigInteger.valueOf(i)).divideAndRemainder(w);
            BigInteger offset = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
            cuts[i - 1] = min.add(offset).longValueExact();
        }
        return new RangeTable(cuts);
    }

    @Override
    public int workers() {
        return boundaries.length + 1;
    }

    @Override
    public int route(long key) {
        int lo = 0;
        int hi = boundaries.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (boundaries[mid] <= key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public boolean keyAffine() {
        return true;
    }

    @Override
    public long[] boundaries() {
        return boundaries.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RangeTable other && Arrays.equals(boundaries, other.boundaries);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(boundaries);
    }

    @Override
    public String toString() {
        return "RangeTable" + Arrays.toString(boundaries);
    }
}
