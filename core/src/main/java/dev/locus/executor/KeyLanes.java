package dev.locus.executor;

import java.util.Queue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * A worker's queue, striped: unbounded FIFO lanes, each task in the lane of its key (or of its
 * submitting thread), drained by the owning worker (and, with relaxed ordering, by thieves).
 */
/*
 * Implementation notes
 *
 * Overview. Under Ordering.PER_KEY a task goes into its key's lane (Fibonacci hashing, so that
 * the consecutive keys a range router gives one worker fall into different lanes): all tasks of
 * one key share a lane, whichever threads submit them, and a lane is linearizable, so a
 * submission that happens-before another is ahead of it. Under PER_KEY_PER_THREAD and RELAXED, and
 * for a task without a key, it goes into its thread's lane (the thread id modulo the lane count):
 * a thread's tasks share a lane, which keeps that thread's order and no order between threads, and
 * producers on different stripes never write the same lane. Either way
 * lanes keep producers that submit to one worker off a single producer index, as ForkJoinPool's
 * external submission queues do. An element for every lane (a fence) is offered to each; the
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
 * producer index (the worker's park protocol relies on that, and it is what orders two offers of
 * one key that happen one after the other), and a poll acquires what the offer released.
 *
 * References. java.util.concurrent.ForkJoinPool (external submission queues); Knuth, TAOCP vol. 3
 * §6.4 (multiplicative hashing); JCTools MpscUnboundedXaddArrayQueue.
 */
final class KeyLanes {

    /** Elements the owner takes from one lane before it looks at the next. */
    private static final int BURST = 64;
    private static final int CHUNK_SIZE = 1024;
    /** 2^64 divided by the golden ratio, odd: Fibonacci hashing's multiplier. */
    private static final long GOLDEN_RATIO = 0x9E3779B97F4A7C15L;
    /** The product's top six bits pick the lane: room for 64 lanes, more than defaultCount() gives. */
    private static final int LANE_BITS = 58;

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
    KeyLanes(int count, boolean multiConsumer) {
        if (Integer.bitCount(count) != 1 || count > 1 << (64 - LANE_BITS)) {
            throw new IllegalArgumentException("lanes must be a power of two, at most 64: " + count);
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

    /** Offers {@code element} into lane {@code lane} modulo the lane count. */
    void offer(Object element, int lane) {
        lanes[lane & mask].offer(element);
    }

    /** The lane of a task with this key: Fibonacci hashing's top bits. */
    static int laneOfKey(long key) {
        return (int) ((key * GOLDEN_RATIO) >>> LANE_BITS);
    }

    /**
     * The lane of the calling thread: its id, so that the consecutive ids of a pool's threads
     * take different lanes.
     */
    static int laneOfCurrentThread() {
        return (int) Stripes.idOfCurrentThread();
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
