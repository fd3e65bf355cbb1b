package dev.locus.jmh.stamp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.callables.TxnBooleanCallable;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.multiverse.api.callables.TxnLongCallable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The vacation database: its initial contents, the manager's operations as STAMP's
 * {@code TEST_MANAGER} exercises them, and {@link Vacation#checkTables()} finding what is wrong.
 */
class VacationTest {

    private final Manager manager = new Manager(16);

    @Test
    void populatedLikeStampsInitializeManager() {
        Vacation vacation = new Vacation(Vacation.Contention.LOW, 1_000);

        assertEquals(new Vacation.Tables(1_000, 3_000, 0), vacation.checkTables());
        List<long[]> rows = new ArrayList<>();
        StmUtils.atomic(txn -> {
            for (TxnRbMap<Reservation> table : vacation.manager.tables) {
                table.forEach(txn, (item, id) -> rows.add(new long[] {item.numTotal.get(txn), item.price.get(txn)}));
            }
        });
        assertEquals(3_000, rows.size());
        for (long[] row : rows) {
            assertTrue(row[0] % 100 == 0 && row[0] >= 100 && row[0] <= 500, "units " + row[0]);
            assertTrue(row[1] % 10 == 0 && row[1] >= 50 && row[1] <= 90, "price " + row[1]);
        }
    }

    @Test
    void itemsAreAddedRemovedAndRepricedAsInStamp() {
        assertFalse(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, -1, 0)), "negative units");
        assertFalse(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 0, -1)), "negative price");
        assertFalse(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 0, 0)), "no units");
        assertTrue(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 1, 2)));
        assertFalse(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, -2, -1)), "more than are free");
        assertTrue(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 1, -1)), "keeps the price");
        assertEquals(2, query(txn -> manager.queryNumFree(txn, Vacation.CAR, 1)));
        assertEquals(2, query(txn -> manager.queryPrice(txn, Vacation.CAR, 1)));
        assertTrue(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 0, 3)), "reprices");
        assertEquals(3, query(txn -> manager.queryPrice(txn, Vacation.CAR, 1)));

        assertTrue(atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, -2, -1)));

        assertEquals(-1, query(txn -> manager.queryNumFree(txn, Vacation.CAR, 1)), "no units left: removed");
    }

    @Test
    void reservationsAreBilledOncePerItemAndCancelledWithTheCustomer() {
        atomic(txn -> manager.addReservation(txn, Vacation.CAR, 1, 2, 10));
        atomic(txn -> manager.addReservation(txn, Vacation.FLIGHT, 1, 1, 30));
        assertFalse(atomic(txn -> manager.reserve(txn, Vacation.CAR, 7, 1)), "no such customer");
        assertTrue(atomic(txn -> manager.addCustomer(txn, 7)));
        assertFalse(atomic(txn -> manager.addCustomer(txn, 7)), "exists");

        assertTrue(atomic(txn -> manager.reserve(txn, Vacation.CAR, 7, 1)));
        assertFalse(atomic(txn -> manager.reserve(txn, Vacation.CAR, 7, 1)), "holds one already");
        assertEquals(1, query(txn -> manager.queryNumFree(txn, Vacation.CAR, 1)), "the refused one was undone");
        assertTrue(atomic(txn -> manager.reserve(txn, Vacation.FLIGHT, 7, 1)));
        assertFalse(atomic(txn -> manager.reserve(txn, Vacation.FLIGHT, 8, 1)), "no seat free");
        assertEquals(40, query(txn -> manager.queryCustomerBill(txn, 7)));
        assertFalse(atomic(txn -> manager.deleteFlight(txn, 1)), "a seat is reserved");

        assertTrue(atomic(txn -> manager.deleteCustomer(txn, 7)));

        assertEquals(-1, query(txn -> manager.queryCustomerBill(txn, 7)));
        assertEquals(2, query(txn -> manager.queryNumFree(txn, Vacation.CAR, 1)));
        assertTrue(atomic(txn -> manager.deleteFlight(txn, 1)));
        assertEquals(-1, query(txn -> manager.queryNumFree(txn, Vacation.FLIGHT, 1)));
        assertFalse(atomic(txn -> manager.deleteCustomer(txn, 7)), "gone");
    }

    @Test
    void checkTablesFindsAUnitThatNoCustomerHolds() {
        Vacation vacation = new Vacation(Vacation.Contention.HIGH, 64);
        atomic(txn -> vacation.manager.tables.get(Vacation.ROOM).find(txn, 5).make(txn));

        IllegalStateException e = assertThrows(IllegalStateException.class, vacation::checkTables);
        assertTrue(e.getMessage().contains("customers hold"), e.getMessage());
    }

    @Test
    void checkTablesFindsAReservationOfAnAbsentItem() {
        Vacation vacation = new Vacation(Vacation.Contention.HIGH, 64);
        Manager m = vacation.manager;
        assertTrue(atomic(txn -> m.reserve(txn, Vacation.CAR, 3, 9)));
        assertEquals(new Vacation.Tables(64, 192, 1), vacation.checkTables());
        atomic(txn -> m.tables.get(Vacation.CAR).remove(txn, 9));

        IllegalStateException e = assertThrows(IllegalStateException.class, vacation::checkTables);
        assertTrue(e.getMessage().contains("absent item"), e.getMessage());
    }

    @Test
    void checkTablesFindsCountsThatDoNotAddUp() {
        Vacation vacation = new Vacation(Vacation.Contention.HIGH, 64);
        TxnCallable<Reservation> find = txn -> vacation.manager.tables.get(Vacation.FLIGHT).find(txn, 64);
        Reservation flight = StmUtils.atomic(find);
        flight.numTotal.atomicIncrementAndGet(1);

        IllegalStateException e = assertThrows(IllegalStateException.class, vacation::checkTables);
        assertTrue(e.getMessage().contains("item 64"), e.getMessage());
    }

    private static boolean atomic(TxnBooleanCallable callable) {
        return StmUtils.atomic(callable);
    }

    private static long query(TxnLongCallable callable) {
        return StmUtils.atomic(callable);
    }
}
