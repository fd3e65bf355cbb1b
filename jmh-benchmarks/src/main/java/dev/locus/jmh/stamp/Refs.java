package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnLong;
import dev.locus.multiverse.api.references.TxnRef;

/**
 * Validated access to Multiverse references, the rule of {@code dev.locus.stm.dictionary}'s
 * package-private {@code Refs}: under Multiverse's default {@code Snapshot} isolation a read is
 * checked at commit only if the transaction {@code ensure}s it, and a write ensured before it is
 * not (opening for write clears the check), so every read ensures and every write ensures after
 * writing. Without it two vacation transactions could each act on what the other changes: a
 * customer deleted while another transaction adds a reservation to it, leaving a seat used by no
 * one.
 */
final class Refs {

    private Refs() {
    }

    static <E> E read(Txn txn, TxnRef<E> ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    static boolean read(Txn txn, TxnBoolean ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    static long read(Txn txn, TxnLong ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    static <E> void write(Txn txn, TxnRef<E> ref, E value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }

    static void write(Txn txn, TxnBoolean ref, boolean value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }

    static void write(Txn txn, TxnLong ref, long value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }
}
