package dev.locus.toggle;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One hash bucket of Fig. 2: the outer bucket (A) that producers fill, the inner sub-buckets (B)
 * that only its host fills, the {@link ToggleProtocol} through which others steal from them, and
 * the claim that makes the bucket's tasks exclusive of the multi-bucket tasks that span it.
 *
 * <p>The outer queue is multi-producer; only the host polls it. An inner sub-bucket is touched by
 * the host between inner phases and, during a phase, only by the thread that claimed it (see
 * {@link ToggleProtocol}), always inside that thread's polling window (see {@link ToggleWorker}).
 */
final class Bucket {

    final int index;
    final Queue<PlacedTask> outer = new ConcurrentLinkedQueue<>();
    final ArrayDeque<PlacedTask>[] inner;
    final ToggleProtocol protocol;
    /**
     * Held by whoever runs a task that touches this bucket's leaves outside an inner phase, and by
     * the host for a whole inner phase. Fair, so a multi-bucket task waiting for it gets it before
     * the host takes it back. Used only in scheduler-exclusive mode.
     */
    final ReentrantLock claim = new ReentrantLock(true);

    @SuppressWarnings({"unchecked", "rawtypes"}) // generic array of sub-bucket queues
    Bucket(int index, int subBuckets) {
        this.index = index;
        this.protocol = new ToggleProtocol(subBuckets);
        this.inner = new ArrayDeque[subBuckets];
        for (int i = 0; i < subBuckets; i++) {
            inner[i] = new ArrayDeque<>();
        }
    }

    /**
     * Moves every task never started into {@code out}; only when no thread can touch the inner
     * sub-buckets any more.
     */
    void drainTo(List<Runnable> out) {
        PlacedTask t;
        while ((t = outer.poll()) != null) {
            out.add(t.submitted);
        }
        for (ArrayDeque<PlacedTask> sub : inner) {
            while ((t = sub.pollFirst()) != null) {
                out.add(t.submitted);
            }
        }
    }
}
