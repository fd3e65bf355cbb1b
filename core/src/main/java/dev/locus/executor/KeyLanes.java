package dev.locus.executor;

import java.util.Queue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * A worker's queue, striped by key: unbounded FIFO lanes, each task in the lane of its key, drained
 * by the owning worker (and, with relaxed ordering, by thieves).
 */
/*
 * Implementation notes
 *
 * Overview. A task goes into the lane its key hashes to, so all tasks of one key share a lane,
 * whichever threads submit them; a task without a key goes into a lane chosen by the submitting
 * thread (no order is promised for it). Lanes keep producers that submit different keys off each
 * other's producer index, as ForkJoinPool's external submission queues do, without giving up the
 * order between submitters: per-key order is the order of the key's lane, and a lane is
 * linearizable, so a submission that happens-before another is ahead of it in the lane. (Lanes
 * striped by producer thread, tried before, had no order between lanes, so a key handed from one
 * thread to another could overtake its own earlier task.) Keys are spread over lanes by Fibonacci
 * hashing, so that the consecutive keys a range router gives one worker fall into different lanes.
 * An element for every lane (a fence) is offered to each; the consumer has passed it once it has
 * taken all of them.
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

    /**
     * Offers {@code element} into the lane of {@code laneKey}: the task's key, or for a task
     * without one, the submitting thread's {@linkplain Stripes#idOfCurrentThread() id}.
     */
    void offer(Object element, long laneKey) {
        lanes[(int) ((laneKey * GOLDEN_RATIO) >>> LANE_BITS) & mask].offer(element);
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
