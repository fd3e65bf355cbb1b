package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;

/**
 * A set of {@code int} keys kept in Multiverse references: the abstract dictionary of the
 * [Bai06] and [Maldonado10] microbenchmarks. Every int is a valid key, negative ones included.
 *
 * <p>{@link #insert}, {@link #delete} and {@link #contains} run inside the caller's transaction,
 * so the caller decides how to retry (a {@code TxnExecutor}, a locus transactional task) and may
 * combine several operations in one transaction. An operation takes effect, and its answer holds,
 * at the commit of that transaction, also under Multiverse's default {@code Snapshot} isolation:
 * each operation asks Multiverse to validate at commit (with {@code ensure}) every reference its
 * outcome depends on, so write skew cannot corrupt the structure. Use a transaction with consistent
 * reads ({@code Snapshot} or {@code Serializable} isolation, not {@code RepeatableRead}); a lean
 * transaction is upgraded to a fat one by the {@code TxnExecutor} the first time an operation
 * needs {@code ensure}.
 *
 * <p>Implementations are safe for any number of threads, each with its own transaction.
 */
public interface TxnDictionary {

    /**
     * Adds {@code key}.
     *
     * @param txn the caller's transaction, which this operation joins
     * @return true if the key was absent
     */
    boolean insert(Txn txn, int key);

    /**
     * Removes {@code key}.
     *
     * @param txn the caller's transaction, which this operation joins
     * @return true if the key was present
     */
    boolean delete(Txn txn, int key);

    /**
     * Tells whether {@code key} is present.
     *
     * @param txn the caller's transaction, which this operation joins
     */
    boolean contains(Txn txn, int key);

    /**
     * The key a key-based executor should route an operation on {@code key} by, so that
     * operations that touch the same part of the structure go to the same worker: the bucket for
     * the hash table ([Bai06] §5.2 routes by the hash output), the key itself for the ordered
     * structures (the default), where numerically close keys share nodes.
     */
    default long routingKey(int key) {
        return key;
    }

    /**
     * All keys in ascending order, read in a read-only transaction of its own (also when the
     * calling thread is inside one). Meant for checks and reports; under concurrent updates a large
     * structure may need many attempts.
     */
    int[] keys();
}
