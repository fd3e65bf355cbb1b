package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.Txn;
import dev.locus.stm.dictionary.Refs;
import java.util.List;

/**
 * STAMP's travel reservation manager ({@code manager.c}): the car, flight and room tables and the
 * customer table, and the operations the clients combine into transactions. Every operation joins
 * the caller's transaction; each looks up what it needs afresh, walking the table's tree, as
 * STAMP's do (a make-reservation transaction walks a table twice per query and twice more per
 * reservation).
 */
final class Manager {

    /** The item tables by type: {@link Vacation#CAR}, {@link Vacation#FLIGHT}, {@link Vacation#ROOM}. */
    final List<TxnRbMap<Reservation>> tables;
    final TxnRbMap<Customer> customers;

    /** Empty tables for the ids 1 to {@code relations}. */
    Manager(int relations) {
        tables = List.of(new TxnRbMap<>(relations), new TxnRbMap<>(relations), new TxnRbMap<>(relations));
        customers = new TxnRbMap<>(relations);
    }

    /**
     * STAMP's {@code addReservation}: creates item {@code id} with {@code num} units if absent, or
     * adds {@code num} units (removes {@code -num} free ones if negative) and sets the price unless
     * {@code price} is negative; an item left with no units is removed.
     *
     * @return false, changing nothing, if the item is absent and {@code num < 1} or
     *     {@code price < 0}, or if fewer than {@code -num} units are free
     */
    boolean addReservation(Txn txn, int type, int id, long num, long price) {
        TxnRbMap<Reservation> table = tables.get(type);
        Reservation item = table.find(txn, id);
        if (item == null) {
            if (num < 1 || price < 0) {
                return false;
            }
            table.insert(txn, id, new Reservation(id, num, price));
            return true;
        }
        if (!item.addToTotal(txn, num)) {
            return false;
        }
        if (Refs.read(txn, item.numTotal) == 0) {
            table.remove(txn, id);
        } else {
            item.updatePrice(txn, price);
        }
        return true;
    }

    /**
     * STAMP's {@code manager_deleteFlight}: removes the whole flight, unless a customer holds a
     * seat on it.
     *
     * @return false if the flight is absent or has a reserved seat
     */
    boolean deleteFlight(Txn txn, int id) {
        Reservation flight = tables.get(Vacation.FLIGHT).find(txn, id);
        if (flight == null || Refs.read(txn, flight.numUsed) > 0) {
            return false;
        }
        return addReservation(txn, Vacation.FLIGHT, id, -Refs.read(txn, flight.numTotal), -1);
    }

    /**
     * Adds customer {@code id} without reservations.
     *
     * @return false if the customer exists
     */
    boolean addCustomer(Txn txn, int id) {
        if (customers.contains(txn, id)) {
            return false;
        }
        customers.insert(txn, id, new Customer(id));
        return true;
    }

    /**
     * Cancels every reservation of customer {@code id} and removes the customer.
     *
     * @return false if the customer is absent
     * @throws IllegalStateException if a reservation names an absent item or one with no unit
     *     reserved (STAMP restarts the transaction there; a consistent one never sees that)
     */
    boolean deleteCustomer(Txn txn, int id) {
        Customer customer = customers.find(txn, id);
        if (customer == null) {
            return false;
        }
        for (ReservationInfo info : Refs.read(txn, customer.reservations)) {
            Reservation item = tables.get(info.type()).find(txn, info.id());
            if (item == null || !item.cancel(txn)) {
                throw new IllegalStateException("customer " + id + " holds " + info + ", which is "
                        + (item == null ? "absent" : "not reserved"));
            }
        }
        customers.remove(txn, id);
        return true;
    }

    /** The free units of item {@code id} of table {@code type}, or -1 if absent. */
    long queryNumFree(Txn txn, int type, int id) {
        Reservation item = tables.get(type).find(txn, id);
        return item == null ? -1 : Refs.read(txn, item.numFree);
    }

    /** The price of item {@code id} of table {@code type}, or -1 if absent. */
    long queryPrice(Txn txn, int type, int id) {
        Reservation item = tables.get(type).find(txn, id);
        return item == null ? -1 : Refs.read(txn, item.price);
    }

    /** The total price of customer {@code id}'s reservations, or -1 if absent. */
    long queryCustomerBill(Txn txn, int id) {
        Customer customer = customers.find(txn, id);
        return customer == null ? -1 : customer.bill(txn);
    }

    /**
     * Reserves one unit of item {@code id} of table {@code type} for customer {@code customerId}.
     *
     * @return false, changing nothing, if the customer or the item is absent, no unit is free, or
     *     the customer already holds one of this item
     */
    boolean reserve(Txn txn, int type, int customerId, int id) {
        Customer customer = customers.find(txn, customerId);
        if (customer == null) {
            return false;
        }
        Reservation item = tables.get(type).find(txn, id);
        if (item == null || !item.make(txn)) {
            return false;
        }
        if (!customer.addReservationInfo(txn, type, id, Refs.read(txn, item.price))) {
            item.cancel(txn); // STAMP's undo; in one transaction it cannot fail
            return false;
        }
        return true;
    }
}
