package dev.locus.jmh.hashmap;

import dev.locus.elision.LockApi;
import dev.locus.htm.NativeRegion;

/**
 * A {@link NativeRegion}'s own lock word as ALE's lock: the lock mode acquires the same word that
 * the region's hardware transactions read first, so a transaction and a lock holder exclude each
 * other (transactional lock elision, paper 003 §2). Not reentrant.
 */
final class RegionLockApi implements LockApi {

    private final NativeRegion region;

    RegionLockApi(NativeRegion region) {
        this.region = region;
    }

    @Override
    public void lock() {
        region.lock();
    }

    @Override
    public void unlock() {
        region.unlock();
    }

    @Override
    public boolean isLocked() {
        return region.isLocked();
    }

    @Override
    public String toString() {
        return "NativeRegion lock word";
    }
}
