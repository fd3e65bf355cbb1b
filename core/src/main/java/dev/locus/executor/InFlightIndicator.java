package dev.locus.executor;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Tells whether any producer is inside one {@link Epoch}'s submission section: each producer
 * inside holds a padded cell of its own, marked with its thread's id, and no cell is held once
 * every producer has left.
 */
/*
 * Implementation notes
 *
 * Overview. A producer takes a free cell by compare-and-set from 0 to its thread id, starting at
 * its stripe (Stripes) and probing onward while cells are held; it leaves by finding the cell
 * that holds its id, again from its stripe, and writing 0. Producers of different stripes start
 * at different cells, so they rarely probe, and a cell is held by one producer at a time, so
 * leaving needs no atomic read-modify-write: one per submission, where counting producers in and
 * out of shared cells took two.
 *
 * Concurrency. Cells are written by the producers that take and leave them and read by the
 * publisher waiting for quiescence. Thread ids are positive and unique among live threads, so a
 * producer finds a cell it took (a thread that entered twice, from a router's code, holds two
 * cells marked alike, and its two exits free both). More producers inside at once than cells make the surplus ones probe until a cell
 * frees up; cells are held only while a task is routed and offered, which never blocks.
 *
 * Memory ordering. Taking a cell is a sequentially consistent compare-and-set, which the
 * EpochGate's Dekker argument needs before the producer re-reads the epoch. Leaving is a release
 * store, so a publisher that reads the cell as free (volatile load) sees the producer's offer.
 * The producer's own search on leaving reads cells with opaque loads: its own last write to its
 * cell is visible to it, and any other value is another thread's.
 *
 * References. EpochGate (the Dekker pair); java.util.concurrent.atomic.Striped64 (padded cells
 * chosen per thread).
 */
final class InFlightIndicator {

    /** Longs per cell: 128 bytes, two cache lines, against adjacent-line prefetch. */
    private static final int STRIDE = 16;
    static final int CELLS = cells();

    private final AtomicLongArray cells = new AtomicLongArray(CELLS * STRIDE);

    /** Counts the calling thread in; it must {@link #exit()} from the same thread. */
    void enter() {
        long id = Stripes.idOfCurrentThread();
        int cell = (int) id & (CELLS - 1);
        for (int probes = 1; !cells.compareAndSet(cell * STRIDE, 0, id); probes++) {
            cell = (cell + 1) & (CELLS - 1);
            if (probes % CELLS == 0) {
                Thread.onSpinWait(); // every cell held: producers leave within a routing and an offer
            }
        }
    }

    /** Counts the calling thread out, from the cell its {@link #enter()} took. */
    void exit() {
        long id = Stripes.idOfCurrentThread();
        int cell = (int) id & (CELLS - 1);
        while (cells.getOpaque(cell * STRIDE) != id) {
            cell = (cell + 1) & (CELLS - 1);
        }
        cells.setRelease(cell * STRIDE, 0);
    }

    /**
     * Waits until every producer that entered before this call has exited. Producers that enter
     * after it may delay it but cannot starve it: they see a newer epoch and leave at once.
     */
    void awaitQuiescence() {
        for (int i = 0; i < CELLS; i++) {
            int spins = 0;
            while (cells.get(i * STRIDE) != 0) {
                if (++spins < 100) {
                    Thread.onSpinWait();
                } else if (spins < 200) {
                    Thread.yield();
                } else {
                    LockSupport.parkNanos(10_000);
                }
            }
        }
    }

    private static int cells() {
        int n = Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors()) * 2 - 1) << 1;
        return Math.min(64, n);
    }
}
