package dev.locus.executor;

import java.util.Queue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * A worker's queue, striped by producer: one unbounded lane per stripe of producer threads, each
 * lane FIFO, drained by the owning worker (and, with relaxed ordering, by thieves).
 */
/*
 * Implementation notes
 *
 * Overview. A producer always offers into the lane of its thread's stripe (Stripes), so its own
 * elements stay in its submission order, which is all that per-key order promises (per key, per
 * submitting thread). Producers on different stripes touch different lanes and so do not take
 * turns at one queue's producer index: with one lane per worker, two producers submitting to the
 * same worker made that index's cache line move between them on every offer, as ForkJoinPool
 * avoids by giving each external submitter a submission queue of its own. Elements of different
 * lanes have no order between them. An element for every lane (a fence) is offered to each; the
 * consumer has passed it once it has taken all of them.
 *
 * The owner drains the lane it is on for up to BURST elements, then moves to the next non-empty
 * one, so that it keeps one lane's lines in its cache while the lane has work and no lane waits
 * for more than (lanes - 1) bursts.
 *
 * Concurrency. Lanes are JCTools MPSC queues, MPMC ones when thieves poll them too (pollAny).
 * The cursor belongs to the owner's poll() (and to shutdownNow's drain once the owner has left
 * its polling window for good, which orders the two). isEmpty() and size() are snapshots.
 *
 * Memory ordering. As the lanes': an offer is a sequentially consistent atomic add on its lane's
 * producer index (the worker's park protocol relies on that), and a poll acquires what the offer
 * released.
 *
 * References. java.util.concurrent.ForkJoinPool (external submission queues chosen by a per-thread
 * probe); JCTools MpscUnboundedXaddArrayQueue.
 */
final class ProducerLanes {

    /** Elements the owner takes from one lane before it looks at the next. */
    private static final int BURST = 64;
    private static final int CHUNK_SIZE = 1024;

    /** Ints on either side of the owner's cursor: 128 bytes, two cache lines. */
    private static final int PADDING = 32;
    private static final int CURRENT = PADDING;
    private static final int BURST_TAKEN = PADDING + 1;

    private final Queue<Object>[] lanes;
    private final int mask;
    /**
     * The owner's cursor: the lane it is draining and how many elements it has taken from it in a
     * row, written on every poll, so padded away from {@code lanes} and {@code mask}, which
     * producers read on every offer.
     */
    private final int[] cursor = new int[BURST_TAKEN + 1 + PADDING];

    /**
     * @param count the number of lanes, a power of two
     * @param multiConsumer whether other threads than the owner poll (with {@link #pollAny()})
     */
    @SuppressWarnings({"unchecked", "rawtypes"}) // generic array of lanes
    ProducerLanes(int count, boolean multiConsumer) {
        if (Integer.bitCount(count) != 1) {
            throw new IllegalArgumentException("lanes must be a power of two: " + count);
        }
        this.lanes = new Queue[count];
        this.mask = count - 1;
        for (int i = 0; i < count; i++) {
            lanes[i] = multiConsumer ? new MpmcUnboundedXaddArrayQueue<>(CHUNK_SIZE)
                    : new MpscUnboundedXaddArrayQueue<>(CHUNK_SIZE);
        }
    }

    /** Lanes for an executor on this machine: one per processor, a power of two, at most eight. */
    static int defaultCount() {
        int processors = Math.min(8, Math.max(1, Runtime.getRuntime().availableProcessors()));
        return Integer.highestOneBit(processors);
    }

    int count() {
        return lanes.length;
    }

    /** Offers into the calling thread's lane. */
    void offer(Object element) {
        lanes[(int) Stripes.idOfCurrentThread() & mask].offer(element);
    }

    /** Offers {@code element} into every lane. */
    void offerToEach(Object element) {
        for (Queue<Object> lane : lanes) {
            lane.offer(element);
        }
    }

    /** The owner's next element, or null if every lane is empty. Owner only. */
    Object poll() {
        int[] c = cursor;
        int current = c[CURRENT];
        if (c[BURST_TAKEN] < BURST) {
            Object e = lanes[current].poll();
            if (e != null) {
                c[BURST_TAKEN]++;
                return e;
            }
        }
        for (int i = 1; i <= lanes.length; i++) {
            int lane = (current + i) & mask;
            Object e = lanes[lane].poll();
            if (e != null) {
                c[CURRENT] = lane;
                c[BURST_TAKEN] = 1;
                return e;
            }
        }
        c[BURST_TAKEN] = 0;
        return null;
    }

    /** An element from the first non-empty lane, or null; for thieves of a multi-consumer queue. */
    Object pollAny() {
        for (Queue<Object> lane : lanes) {
            Object e = lane.poll();
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    boolean isEmpty() {
        for (Queue<Object> lane : lanes) {
            if (!lane.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    int size() {
        int size = 0;
        for (Queue<Object> lane : lanes) {
            size += lane.size();
        }
        return size;
    }
}
