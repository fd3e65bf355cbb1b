package dev.locus.jmh.hashmap;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.htm.NativeRegion;
import dev.locus.htm.RegionHtmPath;
import dev.locus.htm.RegionLockApi;

/**
 * [Dice14] §3's HashMap in one off-heap {@link NativeRegion} (layout: {@link SlotLayout}, a
 * fixed number of slots per bucket), so that get can run as hardware transactions where the CPU
 * has RTM: its HTM path is a {@link RegionHtmPath} running {@link RegionGet}, and its lock mode
 * takes the region's own lock word ({@link RegionLockApi}), the word those transactions read.
 * Where RTM is absent the HTM path is unavailable and every operation runs under the lock word. {@linkplain #close() Close} it to
 * free the region.
 */
/*
 * Implementation notes
 *
 * Overview. Fixed slots instead of chains: a transaction cannot follow Java references or run a
 * Java loop, so a bucket must be readable in one native copy. A bucket has a header of tags and
 * its slots (see SlotLayout); insert fails with IllegalStateException when its bucket is full.
 *
 * Concurrency. Every access outside a transaction holds the lock word (NativeRegion's …Locked
 * operations check it). Writers need no conflicting-action brackets: get has no SWOPT path here,
 * and transactions are excluded by the lock word itself. A new key's value and slot tag are written
 * before its header tag, a removed key's header tag cleared before its slot's, though under the
 * lock the order matters to no reader.
 *
 * References. [Dice14] §2 (TLE over the lock word), §3 (the HashMap), §5.1 (Get in HTM).
 */
public final class OffHeapHashMap extends ElidedHashMap implements AutoCloseable {

    private final NativeRegion region;
    private final SlotLayout layout;

    private OffHeapHashMap(NativeRegion region, SlotLayout layout, ElisionPolicy policy) {
        super(ElidableLock.builder("offHeapHashMap", RegionLockApi.of(region)).policy(policy).build(),
                layout.valueSize());
        this.region = region;
        this.layout = layout;
        buildSections();
    }

    /**
     * A map of {@code valueSize}-byte values, at most {@code slotsPerBucket} keys per bucket,
     * whose sections follow {@code policy}.
     *
     * @throws IllegalArgumentException if {@code valueSize} is not in [4, 4096] or {@code slotsPerBucket} not in [1, 64]
     */
    public static OffHeapHashMap create(int valueSize, int slotsPerBucket, ElisionPolicy policy) {
        SlotLayout layout = new SlotLayout(valueSize, slotsPerBucket);
        return new OffHeapHashMap(NativeRegion.allocate(layout.regionSize()), layout, policy);
    }

    @Override
    boolean getLocked(Operation op) {
        int bucket = Buckets.of(op.key);
        int slot = lockedSlotOf(bucket, op);
        if (slot < 0) {
            return false;
        }
        region.readLocked(layout.value(bucket, slot), op.bytes, 0, layout.valueSize());
        return true;
    }

    @Override
    CriticalSection<Operation, Boolean> elide(CriticalSection<Operation, Boolean> get) {
        return get.withHtm(RegionHtmPath.of(region, new RegionGet(layout)));
    }

    /** @throws IllegalStateException if the key is new and its bucket full; the map is then unchanged */
    @Override
    boolean insertLocked(Operation op) {
        int bucket = Buckets.of(op.key);
        int slot = lockedSlotOf(bucket, op);
        if (slot >= 0) {
            region.writeLocked(layout.value(bucket, slot), op.bytes, 0, layout.valueSize());
            return false;
        }
        slot = layout.free(op.scratch);
        if (slot < 0) {
            throw new IllegalStateException("bucket " + bucket + " is full: this off-heap map holds at most "
                    + layout.slots() + " keys per bucket, cannot insert key " + op.key);
        }
        region.writeLocked(layout.value(bucket, slot), op.bytes, 0, layout.valueSize());
        writeTag(layout.slot(bucket, slot), SlotLayout.tag(op.key), op);
        writeTag(layout.headerTag(bucket, slot), SlotLayout.tag(op.key), op);
        return true;
    }

    @Override
    boolean removeLocked(Operation op) {
        int bucket = Buckets.of(op.key);
        int slot = lockedSlotOf(bucket, op);
        if (slot < 0) {
            return false;
        }
        writeTag(layout.headerTag(bucket, slot), 0, op);
        writeTag(layout.slot(bucket, slot), 0, op);
        return true;
    }

    /** Header, then a tag for writing; the HTM path reuses it for a slot. */
    @Override
    int scratchSize() {
        return Math.max(layout.headerBytes(), layout.slotBytes()) + SlotLayout.TAG_BYTES;
    }

    /** Frees the region; see {@link NativeRegion#close()}. */
    @Override
    public void close() {
        region.close();
    }

    /** Copies the bucket's header into the start of the scratch buffer; the key's slot in it, or -1. */
    private int lockedSlotOf(int bucket, Operation op) {
        region.readLocked(layout.header(bucket), op.scratch, 0, layout.headerBytes());
        return layout.find(op.scratch, op.key);
    }

    private void writeTag(int offset, long tag, Operation op) {
        int at = op.scratch.length - SlotLayout.TAG_BYTES;
        SlotLayout.writeTag(op.scratch, at, tag);
        region.writeLocked(offset, op.scratch, at, SlotLayout.TAG_BYTES);
    }
}
