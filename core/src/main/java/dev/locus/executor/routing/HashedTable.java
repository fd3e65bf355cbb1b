package dev.locus.executor.routing;

/**
 * A routing table that sends each key to the worker a hash of the key picks. Any set of keys,
 * dense or sparse, negative or near the ends of {@code long}, falls into about equal shares per
 * worker; neighbouring keys, though, rarely share a worker, so it gives up the range locality of
 * a {@link RangeTable}. {@link AdaptiveRangeRouter} warms up on it when it is given no warm-up
 * range, since before sampling it cannot know where the keys lie.
 */
final class HashedTable implements RoutingTable {

    private final int workers;

    HashedTable(int workers) {
        this.workers = Routers.checkWorkers(workers);
    }

    @Override
    public int workers() {
        return workers;
    }

    /** The top 32 bits of the key's {@linkplain #mix(long) mix} scaled onto the workers: a multiply and a shift. */
    @Override
    public int route(long key) {
        return (int) (((mix(key) >>> 32) * workers) >>> 32);
    }

    /**
     * SplitMix64's finalizer (Stafford's variant 13 of MurmurHash3's fmix64): a bijection on
     * {@code long} in which every bit of the result depends on every bit of the key, so that keys
     * differing only in their low bits, such as consecutive ids, land far apart.
     */
    private static long mix(long key) {
        long z = (key ^ (key >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public boolean keyAffine() {
        return true;
    }

    @Override
    public long[] boundaries() {
        return new long[0];
    }

    @Override
    public String toString() {
        return "HashedTable[workers=" + workers + "]";
    }
}
