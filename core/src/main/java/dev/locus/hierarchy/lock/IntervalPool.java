package dev.locus.hierarchy.lock;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The pool of DomLock and NumLock ([Kalikar16], [Kalikar18]): every request that holds or waits
 * for leaf intervals, in arrival order. A request is granted once no earlier request — held or
 * still waiting — has an interval that overlaps one of its own with one of the two writing it.
 */
/*
 * Implementation notes
 *
 * Overview. The pool is a doubly linked list in arrival order; a request's position is its FIFO
 * sequence number. Arriving, a request is appended and scans the requests before it; if none
 * conflicts it runs at once, else it waits. Leaving, a request is unlinked and the waiters after
 * it are rescanned in order; each that no longer has an earlier conflict is granted. So among
 * conflicting requests grants follow arrival order (a reader does not overtake a waiting writer
 * it overlaps), while requests that conflict with nobody earlier never wait.
 *
 * Liveness. A request waits only for earlier ones, so the waits-for relation follows arrival
 * order and has no cycle; the oldest request is never blocked. A request that leaves — released
 * or interrupted while waiting — is unlinked and triggers the same rescan, so nobody keeps
 * waiting on it.
 *
 * Concurrency. The list, every request's links, `granted` and `wakeup` are guarded by `lock`.
 * A waiter awaits its own condition, signalled when it is granted, so a release wakes only the
 * requests it lets run. Arrival and release scan at most the requests in the pool, one per
 * thread at most.
 *
 * Memory ordering. All through `lock`.
 *
 * References. [Kalikar16] (DomLock), [Kalikar18] (NumLock); §3.1 of [Kalikar19] for the
 * nested intervals.
 */
final class IntervalPool {

    private final ReentrantLock lock = new ReentrantLock();
    private IntervalRequest head;
    private IntervalRequest tail;
    private int size;

    /**
     * Blocks until {@code request} is granted.
     *
     * @throws InterruptedException if interrupted on entry or while waiting; the request has
     *     then left the pool
     */
    void acquire(IntervalRequest request) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            append(request);
            if (!blockedByEarlier(request)) {
                request.granted = true;
                return;
            }
            request.wakeup = lock.newCondition();
            try {
                while (!request.granted) {
                    request.wakeup.await();
                }
            } catch (InterruptedException e) {
                leave(request);
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    /** Removes a granted request and grants the waiters it was holding back. */
    void release(IntervalRequest request) {
        lock.lock();
        try {
            leave(request);
        } finally {
            lock.unlock();
        }
    }

    /** The number of requests held or waiting. */
    int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    private void append(IntervalRequest request) {
        request.previous = tail;
        if (tail == null) {
            head = request;
        } else {
            tail.next = request;
        }
        tail = request;
        size++;
    }

    private void leave(IntervalRequest request) {
        IntervalRequest after = request.next;
        if (request.previous == null) {
            head = after;
        } else {
            request.previous.next = after;
        }
        if (after == null) {
            tail = request.previous;
        } else {
            after.previous = request.previous;
        }
        request.previous = null;
        request.next = null;
        size--;
        for (IntervalRequest waiter = after; waiter != null; waiter = waiter.next) {
            if (!waiter.granted && !blockedByEarlier(waiter)) {
                waiter.granted = true;
                waiter.wakeup.signal();
            }
        }
    }

    private boolean blockedByEarlier(IntervalRequest request) {
        for (IntervalRequest earlier = head; earlier != request; earlier = earlier.next) {
            if (earlier.intervals.conflictsWith(request.intervals)) {
                return true;
            }
        }
        return false;
    }
}
