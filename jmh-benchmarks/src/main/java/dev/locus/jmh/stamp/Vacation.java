package dev.locus.jmh.stamp;

import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.PropagationLevel;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.TxnExecutor;
import dev.locus.multiverse.api.callables.TxnBooleanCallable;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.stm.TransactionalExecutor;
import java.util.List;
import java.util.SplittableRandom;

/**
 * STAMP's {@code vacation}: a travel reservation system whose clients make reservations, delete
 * customers and update the item tables, each action one transaction, over four red-black-tree
 * tables (cars, flights, rooms; customers) kept in Multiverse references.
 *
 * <pre>{@code
 * Vacation vacation = new Vacation(Vacation.Contention.HIGH, 16_384);
 * Vacation.Client client = vacation.client(new SplittableRandom(1));
 * int type = client.chooseNext();      // MAKE_RESERVATION, DELETE_CUSTOMER or UPDATE_TABLES
 * client.runChosen(stm);               // until it commits
 * Vacation.Tables tables = vacation.checkTables();
 * }</pre>
 */
public final class Vacation {

    /*
     * Implementation notes
     *
     * Overview
     *   A port of STAMP 0.9.10's vacation (client.c, manager.c, reservation.c, customer.c,
     *   vacation.c) to Java on Multiverse. The database starts as in initializeManager: ids 1..r
     *   in each of the four tables, inserted in a shuffled order, each item with 100-500 units at
     *   a price of 50-90. A client draws its action and all of its arguments before the
     *   transaction, as client_run does, so that every retry replays the same transaction: with
     *   r = a draw of [0, 100), r < u makes a reservation, otherwise an odd r deletes a customer
     *   and an even one updates the tables, so each of those is (100 - u) / 2 %. Make-reservation
     *   queries 1..n random items of random tables among the first q % of ids, keeps the most
     *   expensive available item of each table, adds the customer if it found any, and reserves
     *   those items for it; delete-customer bills the customer and, if present, cancels its
     *   reservations and removes it; update-tables adds (100 units, new price) or removes
     *   (100 free units of a car or room; a whole flight if no seat is taken) 1..n random items.
     *   Every lookup is a validated transactional walk of a red-black tree (TxnRbMap), repeated
     *   as often as STAMP repeats it, so the transactions are long, read-dominated, and conflict
     *   where they write counts, customers' lists or tree links another walks.
     *
     *   The database ages, as STAMP's does: a transaction adds 1.3 (low) or 1.6 (high)
     *   reservations on average, and only a delete-customer, 1 % (low) or 5 % (high) of them,
     *   removes any, all of one customer's; so the queried customers hold more and more
     *   reservations, towards at most some 130 (low) or 32 (high) each, approached with a time
     *   constant of some 1.5 M (low) or 200 K (high) transactions at r = 16384, and
     *   delete-customer transactions grow with them. STAMP's recommended runs
     *   (t = r / 4 or 4 r) end far from there; a caller running many more transactions on one
     *   database measures an older one than it started with.
     *
     *   Differences from STAMP, and why:
     *   - Java and Multiverse (Snapshot isolation; locking at commit unless the caller's
     *     TransactionalExecutor locks at first write, as the oversubscription suite's does)
     *     instead of C and TinySTM or TL2. To keep TinySTM's serializability every read is
     *     ensured at commit (Refs); a
     *     plain Snapshot read would let a customer be deleted while another transaction adds a
     *     reservation to it, leaving a unit used by no one.
     *   - No manual memory management: STAMP frees removed items, customers and reservation
     *     infos with TM_FREE; here the garbage collector takes what no committed link reaches,
     *     and an aborted attempt's new nodes are simply dropped.
     *   - STAMP's TM_RESTART where it finds an impossible state (an item whose counts do not add
     *     up, a reservation of an absent item) guards against inconsistent reads, which Multiverse
     *     does not allow; here such a state throws IllegalStateException, a bug.
     *   - A customer's reservations are an immutable sorted list in one reference, replaced on
     *     each change, instead of a transactional linked list: two transactions that change one
     *     customer's reservations conflict in both; reading the list is one reference here.
     *   - Random numbers come from the caller's SplittableRandom, not a per-client MT19937 seeded
     *     by its id, so the draws differ from STAMP's; their distributions are the same.
     *   - STAMP runs t transactions split among its clients; here the caller runs as many as it
     *     likes (the SPMD team runs phases), and r is the caller's: the README's low and high
     *     contention settings fix n, q and u only.
     *   - checkTables checks more than STAMP's, which looks for duplicate ids: see its Javadoc.
     *
     * Concurrency
     *   All mutable state is in Multiverse references, read and written only inside the
     *   transactions the clients run through their TransactionalExecutor, so each action is
     *   atomic and any number of clients may run at once. Ids, node keys and values, and
     *   reservation infos are immutable. GammaStm read-locks every ensured reference at commit,
     *   so a committing transaction holds shared locks on all it read, the nodes near each
     *   tree's root included, for as long as its commit takes (longer if it is preempted there);
     *   a transaction that must write one of them meanwhile, or read one a committer holds
     *   exclusively, spins and then aborts. TinySTM's commit validates its read set without
     *   locking it, so some of vacation's aborts here, and their bursts on an oversubscribed
     *   machine, are Multiverse's. A Client is one thread's at a time. checkTables reads
     *   everything in one read-only transaction of its own: correct at any time, but meant for
     *   when no client runs, since any commit meanwhile aborts so long a reader.
     *
     * Memory ordering
     *   Items, customers and tree nodes are built, with their references' initial values, before
     *   the transactional write that links them into a table; Multiverse's commit of that write
     *   happens-before any transaction that reads the link, so the new object's final fields and
     *   initial values are visible to it. Client fields are plain: chooseNext and runChosen run
     *   on one thread, or on threads whose hand-off orders them.
     *
     * References
     *   C. Cao Minh, J. Chung, C. Kozyrakis, K. Olukotun: STAMP: Stanford Transactional
     *   Applications for Multi-Processing, IISWC 2008, and STAMP 0.9.10's vacation/README (the
     *   low and high contention settings); [Nicacio10] §4 (vacation-low and -high in LUTS's
     *   evaluation on TinySTM); [Maldonado10] §5.2, Table 3, Figures 8-9 (vacation: long
     *   transactions, low contention, basic falls below one thread beyond the core count).
     */

    /** Table and reservation type: cars ({@code RESERVATION_CAR}). */
    static final int CAR = 0;
    /** Table and reservation type: flights. */
    static final int FLIGHT = 1;
    /** Table and reservation type: rooms. */
    static final int ROOM = 2;
    private static final int TABLES = 3;

    /** Transaction type of a make-reservation action. */
    public static final int MAKE_RESERVATION = 0;
    /** Transaction type of a delete-customer action. */
    public static final int DELETE_CUSTOMER = 1;
    /** Transaction type of an update-tables action. */
    public static final int UPDATE_TABLES = 2;

    /** Units an update-tables action adds to or removes from an item (STAMP's constant 100). */
    private static final int UPDATE_UNITS = 100;

    /** Runs {@link #checkTables} outside any transaction of the caller's. */
    private static final TxnExecutor READ_ONLY = GlobalStmInstance.getGlobalStmInstance()
            .newTxnFactoryBuilder()
            .setPropagationLevel(PropagationLevel.RequiresNew)
            .setReadonly(true)
            .newTxnExecutor();

    /** The STAMP README's contention levels: its {@code -n}, {@code -q} and {@code -u}. */
    public enum Contention {
        /** vacation-low: {@code -n2 -q90 -u98}. */
        LOW(2, 90, 98),
        /** vacation-high: {@code -n4 -q60 -u90}. */
        HIGH(4, 60, 90);

        private final int queriesPerTransaction;
        private final int queryPercent;
        private final int userPercent;

        Contention(int queriesPerTransaction, int queryPercent, int userPercent) {
            this.queriesPerTransaction = queriesPerTransaction;
            this.queryPercent = queryPercent;
            this.userPercent = userPercent;
        }

        /** {@code -n}: the most items a make-reservation queries or an update-tables changes. */
        public int queriesPerTransaction() {
            return queriesPerTransaction;
        }

        /** {@code -q}: the percentage of the ids that clients query. */
        public int queryPercent() {
            return queryPercent;
        }

        /** {@code -u}: the percentage of actions that make reservations. */
        public int userPercent() {
            return userPercent;
        }
    }

    /** Package-private for tests. */
    final Manager manager;
    private final Contention contention;
    private final int relations;
    /** Clients draw ids from 1 to this: {@code q} % of {@code relations}, rounded. */
    private final int queryRange;

    /**
     * A database of {@code relations} cars, flights, rooms and customers, ids 1 to
     * {@code relations}, populated as STAMP's {@code initializeManager} does from a seed fixed by
     * {@code relations}, and queried at {@code contention}'s level.
     *
     * @throws IllegalArgumentException if {@code relations < 1}, or if it is too small for any id
     *     to be queried
     */
    public Vacation(Contention contention, int relations) {
        if (relations < 1) {
            throw new IllegalArgumentException("relations " + relations + " < 1");
        }
        this.contention = contention;
        this.relations = relations;
        this.queryRange = (int) Math.round(contention.queryPercent() / 100.0 * relations);
        if (queryRange < 1) {
            throw new IllegalArgumentException(relations + " relations leave no id to query");
        }
        this.manager = new Manager(relations);
        populate(new SplittableRandom(relations));
    }

    private void populate(SplittableRandom random) {
        int[] ids = new int[relations];
        for (int i = 0; i < relations; i++) {
            ids[i] = i + 1;
        }
        for (int table = 0; table <= TABLES; table++) {
            for (int i = 0; i < relations; i++) {
                int x = random.nextInt(relations);
                int y = random.nextInt(relations);
                int swap = ids[x];
                ids[x] = ids[y];
                ids[y] = swap;
            }
            for (int id : ids) {
                long num = (random.nextInt(5) + 1) * 100L;
                long price = random.nextInt(5) * 10L + 50;
                int type = table;
                TxnBooleanCallable add = txn -> type == TABLES
                        ? manager.addCustomer(txn, id)
                        : manager.addReservation(txn, type, id, num, price);
                if (!StmUtils.atomic(add)) {
                    throw new IllegalStateException("id " + id + " added twice to table " + table);
                }
            }
        }
    }

    /** The contention level the clients query at. */
    public Contention contention() {
        return contention;
    }

    /** The number of ids each table started with. */
    public int relations() {
        return relations;
    }

    /** A new client, drawing its actions from {@code random}. */
    public Client client(SplittableRandom random) {
        return new Client(random);
    }

    /** What {@link #checkTables} counted. */
    public record Tables(int customers, int items, long reservations) {
    }

    /**
     * Checks the database in a read-only transaction of its own: each table is a valid red-black
     * tree whose keys are the ids of its rows, within 1 to {@link #relations()}; every item's
     * counts are non-negative and {@code numUsed + numFree == numTotal}, its price non-negative;
     * every customer's reservations are sorted, at most one per item, each of an item present in
     * its table; and each item's {@code numUsed} is the number of customers holding it. Meant for
     * when no client runs: a commit meanwhile aborts the check, which then starts over.
     *
     * @return the customers, the items of all three tables and the reservations counted
     * @throws IllegalStateException naming the first violation found
     */
    public Tables checkTables() {
        TxnCallable<Tables> check = this::check;
        return READ_ONLY.execute(check);
    }

    private Tables check(Txn txn) {
        Reservation[][] byId = new Reservation[TABLES][relations + 1];
        int[][] held = new int[TABLES][relations + 1];
        int items = 0;
        for (int type = 0; type < TABLES; type++) {
            TxnRbMap<Reservation> table = manager.tables.get(type);
            items += table.checkInvariants(txn);
            Reservation[] rows = byId[type];
            table.forEach(txn, (item, id) -> {
                checkId(item.id, id, "item");
                String violation = item.violation(item.numUsed.get(txn), item.numFree.get(txn),
                        item.numTotal.get(txn), item.price.get(txn));
                if (violation != null) {
                    throw new IllegalStateException(violation);
                }
                rows[id] = item;
            });
        }
        int customers = manager.customers.checkInvariants(txn);
        long[] reservations = new long[1];
        manager.customers.forEach(txn, (customer, id) -> {
            checkId(customer.id, id, "customer");
            List<ReservationInfo> infos = customer.reservations.get(txn);
            for (int i = 0; i < infos.size(); i++) {
                ReservationInfo info = infos.get(i);
                if (i > 0 && infos.get(i - 1).compareTo(info.type(), info.id()) >= 0) {
                    throw new IllegalStateException("customer " + id + "'s reservations are not sorted and"
                            + " distinct: " + infos);
                }
                Reservation item = info.id() < 1 || info.id() > relations ? null : byId[info.type()][info.id()];
                if (item == null || info.price() < 0) {
                    throw new IllegalStateException("customer " + id + " holds " + info
                            + (item == null ? ", an absent item" : " at a negative price"));
                }
                held[info.type()][info.id()]++;
                reservations[0]++;
            }
        });
        for (int type = 0; type < TABLES; type++) {
            for (int id = 1; id <= relations; id++) {
                Reservation item = byId[type][id];
                if (item != null && item.numUsed.get(txn) != held[type][id]) {
                    throw new IllegalStateException("item " + id + " of table " + type + " has "
                            + item.numUsed.get(txn) + " units used but " + held[type][id] + " customers hold one");
                }
            }
        }
        return new Tables(customers, items, reservations[0]);
    }

    private void checkId(int rowId, int key, String what) {
        if (rowId != key || key < 1 || key > relations) {
            throw new IllegalStateException(what + " " + rowId + " under key " + key + ", or outside 1.."
                    + relations);
        }
    }

    /**
     * One client thread of STAMP's vacation ({@code client_run}): {@link #chooseNext} draws an
     * action and its arguments, {@link #runChosen} runs it as one transaction. Used by one thread
     * at a time.
     */
    public final class Client {

        private final SplittableRandom random;
        private final int[] types;
        private final int[] ids;
        private final boolean[] adds;
        private final long[] prices;
        private int action;
        private int count;
        private int customerId;

        private Client(SplittableRandom random) {
            this.random = random;
            int n = contention.queriesPerTransaction();
            this.types = new int[n];
            this.ids = new int[n];
            this.adds = new boolean[n];
            this.prices = new long[n];
        }

        /**
         * Draws the next action and its arguments.
         *
         * @return its transaction type: {@link #MAKE_RESERVATION}, {@link #DELETE_CUSTOMER} or
         *     {@link #UPDATE_TABLES}
         */
        public int chooseNext() {
            int r = random.nextInt(100);
            int n = contention.queriesPerTransaction();
            if (r < contention.userPercent()) {
                action = MAKE_RESERVATION;
                count = random.nextInt(n) + 1;
                customerId = randomId();
                for (int i = 0; i < count; i++) {
                    types[i] = random.nextInt(TABLES);
                    ids[i] = randomId();
                }
            } else if ((r & 1) == 1) {
                action = DELETE_CUSTOMER;
                customerId = randomId();
            } else {
                action = UPDATE_TABLES;
                count = random.nextInt(n) + 1;
                for (int i = 0; i < count; i++) {
                    types[i] = random.nextInt(TABLES);
                    ids[i] = randomId();
                    adds[i] = random.nextBoolean();
                    if (adds[i]) {
                        prices[i] = random.nextInt(5) * 10L + 50;
                    }
                }
            }
            return action;
        }

        private int randomId() {
            return random.nextInt(queryRange) + 1;
        }

        /**
         * Runs the action {@link #chooseNext} drew as one transaction of {@code stm}, until it
         * commits, keyed by its customer (make-reservation, delete-customer) or first item
         * (update-tables).
         *
         * @throws Exception what the transaction threw; an {@link IllegalStateException} means
         *     the database was found inconsistent
         */
        public void runChosen(TransactionalExecutor stm) throws Exception {
            switch (action) {
                case MAKE_RESERVATION -> stm.call(customerId, MAKE_RESERVATION, this::makeReservation);
                case DELETE_CUSTOMER -> stm.call(customerId, DELETE_CUSTOMER, this::deleteCustomer);
                default -> stm.call(ids[0], UPDATE_TABLES, this::updateTables);
            }
        }

        private boolean makeReservation(Txn txn) {
            long[] maxPrices = {-1, -1, -1};
            int[] maxIds = {-1, -1, -1};
            boolean found = false;
            for (int i = 0; i < count; i++) {
                int type = types[i];
                int id = ids[i];
                long price = -1;
                if (manager.queryNumFree(txn, type, id) >= 0) {
                    price = manager.queryPrice(txn, type, id);
                }
                if (price > maxPrices[type]) {
                    maxPrices[type] = price;
                    maxIds[type] = id;
                    found = true;
                }
            }
            if (found) {
                manager.addCustomer(txn, customerId);
            }
            for (int type = 0; type < TABLES; type++) {
                if (maxIds[type] > 0) {
                    manager.reserve(txn, type, customerId, maxIds[type]);
                }
            }
            return found;
        }

        private boolean deleteCustomer(Txn txn) {
            return manager.queryCustomerBill(txn, customerId) >= 0 && manager.deleteCustomer(txn, customerId);
        }

        private Void updateTables(Txn txn) {
            for (int i = 0; i < count; i++) {
                int type = types[i];
                int id = ids[i];
                if (adds[i]) {
                    manager.addReservation(txn, type, id, UPDATE_UNITS, prices[i]);
                } else if (type == FLIGHT) {
                    manager.deleteFlight(txn, id);
                } else {
                    manager.addReservation(txn, type, id, -UPDATE_UNITS, -1);
                }
            }
            return null;
        }
    }
}
