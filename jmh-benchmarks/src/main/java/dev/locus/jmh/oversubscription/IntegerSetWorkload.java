package dev.locus.jmh.oversubscription;

import dev.locus.stm.TransactionalExecutor;
import dev.locus.stm.dictionary.DictionaryKind;
import dev.locus.stm.dictionary.TxnDictionary;
import java.util.SplittableRandom;

/**
 * [Maldonado10]'s integer-set benchmarks (§5.1, Table 2): a set of {@code size} integers drawn from a
 * range of {@code 2 × size}, kept at about that size. Each thread's transactions are 80% lookups
 * of a random key; the other 20% are updates, which alternate between inserting a random key and
 * removing the key that thread last inserted, as TinySTM's integer-set driver does (an insert that
 * finds its key present leaves nothing to remove, and the next update inserts again).
 *
 * <p>Lookups, inserts and removals are transaction types {@value #CONTAINS}, {@value #INSERT} and
 * {@value #DELETE}, so that conflict avoidance can tell them apart.
 */
final class IntegerSetWorkload implements SpmdWorkload {

    static final int CONTAINS = 0;
    static final int INSERT = 1;
    static final int DELETE = 2;
    /** Percentage of transactions that update the set. */
    static final int UPDATE_PERCENT = 20;

    private final TxnDictionary set;
    private final int range;

    /** {@code kind}'s set holding {@code size} distinct keys of {@code [0, 2 × size)}. */
    IntegerSetWorkload(DictionaryKind kind, int size) throws Exception {
        this.set = kind.create();
        this.range = 2 * size;
        populate(size);
    }

    /**
     * Inserts {@code size} keys chosen uniformly among the range (selection sampling: each key in
     * turn is taken with probability needed / left), one transaction each, in descending order, so
     * that each insert into a sorted list stops at its head.
     */
    private void populate(int size) throws Exception {
        TransactionalExecutor stm = TransactionalExecutor.withoutExecutor().build();
        SplittableRandom random = new SplittableRandom(size);
        int needed = size;
        for (int key = range - 1; needed > 0; key--) {
            if (random.nextInt(key + 1) < needed) {
                int k = key;
                stm.call(k, INSERT, txn -> set.insert(txn, k));
                needed--;
            }
        }
    }

    TxnDictionary set() {
        return set;
    }

    @Override
    public ThreadProgram program(SplittableRandom random) {
        return new Program(random);
    }

    /** One thread's lookups and alternating updates. */
    private final class Program implements ThreadProgram {

        private final SplittableRandom random;
        /** The key this thread inserted last and has not removed yet; -1 if none. */
        private int inserted = -1;
        private int type;
        private int key;

        Program(SplittableRandom random) {
            this.random = random;
        }

        @Override
        public int chooseNext() {
            if (random.nextInt(100) >= UPDATE_PERCENT) {
                type = CONTAINS;
                key = random.nextInt(range);
            } else if (inserted < 0) {
                type = INSERT;
                key = random.nextInt(range);
            } else {
                type = DELETE;
                key = inserted;
            }
            return type;
        }

        @Override
        public void runChosen(TransactionalExecutor stm) throws Exception {
            int k = key;
            switch (type) {
                case CONTAINS -> stm.call(k, CONTAINS, txn -> set.contains(txn, k));
                case INSERT -> {
                    if (stm.call(k, INSERT, txn -> set.insert(txn, k))) {
                        inserted = k;
                    }
                }
                default -> {
                    stm.call(k, DELETE, txn -> set.delete(txn, k));
                    inserted = -1;
                }
            }
        }
    }
}
