package dev.locus.jmh.hashmap;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionReport;
import java.util.Optional;

/**
 * A {@link ByteValueMap} whose one lock is an {@link ElidableLock}: every operation is one of its
 * critical sections, named {@code get}, {@code insert} and {@code remove}, so its
 * {@linkplain #report() report} has a row for each. Subclasses give the sections' bodies and the
 * paths get may elide the lock with. Call it through {@link #forCaller()} for calls that allocate
 * nothing.
 */
/*
 * Implementation notes
 *
 * Overview. ALE's critical sections are built once, as the paper's are written once in the
 * source, and each call passes them one argument: an Operation holding the call's key, byte array
 * and the scratch space the HTM path copies through. A caller's view (forCaller) owns one
 * Operation and reuses it for every call, so a call allocates nothing and looks nothing up; a
 * call on the map itself makes a fresh Operation.
 *
 * Concurrency. An Operation belongs to one call at a time: a view is its caller's, used by one
 * thread (the map's sections do not nest). The sections and their granules are shared.
 *
 * References. [Dice14] §3.1 (BEGIN_CS/END_CS around each operation), §3.4 (named sections).
 */
abstract class ElidedHashMap extends CheckedMap {

    final ElidableLock lock;
    private CriticalSection<Operation, Boolean> get;
    private CriticalSection<Operation, Boolean> insert;
    private CriticalSection<Operation, Boolean> remove;

    ElidedHashMap(ElidableLock lock, int valueSize) {
        super(valueSize);
        this.lock = lock;
    }

    /** Builds the three sections; each subclass constructor calls it last, once its fields are set. */
    final void buildSections() {
        get = elide(lock.section("get", this::getLocked));
        insert = lock.section("insert", this::insertLocked);
        remove = lock.section("remove", this::removeLocked);
    }

    /** A view of this map for one calling thread, whose calls reuse one Operation: allocation-free. */
    @Override
    public final ByteValueMap forCaller() {
        return new CallerView(this);
    }

    @Override
    final boolean checkedGet(int key, byte[] into) {
        return get.call(new Operation(scratchSize()).with(key, into));
    }

    @Override
    final boolean checkedInsert(int key, byte[] value) {
        return insert.call(new Operation(scratchSize()).with(key, value));
    }

    @Override
    final boolean checkedRemove(int key) {
        return remove.call(new Operation(scratchSize()).with(key, null));
    }

    /** The lock's report: attempts and successes per mode for each of get, insert and remove. */
    public final ElisionReport report() {
        return lock.report();
    }

    @Override
    public final Optional<ElisionReport> elisionReport() {
        return Optional.of(report());
    }

    /** get's body under the lock. */
    abstract boolean getLocked(Operation op);

    /** insert's body under the lock. */
    abstract boolean insertLocked(Operation op);

    /** remove's body under the lock. */
    abstract boolean removeLocked(Operation op);

    /** {@code get} with the paths that may elide the lock (SWOPT, HTM) added. */
    abstract CriticalSection<Operation, Boolean> elide(CriticalSection<Operation, Boolean> get);

    /** The bytes of a per-call buffer the subclass needs; 0 for none. */
    int scratchSize() {
        return 0;
    }

    /** One call's arguments and scratch space, the argument of the map's sections. */
    static final class Operation {
        int key;
        /** get's destination, insert's value; null for remove. */
        byte[] bytes;
        final byte[] scratch;
        /** The optimistic attempt in progress, as the table's Validation (SWOPT bodies only). */
        final CurrentAttempt attempt = new CurrentAttempt();

        Operation(int scratchSize) {
            this.scratch = new byte[scratchSize];
        }

        Operation with(int key, byte[] bytes) {
            this.key = key;
            if (this.bytes != bytes) {
                this.bytes = bytes;
            }
            return this;
        }
    }

    /** One caller's view: the map's operations through the caller's own, reused Operation. */
    private static final class CallerView extends CheckedMap {

        private final ElidedHashMap map;
        private final Operation op;

        CallerView(ElidedHashMap map) {
            super(map.valueSize());
            this.map = map;
            this.op = new Operation(map.scratchSize());
        }

        @Override
        boolean checkedGet(int key, byte[] into) {
            return map.get.call(op.with(key, into));
        }

        @Override
        boolean checkedInsert(int key, byte[] value) {
            return map.insert.call(op.with(key, value));
        }

        @Override
        boolean checkedRemove(int key) {
            return map.remove.call(op.with(key, null));
        }

        @Override
        public Optional<ElisionReport> elisionReport() {
            return map.elisionReport();
        }
    }
}
