package dev.locus.toggle;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The thread communication of one bucket ([Kalikar19], Algorithm 2): the host opens an inner phase,
 * the host and any stealers claim its inner sub-buckets one at a time from an atomic counter, and
 * the host waits for every stealer to leave before it closes the phase and goes back to its outer
 * bucket. Whoever claims sub-bucket {@code i} in a phase is the only thread that touches it until
 * the phase closes; nobody but the host touches any sub-bucket between phases.
 */
/*
 * Implementation notes
 *
 * Overview. Three shared variables per bucket: `inner` (the paper's ToggleFlag), `counter` (its
 * Atomic_Counter) and `stealers` (how many remote threads are inside; the paper's "wait till all
 * remote threads finish" needs a count). The counter starts at, and between phases stays at or
 * above, subBuckets, so a claim outside a phase always fails.
 *   host:    [fill sub-buckets] open(): counter = 0; inner = true
 *            claim()* ... awaitStealers(): until stealers == 0;  close(): inner = false
 *   stealer: mayJoin(): inner && counter < subBuckets (paper line 8, a cheap filter)
 *            join(): stealers++ ; claim()* ; leave(): stealers--
 *
 * Concurrency. Claim. getAndIncrement hands out each value once, so within a phase each index
 * below subBuckets goes to one thread. Only the host resets the counter, in open(), and it opens a
 * phase only after the previous one closed, so a claim < subBuckets is always a claim in the
 * current phase.
 *
 * The host leaves only after the stealers: a stealer joins before it claims. If its claim i <
 * subBuckets succeeded, its increment precedes, in the counter's modification order, the host's
 * increment that exhausted the counter (the host exhausts it before awaiting); all of them are
 * sequentially consistent, so the stealer's join precedes the host's first read of `stealers` in
 * awaitStealers, which therefore counts it until it leaves, after running its sub-bucket.
 *
 * A late stealer, one that passed mayJoin in phase k but joins after the host read stealers == 0,
 * is harmless: its claim either reads a counter still exhausted (it claims nothing and leaves) or
 * follows the reset of phase k+1, in which case it is a stealer of phase k+1, counted there by the
 * argument above. Between the two phases the counter stays exhausted, so it cannot touch the
 * sub-buckets while the host refills them. The flag does not carry this argument; it is the
 * paper's gate that keeps stealers from joining buckets in outer mode.
 *
 * Memory ordering. Everything is volatile or an atomic read-modify-write. open() writes the counter
 * after the host filled the sub-buckets, so a claim, which reads that write or a later increment
 * of its release sequence, sees the filled sub-bucket (the paper's fence at line 5 / line 7).
 * leave() is a release of everything the stealer did; awaitStealers reads stealers == 0 with
 * acquire semantics, so after it the host sees every effect of the tasks the stealers ran.
 * Checked by the jcstress scenarios in ToggleHandoffStress, which drive this class.
 *
 * References. [Kalikar19] §3.5 (task stealing), §3.6 and Algorithm 2 (thread communication).
 */
final class ToggleProtocol {

    private static final int SPINS = 100;
    private static final int YIELDS = 200;
    private static final long PARK_NANOS = 20_000;

    private final int subBuckets;
    private final AtomicInteger counter;
    private final AtomicInteger stealers = new AtomicInteger();
    private volatile boolean inner;

    /** @param subBuckets the number of inner sub-buckets, at least 1 */
    ToggleProtocol(int subBuckets) {
        if (subBuckets < 1) {
            throw new IllegalArgumentException("subBuckets must be > 0, was " + subBuckets);
        }
        this.subBuckets = subBuckets;
        this.counter = new AtomicInteger(subBuckets);
    }

    int subBuckets() {
        return subBuckets;
    }

    // ---- host ----

    /** Host: opens an inner phase; call after filling the sub-buckets, and only when closed. */
    void open() {
        counter.set(0);
        inner = true;
    }

    /**
     * Host or joined stealer: claims the next sub-bucket of the current phase.
     *
     * @return its index, or -1 when every sub-bucket of the phase is claimed
     */
    int claim() {
        int i = counter.getAndIncrement();
        return i < subBuckets ? i : -1;
    }

    /**
     * Host, after its own {@link #claim()} returned -1: waits until no stealer is inside.
     *
     * @param abandon polled while waiting; when it returns true the wait ends early
     * @return true when the stealers have left, false when abandoned
     */
    boolean awaitStealers(BooleanSupplier abandon) {
        int rounds = 0;
        while (stealers.get() != 0) {
            if (abandon.getAsBoolean()) {
                return false;
            }
            if (rounds < SPINS) {
                Thread.onSpinWait();
            } else if (rounds < SPINS + YIELDS) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(this, PARK_NANOS);
            }
            rounds++;
        }
        return true;
    }

    /** Host: closes the phase after {@link #awaitStealers}; the host is back in outer mode. */
    void close() {
        inner = false;
    }

    /** Whether the host is in an inner phase (the paper's ToggleFlag). */
    boolean isInner() {
        return inner;
    }

    // ---- stealers ----

    /** Stealer: whether the bucket is in an inner phase with sub-buckets left to claim. */
    boolean mayJoin() {
        return inner && counter.get() < subBuckets;
    }

    /** Stealer: counts itself in; call before the first {@link #claim()}. */
    void join() {
        stealers.incrementAndGet();
    }

    /** Stealer: counts itself out, after running every sub-bucket it claimed. */
    void leave() {
        stealers.decrementAndGet();
    }
}
