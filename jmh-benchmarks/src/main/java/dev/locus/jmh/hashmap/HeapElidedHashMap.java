package dev.locus.jmh.hashmap;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.LockApi;
import java.util.concurrent.locks.ReentrantLock;

/**
 * [Dice14] §3's HashMap on the Java heap under an {@link ElidableLock} over a
 * {@link ReentrantLock}: get has a SWOPT path (Figure 1), insert and remove bracket only their
 * structural change as a conflicting action. Which paths run is the policy's choice.
 */
final class HeapElidedHashMap extends ElidedHashMap {

    private final ChainedTable table;

    HeapElidedHashMap(int valueSize, ElisionPolicy policy) {
        super(lock(policy), valueSize);
        this.table = new ChainedTable(valueSize);
        buildSections();
    }

    /** The table's one lock, over a {@link ReentrantLock}, under {@code policy}. */
    static ElidableLock lock(ElisionPolicy policy) {
        return ElidableLock.builder("hashMap", LockApi.of(new ReentrantLock())).policy(policy).build();
    }

    @Override
    boolean getLocked(Operation op) {
        return table.get(op.key, op.bytes, Validation.NONE) > 0;
    }

    /**
     * Figure 1 with SWOptMode: a validation that fails throws ALE's Interference, and ALE retries
     * the attempt or takes the lock, as the policy says.
     */
    @Override
    CriticalSection<Operation, Boolean> elide(CriticalSection<Operation, Boolean> get) {
        return get.withSwopt((op, swopt) -> table.get(op.key, op.bytes, op.attempt.of(swopt)) > 0);
    }

    @Override
    boolean insertLocked(Operation op) {
        return table.insert(op.key, op.bytes, lock::conflictingAction);
    }

    @Override
    boolean removeLocked(Operation op) {
        return table.remove(op.key, lock::conflictingAction);
    }
}
