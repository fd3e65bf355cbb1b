package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.stm.dictionary.Refs;
import dev.locus.multiverse.api.references.TxnRef;
import java.util.ArrayList;
import java.util.List;

/**
 * A row of the customer table (STAMP's {@code customer_t}): the customer's reservations, sorted
 * by table and id, at most one per item. STAMP keeps them in a transactional linked list; here
 * they are an immutable list in one reference, replaced on each change, so any two transactions
 * that change one customer's reservations conflict, as in STAMP, where both write the head of
 * the list or the same link (a customer holds at most three reservations per make-reservation
 * transaction, a few in all).
 */
final class Customer {

    final int id;
    final TxnRef<List<ReservationInfo>> reservations = StmUtils.newTxnRef(List.of());

    Customer(int id) {
        this.id = id;
    }

    /**
     * Records a reservation of item {@code itemId} of table {@code type} at {@code price}.
     *
     * @return false, changing nothing, if the customer already holds one of that item
     */
    boolean addReservationInfo(Txn txn, int type, int itemId, long price) {
        List<ReservationInfo> old = Refs.read(txn, reservations);
        int at = 0;
        while (at < old.size() && old.get(at).compareTo(type, itemId) < 0) {
            at++;
        }
        if (at < old.size() && old.get(at).compareTo(type, itemId) == 0) {
            return false;
        }
        List<ReservationInfo> updated = new ArrayList<>(old.size() + 1);
        updated.addAll(old.subList(0, at));
        updated.add(new ReservationInfo(type, itemId, price));
        updated.addAll(old.subList(at, old.size()));
        Refs.write(txn, reservations, List.copyOf(updated));
        return true;
    }

    /** The total price of the customer's reservations. */
    long bill(Txn txn) {
        long bill = 0;
        for (ReservationInfo info : Refs.read(txn, reservations)) {
            bill += info.price();
        }
        return bill;
    }
}
