package dev.locus.jmh.hashmap;

import dev.locus.elision.ElidableLock;
import dev.locus.elision.InlineSection;

/**
 * [Dice14] §3's HashMap operations on a {@link ChainedTable}, each an {@link InlineSection} of one
 * {@link ElidableLock}, named {@code get}, {@code insert} and {@code remove} as the lambda form's
 * sections are (so a report has the same rows): get has a SWOPT path, Figure 1's with the stamp as
 * its validation; insert and remove hold the lock and bracket only their structural change. The
 * inline form, written as a hand-written {@code StampedLock} read of the same table is
 * ({@link StampedHashMap}), so that the two differ only by what ALE does.
 */
/*
 * Implementation notes
 *
 * Overview. get is InlineSection's loop: begin, ChainedTable.get validating against the stamp, end,
 * and retry while end says the attempt was torn. ChainedTable.get cannot throw on a torn read
 * (nodes are never freed and every value array has the map's value size: see its notes), so the
 * loop has no catch, as StampedHashMap's optimistic read has none. A get of -1 (interference seen)
 * always ends false: the version never returns to a value it left. insert and remove run under the
 * lock with try/finally, as a StampedLock's write lock would; their bracket is the stamp's
 * conflicting action.
 *
 * Concurrency. As ChainedTable's notes, with the ElidableLock's version word as the validation.
 * Nothing here is per caller: a call needs no argument holder, so no caller's view.
 *
 * References. [Dice14] §3.2 (Figure 1), §5.1.
 */
final class InlineChainedTable {

    private final ChainedTable table;
    private final InlineSection getSection;
    private final InlineSection insertSection;
    private final InlineSection removeSection;

    /** {@code table}'s operations as inline sections of {@code lock}. */
    InlineChainedTable(ChainedTable table, ElidableLock lock) {
        this.table = table;
        this.getSection = lock.inlineSection("get").withSwopt();
        this.insertSection = lock.inlineSection("insert");
        this.removeSection = lock.inlineSection("remove");
    }

    /** As {@link ByteValueMap#get}, without argument checks. */
    boolean get(int key, byte[] into) {
        long stamp = getSection.begin();
        while (true) {
            long attempt = stamp;
            int found = table.get(key, into, () -> getSection.isValid(attempt));
            if (getSection.end(stamp)) {
                return found > 0;
            }
            stamp = getSection.retry(stamp);
        }
    }

    /** As {@link ByteValueMap#insert}, without argument checks. */
    boolean insert(int key, byte[] value) {
        long stamp = insertSection.begin();
        try {
            return table.insert(key, value, action -> insertSection.conflictingAction(stamp, action));
        } finally {
            insertSection.end(stamp);
        }
    }

    /** As {@link ByteValueMap#remove}, without argument checks. */
    boolean remove(int key) {
        long stamp = removeSection.begin();
        try {
            return table.remove(key, action -> removeSection.conflictingAction(stamp, action));
        } finally {
            removeSection.end(stamp);
        }
    }
}
