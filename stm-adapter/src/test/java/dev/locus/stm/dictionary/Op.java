package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.Txn;
import java.util.Random;
import java.util.Set;

/** A dictionary operation, applied either to a dictionary in a transaction or to a model set. */
enum Op {
    INSERT {
        @Override
        boolean on(TxnDictionary dictionary, Txn txn, int key) {
            return dictionary.insert(txn, key);
        }

        @Override
        boolean on(Set<Integer> model, int key) {
            return model.add(key);
        }
    },
    DELETE {
        @Override
        boolean on(TxnDictionary dictionary, Txn txn, int key) {
            return dictionary.delete(txn, key);
        }

        @Override
        boolean on(Set<Integer> model, int key) {
            return model.remove(key);
        }
    },
    CONTAINS {
        @Override
        boolean on(TxnDictionary dictionary, Txn txn, int key) {
            return dictionary.contains(txn, key);
        }

        @Override
        boolean on(Set<Integer> model, int key) {
            return model.contains(key);
        }
    };

    abstract boolean on(TxnDictionary dictionary, Txn txn, int key);

    abstract boolean on(Set<Integer> model, int key);

    /** Inserts and deletes equally often (the papers' mix), with some lookups in between. */
    static Op random(Random random) {
        int draw = random.nextInt(10);
        return draw < 4 ? INSERT : draw < 8 ? DELETE : CONTAINS;
    }
}
