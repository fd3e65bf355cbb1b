package dev.locus.luts;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * CTLUTS ([Nicacio10] §3.3.2, Listing 4): a table of conflict probabilities over ordered pairs of
 * transaction types, {@code P(t, o)} for "a transaction of type t aborts while one of type o
 * runs", and the vector of the types running on each worker.
 */
/*
 * Implementation notes
 *
 * Overview. At start, a type-t transaction is switched out if P(t, o) is above the threshold for
 * the type o running on any other worker; then the worker's entry of the active vector becomes t.
 * Each abort of t raises P(t, o), and each commit lowers it, for every o active on another
 * worker at that moment; the entry is cleared when the transaction ends. The paper does not give
 * the raise and lower rules; both use the contention-intensity step of CILUTS
 * (MovingAverages: P = 0.75*P + 0.25*CC, CC = 1 on abort, 0 on commit), so the table holds a moving average of the
 * outcomes of t's attempts while o was running. Unlike the paper, where an abort clears the
 * entry until the restart sets it again, an aborted transaction here retries at once on the same
 * worker, so its entry stays set until it commits.
 *
 * Concurrency. The races of the paper are kept, and they are benign: the active vector is read
 * without synchronizing with the workers that write it, so a start or an update may see a type
 * that has just stopped, or miss one that has just started. The outcome is one wrong switch
 * decision or one update against the wrong pair, both of which only steer scheduling: no
 * transaction's correctness depends on the table, and a transaction is switched out at most
 * maxDeferrals times in a row whatever the table says. Table entries themselves are updated by
 * compare-and-set (MovingAverages), so concurrent updates of one pair are not lost.
 *
 * Memory ordering. Entries are atomics: a reader sees some recent value, which is all a
 * heuristic needs.
 *
 * References. [Nicacio10] §3.3.2 and Listing 4.
 */
final class ConflictTableAvoidance extends ConflictAvoidance {

    private static final int MAX_TYPES = 64;
    private static final int NONE = -1;

    private final double threshold;
    private final TypeIndex types = new TypeIndex(MAX_TYPES);
    private final MovingAverages table = new MovingAverages(MAX_TYPES * MAX_TYPES);
    private AtomicIntegerArray active;

    ConflictTableAvoidance(double threshold) {
        this.threshold = threshold;
    }

    @Override
    void sizeFor(int workers) {
        active = new AtomicIntegerArray(workers);
        for (int w = 0; w < workers; w++) {
            active.set(w, NONE);
        }
    }

    @Override
    boolean shouldSwitch(int type, int worker) {
        int t = types.of(type);
        for (int w = 0; w < active.length(); w++) {
            int other = active.get(w);
            if (w != worker && other != NONE && probability(t, other) > threshold) {
                return true;
            }
        }
        return false;
    }

    @Override
    void started(int type, int worker) {
        active.set(worker, types.of(type));
    }

    @Override
    void stopped(int worker) {
        active.set(worker, NONE);
    }

    @Override
    void committed(int type, int worker) {
        record(type, worker, 0);
    }

    @Override
    void aborted(int type, int worker) {
        record(type, worker, 1);
    }

    private void record(int type, int worker, int cc) {
        int t = types.find(type);
        if (t < 0) {
            return; // a type never started by this scheduler: nothing to steer
        }
        for (int w = 0; w < active.length(); w++) {
            int other = active.get(w);
            if (w != worker && other != NONE) {
                table.record(t * MAX_TYPES + other, cc);
            }
        }
    }

    private double probability(int t, int other) {
        return table.get(t * MAX_TYPES + other);
    }

    @Override
    public String toString() {
        return "ctluts[threshold=" + threshold + "]";
    }
}
