package dev.locus.jmh.hashmap;

import dev.locus.htm.RegionHtmPath;
import dev.locus.htm.RegionTransaction;
import dev.locus.jmh.hashmap.ElidedHashMap.Operation;

/**
 * The off-heap table's get as region transactions, for a call's {@link Operation} (the body of
 * its {@link RegionHtmPath}): one transaction reads the bucket's header to find the key's slot, a
 * second reads that slot's tag and value together.
 */
/*
 * Implementation notes
 *
 * Overview. Java code cannot run inside a transaction, so the search is split: the header read is
 * a consistent snapshot of the bucket's keys (absent keys are decided there), and the slot read
 * is a consistent snapshot of one (tag, value) pair. If the tag no longer names the key — a
 * writer removed or moved it between the two — the attempt ends as changed (a conflict) and ALE's
 * policy decides what comes next. A value returned was the key's value at the instant of the
 * second transaction: it was read in one transaction with the tag naming it.
 *
 * Concurrency. Both transactions read the region's lock word first (RegionTransaction.read), so
 * they never see a lock holder's half-done change: a holder makes them abort. Writes happen only
 * under that word (OffHeapHashMap's locked sections).
 *
 * References. [Dice14] §2 (TLE), §4 (HTM mode), §5.1 (Get in HTM where the value fits).
 */
final class RegionGet implements RegionHtmPath.Body<Operation, Boolean> {

    private final SlotLayout layout;

    RegionGet(SlotLayout layout) {
        this.layout = layout;
    }

    @Override
    public Boolean run(Operation op, RegionTransaction tx) {
        int bucket = Buckets.of(op.key);
        byte[] scratch = op.scratch;
        if (!tx.read(layout.header(bucket), scratch, 0, layout.headerBytes())) {
            return null;
        }
        int slot = layout.find(scratch, op.key);
        if (slot < 0) {
            return false;
        }
        if (!tx.read(layout.slot(bucket, slot), scratch, 0, layout.slotBytes())) {
            return null;
        }
        if (SlotLayout.readTag(scratch, 0) != SlotLayout.tag(op.key)) {
            tx.changed();
            return null;
        }
        System.arraycopy(scratch, SlotLayout.TAG_BYTES, op.bytes, 0, layout.valueSize());
        return true;
    }
}
