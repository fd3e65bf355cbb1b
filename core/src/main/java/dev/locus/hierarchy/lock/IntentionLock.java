package dev.locus.hierarchy.lock;

import java.util.ArrayDeque;

/**
 * The lock of one node under multiple granularity locking: how many requests hold each
 * {@link IntentionMode}, and the requests waiting, granted strictly first come, first served.
 */
/*
 * Implementation notes
 *
 * Overview. A request is granted at once only if nobody waits and its mode is compatible with
 * every mode held; otherwise it joins the FIFO queue. A release (or a waiter leaving) grants the
 * queue's head, and the next, while each is compatible with what is held by then, so a stream of
 * IS requests cannot starve an X waiting at the head.
 *
 * Concurrency. Every field is guarded by this object's monitor. A waiter waits on the monitor;
 * the thread that grants it sets its flag and counts its mode before notifyAll, so a woken waiter
 * needs no further check than its flag. notifyAll wakes every waiter of the node, which is cheap
 * for the handful of threads a node sees at once.
 *
 * Memory ordering. All by the monitor.
 *
 * References. [Gray75].
 */
final class IntentionLock {

    private static final IntentionMode[] MODES = IntentionMode.values();

    private final int[] held = new int[MODES.length];
    private ArrayDeque<Waiter> queue;

    /**
     * Blocks until {@code mode} is granted.
     *
     * @throws InterruptedException if interrupted while waiting; the mode is then not held
     */
    synchronized void acquire(IntentionMode mode) throws InterruptedException {
        if ((queue == null || queue.isEmpty()) && compatible(mode)) {
            held[mode.ordinal()]++;
            return;
        }
        if (queue == null) {
            queue = new ArrayDeque<>();
        }
        Waiter waiter = new Waiter(mode);
        queue.addLast(waiter);
        try {
            while (!waiter.granted) {
                wait();
            }
        } catch (InterruptedException e) {
            if (waiter.granted) {
                held[mode.ordinal()]--;
            } else {
                queue.remove(waiter);
            }
            grantWaiters();
            throw e;
        }
    }

    /** Releases one grant of {@code mode}. */
    synchronized void release(IntentionMode mode) {
        held[mode.ordinal()]--;
        grantWaiters();
    }

    private void grantWaiters() {
        boolean granted = false;
        while (queue != null && !queue.isEmpty() && compatible(queue.peekFirst().mode)) {
            Waiter next = queue.pollFirst();
            held[next.mode.ordinal()]++;
            next.granted = true;
            granted = true;
        }
        if (granted) {
            notifyAll();
        }
    }

    private boolean compatible(IntentionMode mode) {
        for (IntentionMode other : MODES) {
            if (held[other.ordinal()] > 0 && !mode.compatibleWith(other)) {
                return false;
            }
        }
        return true;
    }

    /** A request in the queue; guarded by the lock's monitor. */
    private static final class Waiter {
        final IntentionMode mode;
        boolean granted;

        Waiter(IntentionMode mode) {
            this.mode = mode;
        }
    }
}
