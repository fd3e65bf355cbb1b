package dev.locus.luts;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The scheduler's runnable queue of logical threads, shared by all workers: FIFO, plus the look-up
 * of [Nicacio10]'s {@code luts_switch} for a logical thread waiting on a transaction of another
 * type. Workers block in {@link #take()} while it is empty.
 */
/*
 * Implementation notes
 *
 * Overview. An ArrayDeque under one lock, as [Nicacio10] uses one shared queue (there the two-lock
 * Michael–Scott queue). A switch must find and remove an element in the middle, which the lock
 * makes simple; the queue is touched once per logical-thread hand-off, not per memory access, so
 * the lock is not the bottleneck at one worker per core.
 *
 * Concurrency. Every field is guarded by `lock`. A worker that finds the queue empty waits on
 * `nonEmpty`; offer() signals one waiter, close() all of them.
 *
 * Memory ordering. The lock orders a context's hand-off: everything the offering worker wrote to
 * the context and its program happens-before the taking worker's reads.
 *
 * References. [Nicacio10] §3.1 (runnable queue, dispatcher loop), Table 1 (luts_switch).
 */
final class RunQueue {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition nonEmpty = lock.newCondition();
    private final ArrayDeque<ExecutionContext> queue = new ArrayDeque<>();
    private boolean closed;

    /** Appends {@code context} at the tail. */
    void offer(ExecutionContext context) {
        offerAll(List.of(context));
    }

    /**
     * Appends {@code contexts} at the tail, in order and at once: no worker takes the first before
     * the last is queued, so a run's logical threads become runnable together.
     */
    void offerAll(Collection<ExecutionContext> contexts) {
        lock.lock();
        try {
            for (ExecutionContext c : contexts) {
                queue.addLast(c);
                nonEmpty.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes and returns the head, waiting while the queue is empty and open.
     *
     * @return null once the queue is closed and empty
     * @throws InterruptedException if interrupted while waiting
     */
    ExecutionContext take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (queue.isEmpty()) {
                if (closed) {
                    return null;
                }
                nonEmpty.await();
            }
            return queue.pollFirst();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes and returns the first logical thread that does not wait on a transaction of type
     * {@code type} (one that waits on no transaction qualifies), or null if there is none.
     */
    ExecutionContext pollOtherType(int type) {
        lock.lock();
        try {
            for (Iterator<ExecutionContext> it = queue.iterator(); it.hasNext(); ) {
                ExecutionContext candidate = it.next();
                if (candidate.pendingType() != type) {
                    it.remove();
                    return candidate;
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /** Removes every queued logical thread of {@code run}. */
    void removeAll(LogicalRun run) {
        lock.lock();
        try {
            queue.removeIf(c -> c.run == run);
        } finally {
            lock.unlock();
        }
    }

    /** From now on, take() returns null instead of waiting on an empty queue. */
    void close() {
        lock.lock();
        try {
            closed = true;
            nonEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
