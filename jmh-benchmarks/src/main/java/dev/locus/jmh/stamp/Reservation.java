package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.stm.dictionary.Refs;
import dev.locus.multiverse.api.references.TxnLong;

/**
 * One row of the car, flight or room table (STAMP's {@code reservation_t}): how many units the
 * item has, how many are free and how many reserved, and its price. Each count is a reference of
 * its own, as each is a word of its own in STAMP, so that a query of the free count and a price
 * change do not conflict.
 */
final class Reservation {

    final int id;
    final TxnLong numUsed = StmUtils.newTxnLong(0);
    final TxnLong numFree;
    final TxnLong numTotal;
    final TxnLong price;

    Reservation(int id, long numTotal, long price) {
        this.id = id;
        this.numFree = StmUtils.newTxnLong(numTotal);
        this.numTotal = StmUtils.newTxnLong(numTotal);
        this.price = StmUtils.newTxnLong(price);
    }

    /**
     * Adds {@code num} units, or removes {@code -num} free ones.
     *
     * @return false, changing nothing, if fewer than {@code -num} are free
     */
    boolean addToTotal(Txn txn, long num) {
        long free = Refs.read(txn, numFree);
        if (free + num < 0) {
            return false;
        }
        Refs.write(txn, numFree, free + num);
        Refs.write(txn, numTotal, Refs.read(txn, numTotal) + num);
        check(txn);
        return true;
    }

    /**
     * Reserves one unit.
     *
     * @return false if none is free
     */
    boolean make(Txn txn) {
        long free = Refs.read(txn, numFree);
        if (free < 1) {
            return false;
        }
        Refs.write(txn, numUsed, Refs.read(txn, numUsed) + 1);
        Refs.write(txn, numFree, free - 1);
        check(txn);
        return true;
    }

    /**
     * Frees one reserved unit.
     *
     * @return false if none is reserved
     */
    boolean cancel(Txn txn) {
        long used = Refs.read(txn, numUsed);
        if (used < 1) {
            return false;
        }
        Refs.write(txn, numUsed, used - 1);
        Refs.write(txn, numFree, Refs.read(txn, numFree) + 1);
        check(txn);
        return true;
    }

    /** Sets the price, unless {@code newPrice} is negative (STAMP's "keep the old price"). */
    void updatePrice(Txn txn, long newPrice) {
        if (newPrice >= 0) {
            Refs.write(txn, price, newPrice);
            check(txn);
        }
    }

    /**
     * STAMP's {@code checkReservation}, which restarts the transaction on a violation; a consistent
     * Multiverse transaction never sees one, so here a violation is a bug.
     *
     * @throws IllegalStateException if a count or the price is negative or the counts do not add up
     */
    void check(Txn txn) {
        String violation = violation(Refs.read(txn, numUsed), Refs.read(txn, numFree), Refs.read(txn, numTotal),
                Refs.read(txn, price));
        if (violation != null) {
            throw new IllegalStateException(violation);
        }
    }

    /** What is wrong with these values of this item, or null if nothing. */
    String violation(long used, long free, long total, long itemPrice) {
        if (used < 0 || free < 0 || total < 0 || itemPrice < 0 || used + free != total) {
            return "item " + id + ": used " + used + " + free " + free + " != total " + total + ", or one of them"
                    + " or the price " + itemPrice + " is negative";
        }
        return null;
    }
}
