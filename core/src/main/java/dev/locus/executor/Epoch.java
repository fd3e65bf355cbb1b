package dev.locus.executor;

import dev.locus.executor.routing.RoutingTable;

/**
 * One period in which the executor's routing table and run state do not change. Producers submit
 * inside an epoch (see {@link LocusExecutor}); replacing the epoch and waiting for the old one's
 * {@link #inFlight} to drain is how the executor knows that every task routed under the old table
 * or accepted in the old state has reached its queue.
 */
final class Epoch {

    static final int RUNNING = 0;
    static final int SHUTDOWN = 1;
    static final int STOP = 2;

    final RoutingTable table;
    /** Incremented with each new table; tasks remember the version they were routed under. */
    final long tableVersion;
    final int runState;
    /** The hand-off that installed {@link #table}, or null if it needed none. */
    private final Handoff handoff;
    final InFlightIndicator inFlight = new InFlightIndicator();

    Epoch(RoutingTable table, long tableVersion, int runState) {
        this(table, tableVersion, runState, null);
    }

    private Epoch(RoutingTable table, long tableVersion, int runState, Handoff handoff) {
        this.table = table;
        this.tableVersion = tableVersion;
        this.runState = runState;
        this.handoff = handoff;
    }

    Epoch withState(int state) {
        return new Epoch(table, tableVersion, state, handoff);
    }

    /** The epoch of table {@code next}, installed by {@code handoff} (null if it needs none). */
    Epoch withTable(RoutingTable next, Handoff handoff) {
        return new Epoch(next, tableVersion + 1, runState, handoff);
    }

    /**
     * Whether a task routed by this epoch's table may have to wait on its worker for its key's old
     * owner, and so must be queued with its key and version (a {@link KeyedTask}): only while the
     * hand-off that installed the table is under way. Once every fence has passed, every task
     * routed by an older table has run, so a task routed now can run as soon as it is dequeued.
     */
    boolean handoffPending() {
        return handoff != null && !handoff.complete();
    }
}
