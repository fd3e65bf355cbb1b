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
    final InFlightIndicator inFlight = new InFlightIndicator();

    Epoch(RoutingTable table, long tableVersion, int runState) {
        this.table = table;
        this.tableVersion = tableVersion;
        this.runState = runState;
    }

    Epoch withState(int state) {
        return new Epoch(table, tableVersion, state);
    }

    Epoch withTable(RoutingTable next) {
        return new Epoch(next, tableVersion + 1, runState);
    }
}
