package dev.locus.htm;

import dev.locus.elision.LockApi;
import java.util.Objects;

/**
 * A {@link NativeRegion}'s own lock word as the lock of an {@link dev.locus.elision.ElidableLock}:
 * its lock mode acquires the same word that the region's hardware transactions read first, so a
 * {@link RegionHtmPath} and a lock holder exclude each other (transactional lock elision, paper
 * 003 §2). An elidable lock that gives its sections a {@link RegionHtmPath} must be built over
 * this, for the same region. Not reentrant.
 */
public final class RegionLockApi implements LockApi {

    private final NativeRegion region;

    private RegionLockApi(NativeRegion region) {
        this.region = region;
    }

    /** The lock word of {@code region}. */
    public static RegionLockApi of(NativeRegion region) {
        return new RegionLockApi(Objects.requireNonNull(region, "region"));
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
