package dev.locus.jmh.hashmap;

import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.ElisionReport;
import java.util.Optional;

/**
 * {@link HeapElidedHashMap}'s table and lock, its operations written in ALE's inline form
 * ({@link InlineChainedTable}): the elision suite's {@code *_INLINE} configurations. The
 * policy decides as for the lambda form, and the report has the same rows.
 */
final class InlineElidedHashMap extends CheckedMap {

    private final ElidableLock lock;
    private final InlineChainedTable table;

    InlineElidedHashMap(int valueSize, ElisionPolicy policy) {
        super(valueSize);
        this.lock = HeapElidedHashMap.lock(policy);
        this.table = new InlineChainedTable(new ChainedTable(valueSize), lock);
    }

    @Override
    boolean checkedGet(int key, byte[] into) {
        return table.get(key, into);
    }

    @Override
    boolean checkedInsert(int key, byte[] value) {
        return table.insert(key, value);
    }

    @Override
    boolean checkedRemove(int key) {
        return table.remove(key);
    }

    @Override
    public Optional<ElisionReport> elisionReport() {
        return Optional.of(lock.report());
    }
}
