package dev.locus.jmh.hashmap;

import dev.locus.elision.HtmAttempt;
import dev.locus.elision.HtmPath;
import dev.locus.htm.HtmStatus;
import dev.locus.htm.NativeHtm;
import dev.locus.htm.NativeRegion;
import dev.locus.jmh.hashmap.ElidedHashMap.Operation;

/**
 * The off-heap table's get as hardware transactions over its region, for one thread's
 * {@link Operation}: one transaction reads the bucket's header to find the key's slot, a second
 * reads that slot's tag and value together. Available where {@link NativeHtm#rtmSupported()}.
 */
/*
 * Implementation notes
 *
 * Overview. Java code cannot run inside a transaction, so the search is split: the header read is
 * a consistent snapshot of the bucket's keys (absent keys are decided there), and the slot read
 * is a consistent snapshot of one (tag, value) pair. If the tag no longer names the key — a
 * writer removed or moved it between the two — the attempt counts as aborted with status 0 (no
 * cause bits) and ALE's policy decides what comes next. A value returned was the key's value at
 * the instant of the second transaction: it was read in one transaction with the tag naming it.
 *
 * Concurrency. Both transactions read the region's lock word first (NativeRegion.tryHtmRead), so
 * they never see a lock holder's half-done change: a holder makes them abort. Writes happen only
 * under that word (OffHeapHashMap's locked sections).
 *
 * References. Paper 003 §2 (TLE), §4 (HTM mode), §5.1 (Get in HTM where the value fits).
 */
final class RegionGetPath implements HtmPath<Boolean> {

    /** The status of an attempt whose slot changed between its two transactions: aborted, no cause known. */
    static final int SLOT_CHANGED = 0;

    private final NativeRegion region;
    private final SlotLayout layout;
    private final Operation op;

    RegionGetPath(NativeRegion region, SlotLayout layout, Operation op) {
        this.region = region;
        this.layout = layout;
        this.op = op;
    }

    @Override
    public boolean available() {
        return NativeHtm.rtmSupported();
    }

    @Override
    public HtmAttempt<Boolean> attempt() {
        int bucket = Buckets.of(op.key);
        byte[] scratch = op.scratch;
        int status = region.tryHtmRead(layout.header(bucket), scratch, 0, layout.headerBytes());
        if (!HtmStatus.isCommitted(status)) {
            return HtmAttempt.aborted(status);
        }
        int slot = layout.find(scratch, op.key);
        if (slot < 0) {
            return HtmAttempt.committed(false);
        }
        status = region.tryHtmRead(layout.slot(bucket, slot), scratch, 0, layout.slotBytes());
        if (!HtmStatus.isCommitted(status)) {
            return HtmAttempt.aborted(status);
        }
        if (SlotLayout.readTag(scratch, 0) != SlotLayout.tag(op.key)) {
            return HtmAttempt.aborted(SLOT_CHANGED);
        }
        System.arraycopy(scratch, SlotLayout.TAG_BYTES, op.bytes, 0, layout.valueSize());
        return HtmAttempt.committed(true);
    }
}
