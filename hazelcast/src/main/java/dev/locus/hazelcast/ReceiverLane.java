package dev.locus.hazelcast;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * One lane as a receiving node sees it: the deliveries that arrived and wait for their turn, the
 * ones running, and the fences other members wait for. Confined to the node's dispatcher thread.
 */
final class ReceiverLane {

    final LaneId id;
    /** Arrived, not yet started, by sequence number. */
    private final TreeMap<Long, Delivery> waiting = new TreeMap<>();
    /** Started (handed to the local executor) and not finished. */
    private final TreeSet<Long> running = new TreeSet<>();
    /** Successors waiting for this lane to be done through a number: (member, number). */
    private final List<Fence> fences = new ArrayList<>();
    /** Highest number started here; a delivery at or below it is a copy. */
    private long started = -1;
    /** Highest number of another member's segment known to be done (or whose member is gone). */
    private long predecessorsDone = -1;
    /** Highest number this node has asked a predecessor about, so each fence is asked once. */
    private long asked = -1;

    ReceiverLane(LaneId id) {
        this.id = id;
    }

    /** Adds an arrived delivery; false for a copy of one already here or started. */
    boolean offer(Delivery d) {
        if (d.seq <= started || waiting.containsKey(d.seq)) {
            return false;
        }
        waiting.put(d.seq, d);
        return true;
    }

    /**
     * The delivery that may start now, taken out of the waiting ones and counted as running; or
     * null. A delivery may start once this member has started the lane's deliveries it was sent
     * before ({@code ownLast}); the first of a segment also waits until its predecessor is done
     * with the numbers before it. (Within a segment {@code ownLast} is {@code seq - 1}.)
     */
    Delivery poll() {
        var first = waiting.firstEntry();
        if (first == null) {
            return null;
        }
        Delivery d = first.getValue();
        boolean ready = started >= d.ownLast && (d.predecessor == null || predecessorsDone >= d.seq - 1);
        if (!ready) {
            return null;
        }
        waiting.pollFirstEntry();
        started = d.seq;
        running.add(d.seq);
        return d;
    }

    /** The predecessor a fence must be asked of now, or null when none or already asked. */
    UUID toAsk() {
        var first = waiting.firstEntry();
        if (first == null) {
            return null;
        }
        Delivery d = first.getValue();
        if (d.predecessor == null || predecessorsDone >= d.seq - 1 || asked >= d.seq - 1) {
            return null;
        }
        asked = d.seq - 1;
        return d.predecessor;
    }

    /** Forgets that a fence was asked, so that it is asked again. */
    void askAgain() {
        asked = predecessorsDone;
    }

    /** The number the head delivery's predecessor must be done through. */
    long askedThrough() {
        return asked;
    }

    void predecessorDone(long through) {
        predecessorsDone = Math.max(predecessorsDone, through);
    }

    /** When the head waits for {@code gone}, which left the cluster: stop waiting for it. */
    void predecessorGone(UUID gone) {
        var first = waiting.firstEntry();
        if (first != null && gone.equals(first.getValue().predecessor)) {
            predecessorDone(first.getKey() - 1);
        }
    }

    void finished(long seq) {
        running.remove(seq);
    }

    /** Whether every delivery of this lane up to {@code through} has run here. */
    boolean doneThrough(long through) {
        return started >= through && (running.isEmpty() || running.first() > through);
    }

    void addFence(UUID asker, long through) {
        fences.add(new Fence(asker, through));
    }

    /** Removes and returns the fences that have passed. */
    List<Fence> passedFences() {
        List<Fence> passed = new ArrayList<>();
        for (Iterator<Fence> it = fences.iterator(); it.hasNext(); ) {
            Fence f = it.next();
            if (doneThrough(f.through)) {
                passed.add(f);
                it.remove();
            }
        }
        return passed;
    }

    record Fence(UUID asker, long through) {
    }
}
