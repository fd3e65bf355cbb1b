package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnLong;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.function.IntFunction;

/**
 * Validated access to Multiverse references, which the dictionaries share and which any data
 * structure built on them needs for serializable transactions.
 *
 * <p>Under Multiverse's default {@code Snapshot} isolation a plain transactional read is checked
 * only while the transaction keeps reading, not at commit, so two transactions can each act on a
 * value the other changes (write skew). A <em>validated</em> access calls {@code ensure}:
 * GammaStm then read-locks the reference at commit and aborts if its version moved since this
 * transaction first read it. A write that changes the value is validated at commit anyway; one
 * that writes the value already there is not (GammaStm treats it as a read), hence
 * {@link #write} ensures too — after the write, because opening a reference for writing clears
 * the check an earlier {@code ensure} asked for (Multiverse 0.7's {@code openForWrite} resets
 * {@code writeSkewCheck} unless the isolation level is {@code Serializable}). Ensuring first let
 * a red-black tree whose fix-up recoloured a node to the colour it already had commit on a stale
 * colour, about once in a few million transactions (found by the [Bai06] benchmarks;
 * {@code RefsTest} shows it deterministically).
 */
public final class Refs {

    private Refs() {
    }

    /** Reads {@code ref} so that the value read must still be current at commit. */
    public static <E> E read(Txn txn, TxnRef<E> ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    /** Reads {@code ref} so that the value read must still be current at commit. */
    public static boolean read(Txn txn, TxnBoolean ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    /** Reads {@code ref} so that the value read must still be current at commit. */
    public static long read(Txn txn, TxnLong ref) {
        ref.ensure(txn);
        return ref.get(txn);
    }

    /** Writes {@code ref}, validated at commit even when the value does not change. */
    public static <E> void write(Txn txn, TxnRef<E> ref, E value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }

    /** Writes {@code ref}, validated at commit even when the value does not change. */
    public static void write(Txn txn, TxnBoolean ref, boolean value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }

    /** Writes {@code ref}, validated at commit even when the value does not change. */
    public static void write(Txn txn, TxnLong ref, long value) {
        ref.set(txn, value);
        ref.ensure(txn);
    }

    /** New references, the one at index {@code i} holding {@code initial.apply(i)}. */
    public static <E> TxnRef<E>[] array(int length, IntFunction<E> initial) {
        @SuppressWarnings("unchecked")
        TxnRef<E>[] refs = (TxnRef<E>[]) new TxnRef<?>[length];
        for (int i = 0; i < length; i++) {
            refs[i] = StmUtils.newTxnRef(initial.apply(i));
        }
        return refs;
    }
}
