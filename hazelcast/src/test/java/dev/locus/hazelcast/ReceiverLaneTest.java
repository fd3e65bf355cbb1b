package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** One lane's ordering rules on the receiving side, without a cluster. */
class ReceiverLaneTest {

    private static final UUID OTHER = UUID.randomUUID();
    private final LaneId id = new LaneId(UUID.randomUUID(), UUID.randomUUID(), 3);

    private Delivery delivery(long seq, UUID predecessor, long ownLast) {
        return new Delivery(id, seq, 7, new byte[0], predecessor, ownLast, null);
    }

    /** A segment here: the lane's numbers from..to, all sent to this member, the first after ownLast. */
    private List<Delivery> segment(long from, long to, UUID predecessor, long ownLast) {
        List<Delivery> out = new ArrayList<>();
        for (long seq = from; seq <= to; seq++) {
            out.add(seq == from ? delivery(seq, predecessor, ownLast) : delivery(seq, null, seq - 1));
        }
        return out;
    }

    private static List<Long> drain(ReceiverLane lane) {
        List<Long> started = new ArrayList<>();
        for (Delivery d; (d = lane.poll()) != null; ) {
            started.add(d.seq);
        }
        return started;
    }

    @Test
    void startsInNumberOrderWhateverTheArrivalOrderAndDropsCopies() {
        for (long seed = 0; seed < 200; seed++) {
            ReceiverLane lane = new ReceiverLane(id);
            List<Delivery> arrivals = new ArrayList<>(segment(0, 49, null, -1));
            arrivals.addAll(segment(10, 20, null, 9)); // copies, as a resend makes
            Collections.shuffle(arrivals, new Random(seed));
            List<Long> started = new ArrayList<>();
            for (Delivery d : arrivals) {
                lane.offer(d);
                started.addAll(drain(lane));
            }
            List<Long> expected = new ArrayList<>();
            for (long seq = 0; seq < 50; seq++) {
                expected.add(seq);
            }
            assertEquals(expected, started, "seed " + seed);
        }
    }

    @Test
    void aSegmentStartsOnlyAfterItsPredecessorsFenceAndThisMembersEarlierTasks() {
        ReceiverLane lane = new ReceiverLane(id);
        // 0..4 here, 5..9 at OTHER, 10..12 here again
        for (Delivery d : segment(10, 12, OTHER, 4)) {
            lane.offer(d);
        }
        assertNull(lane.poll(), "nothing before this member's own 0..4");
        for (Delivery d : segment(0, 4, null, -1)) {
            lane.offer(d);
        }
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), drain(lane));
        assertEquals(OTHER, lane.toAsk(), "asks the predecessor once");
        assertEquals(9, lane.askedThrough());
        assertNull(lane.toAsk());
        lane.predecessorDone(8);
        assertNull(lane.poll(), "8 is not 9");
        lane.predecessorDone(9);
        assertEquals(List.of(10L, 11L, 12L), drain(lane));
    }

    @Test
    void aGonePredecessorCountsAsDone() {
        ReceiverLane lane = new ReceiverLane(id);
        lane.offer(delivery(5, OTHER, -1));
        assertNull(lane.poll());
        lane.predecessorGone(OTHER);
        assertEquals(List.of(5L), drain(lane));
    }

    @Test
    void fencesPassOnlyOnceEverythingUpToThemHasFinished() {
        ReceiverLane lane = new ReceiverLane(id);
        for (Delivery d : segment(0, 3, null, -1)) {
            lane.offer(d);
        }
        lane.addFence(OTHER, 3);
        assertTrue(lane.passedFences().isEmpty(), "nothing started yet");
        drain(lane);
        lane.finished(0);
        lane.finished(2);
        lane.finished(3);
        assertFalse(lane.doneThrough(3), "1 still runs");
        assertTrue(lane.doneThrough(0));
        assertTrue(lane.passedFences().isEmpty());
        lane.finished(1);
        assertEquals(List.of(new ReceiverLane.Fence(OTHER, 3)), lane.passedFences());
        assertTrue(lane.passedFences().isEmpty(), "answered once");
    }
}
