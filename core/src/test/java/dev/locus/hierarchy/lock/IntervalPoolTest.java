package dev.locus.hierarchy.lock;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The interval pool's grant order, driven deterministically: requests are put in one at a time,
 * each only after the pool holds the one before, so their arrival order is known.
 */
@Timeout(value = 30, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class IntervalPoolTest {

    private final IntervalPool pool = new IntervalPool();
    private final Queue<String> grants = new ConcurrentLinkedQueue<>();

    @Test
    void conflictingRequestsAreGrantedInArrivalOrderAndOthersDoNotWait() throws Exception {
        IntervalRequest holder = acquired(Intervals.single(0, 9, true));
        Locker first = enqueue(Locker::passing, "first", Intervals.single(5, 5, true));
        Locker second = enqueue(Locker::passing, "second", Intervals.single(4, 6, true));
        Locker third = enqueue(Locker::passing, "third", Intervals.single(5, 9, false));
        Locker elsewhere = Locker.holding("elsewhere", () -> acquired(Intervals.single(20, 29, true)), grants);
        assertTrue(elsewhere.awaitLocked(), "a request that overlaps nobody runs while the others wait");
        elsewhere.release();
        holder.close();
        for (Locker locker : List.of(first, second, third)) {
            locker.join();
            locker.assertNoFailure();
        }
        assertEquals(List.of("elsewhere", "first", "second", "third"), List.copyOf(grants));
        assertEquals(0, pool.size());
    }

    @Test
    void aReaderDoesNotOvertakeAWaitingWriterItOverlaps() throws Exception {
        IntervalRequest holder = acquired(Intervals.single(0, 9, false));
        Locker writer = enqueue(Locker::passing, "writer", Intervals.single(5, 5, true));
        Locker besideTheWriter = Locker.passing("reader beside the writer", () -> acquired(Intervals.single(0, 3, false)),
                grants);
        besideTheWriter.join();
        Locker behindTheWriter = enqueue(Locker::passing, "reader behind the writer", Intervals.single(5, 9, false));
        holder.close();
        writer.join();
        behindTheWriter.join();
        assertEquals(List.of("reader beside the writer", "writer", "reader behind the writer"), List.copyOf(grants));
    }

    @Test
    void readersShareAndMultiIntervalRequestsConflictOnlyWhereTheyOverlap() throws Exception {
        IntervalRequest holder = acquired(new Intervals(new int[] {0, 10}, new int[] {2, 12}, new boolean[] {false, true}));
        Locker reader = Locker.passing("reader of the read part", () -> acquired(Intervals.single(0, 5, false)), grants);
        Locker gap = Locker.passing("writer in the gap", () -> acquired(Intervals.single(3, 9, true)), grants);
        reader.join();
        gap.join();
        Locker written = enqueue(Locker::passing, "reader of the written part", Intervals.single(12, 20, false));
        holder.close();
        written.join();
        assertEquals(List.of("reader of the written part"), List.copyOf(grants).subList(2, 3));
    }

    @Test
    void anInterruptedWaiterLeavesThePoolAndUnblocksThoseBehindIt() throws Exception {
        IntervalRequest holder = acquired(Intervals.single(0, 0, true));
        Locker interrupted = enqueue(Locker::holding, "interrupted", Intervals.single(0, 5, true));
        Locker behind = enqueue(Locker::holding, "behind", Intervals.single(5, 5, true));
        interrupted.interrupt();
        interrupted.join();
        assertInstanceOf(InterruptedException.class, interrupted.failure());
        assertTrue(behind.awaitLocked(), "granted while the holder still holds [0, 0]");
        behind.release();
        holder.close();
        assertEquals(0, pool.size());
    }

    /** How {@link Locker} starts a thread. */
    private interface Start {
        Locker start(String name, java.util.concurrent.Callable<HierarchicalLockManager.Held> lock, Queue<String> grants);
    }

    /** Starts a request on its own thread and waits until it waits in the pool. */
    private Locker enqueue(Start start, String name, Intervals intervals) throws InterruptedException {
        int before = pool.size();
        Locker locker = start.start(name, () -> acquired(intervals), grants);
        long deadline = System.nanoTime() + SECONDS.toNanos(10);
        while (pool.size() == before) {
            if (System.nanoTime() > deadline) {
                fail(name + " never entered the pool");
            }
            Thread.sleep(1);
        }
        locker.awaitBlocked();
        return locker;
    }

    private IntervalRequest acquired(Intervals intervals) throws InterruptedException {
        IntervalRequest request = new IntervalRequest(pool, intervals);
        pool.acquire(request);
        return request;
    }
}
