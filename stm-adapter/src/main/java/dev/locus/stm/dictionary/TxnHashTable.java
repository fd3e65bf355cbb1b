package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.Arrays;

/**
 * Hash table with external chaining, the [Bai06] hash-table benchmark: an array of buckets, key
 * {@code k} in bucket {@code floorMod(k, buckets)}. Two transactions conflict only when they touch
 * the same bucket and at least one of them changes it.
 */
/*
 * Implementation notes
 *
 * Overview. Each bucket is one Multiverse reference to the head of an immutable chain. insert
 * pushes a new head; delete replaces the bucket by a copy of the chain without the key (the chain
 * is short: the benchmark keeps the load factor near 1). So an operation reads and writes exactly
 * one reference, its bucket, and the conflict unit is the bucket, as in [Bai06].
 *
 * Concurrency. Every operation reads its bucket through Refs.read, so at commit GammaStm checks
 * that the chain it looked at is still the bucket's chain: a concurrent change of the bucket makes
 * one of the two transactions abort, whoever commits first. Chains are never mutated, so nothing
 * else needs validating.
 *
 * Memory ordering. Chain fields are final, and chains are published by committing the bucket
 * reference; the STM orders the rest.
 *
 * References. [Bai06] §5.2 (hash table: 30,031 buckets, hash = key mod buckets, transaction
 * key = bucket).
 */
public final class TxnHashTable implements TxnDictionary {

    /** The paper's bucket count: a prime close to half of the 16-bit key range. */
    public static final int DEFAULT_BUCKETS = 30_031;

    private final TxnRef<Chain>[] buckets;

    /** A table with {@value #DEFAULT_BUCKETS} buckets. */
    public TxnHashTable() {
        this(DEFAULT_BUCKETS);
    }

    /**
     * A table with the given number of buckets.
     *
     * @throws IllegalArgumentException if {@code buckets < 1}
     */
    public TxnHashTable(int buckets) {
        if (buckets < 1) {
            throw new IllegalArgumentException("buckets must be at least 1, was " + buckets);
        }
        this.buckets = Refs.array(buckets, i -> null);
    }

    /** The number of buckets. */
    public int buckets() {
        return buckets.length;
    }

    @Override
    public boolean insert(Txn txn, int key) {
        TxnRef<Chain> bucket = bucketOf(key);
        Chain chain = Refs.read(txn, bucket);
        if (Chain.contains(chain, key)) {
            return false;
        }
        bucket.set(txn, new Chain(key, chain));
        return true;
    }

    @Override
    public boolean delete(Txn txn, int key) {
        TxnRef<Chain> bucket = bucketOf(key);
        Chain chain = Refs.read(txn, bucket);
        if (!Chain.contains(chain, key)) {
            return false;
        }
        bucket.set(txn, Chain.without(chain, key));
        return true;
    }

    @Override
    public boolean contains(Txn txn, int key) {
        return Chain.contains(Refs.read(txn, bucketOf(key)), key);
    }

    /** The bucket of {@code key}: {@code floorMod(key, buckets())}. */
    @Override
    public long routingKey(int key) {
        return Math.floorMod(key, buckets.length);
    }

    @Override
    public int[] keys() {
        return OwnTransaction.read(txn -> {
            int[] keys = new int[16];
            int size = 0;
            for (TxnRef<Chain> bucket : buckets) {
                for (Chain c = bucket.get(txn); c != null; c = c.next) {
                    if (size == keys.length) {
                        keys = Arrays.copyOf(keys, 2 * size);
                    }
                    keys[size++] = c.key;
                }
            }
            int[] sorted = Arrays.copyOf(keys, size);
            Arrays.sort(sorted);
            return sorted;
        });
    }

    private TxnRef<Chain> bucketOf(int key) {
        return buckets[Math.floorMod(key, buckets.length)];
    }

    /** An immutable chain of keys; {@code null} is the empty chain. */
    private static final class Chain {
        final int key;
        final Chain next;

        Chain(int key, Chain next) {
            this.key = key;
            this.next = next;
        }

        static boolean contains(Chain chain, int key) {
            for (Chain c = chain; c != null; c = c.next) {
                if (c.key == key) {
                    return true;
                }
            }
            return false;
        }

        /** The chain without {@code key}, which it holds; shares the part after the key. */
        static Chain without(Chain chain, int key) {
            return chain.key == key ? chain.next : new Chain(chain.key, without(chain.next, key));
        }
    }
}
