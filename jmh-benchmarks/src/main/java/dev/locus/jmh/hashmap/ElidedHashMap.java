package dev.locus.jmh.hashmap;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionReport;

/**
 * A {@link ByteValueMap} whose one lock is an {@link ElidableLock}: every operation is one of its
 * critical sections, named {@code get}, {@code insert} and {@code remove}, so its
 * {@linkplain #report() report} has a row for each. Subclasses give the sections' bodies and the
 * paths get may elide the lock with.
 */
/*
 * Implementation notes
 *
 * Overview. ALE's critical sections are built once, as the paper's are written once in the
 * source, and their bodies take no arguments. So each thread gets its own Operation (through a
 * ThreadLocal): a holder for the current call's key and byte array, with the three sections built
 * over it. A call stores its arguments in the holder and calls the section: no allocation per call.
 *
 * Concurrency. An Operation belongs to one thread and is used by one call at a time (the map's
 * sections do not nest). The sections' granules are shared: they are keyed by (lock, name), not
 * by section object.
 *
 * References. Paper 003 §3.1 (BEGIN_CS/END_CS around each operation), §3.4 (named sections).
 */
abstract class ElidedHashMap extends CheckedMap {

    final ElidableLock lock;
    private final ThreadLocal<Operation> operations = ThreadLocal.withInitial(this::prepare);

    ElidedHashMap(ElidableLock lock, int valueSize) {
        super(valueSize);
        this.lock = lock;
    }

    @Override
    final boolean checkedGet(int key, byte[] into) {
        return operations.get().with(key, into).get.call();
    }

    @Override
    final boolean checkedInsert(int key, byte[] value) {
        return operations.get().with(key, value).insert.call();
    }

    @Override
    final boolean checkedRemove(int key) {
        return operations.get().with(key, null).remove.call();
    }

    /** The lock's report: attempts and successes per mode for each of get, insert and remove. */
    public final ElisionReport report() {
        return lock.report();
    }

    /** get's body under the lock. */
    abstract boolean getLocked(Operation op);

    /** insert's body under the lock. */
    abstract boolean insertLocked(Operation op);

    /** remove's body under the lock. */
    abstract boolean removeLocked(Operation op);

    /** {@code get} with the paths that may elide the lock (SWOPT, HTM) added. */
    abstract CriticalSection<Boolean> elide(CriticalSection<Boolean> get, Operation op);

    /** The bytes of a per-thread buffer the subclass needs; 0 for none. */
    int scratchSize() {
        return 0;
    }

    private Operation prepare() {
        Operation op = new Operation(scratchSize());
        op.get = elide(lock.section("get", () -> getLocked(op)), op);
        op.insert = lock.section("insert", () -> insertLocked(op));
        op.remove = lock.section("remove", () -> removeLocked(op));
        return op;
    }

    /** One thread's current call: its arguments, scratch space, and the sections built over them. */
    static final class Operation {
        int key;
        /** get's destination, insert's value; null for remove. */
        byte[] bytes;
        final byte[] scratch;
        private CriticalSection<Boolean> get;
        private CriticalSection<Boolean> insert;
        private CriticalSection<Boolean> remove;

        Operation(int scratchSize) {
            this.scratch = new byte[scratchSize];
        }

        private Operation with(int key, byte[] bytes) {
            this.key = key;
            this.bytes = bytes;
            return this;
        }
    }
}
