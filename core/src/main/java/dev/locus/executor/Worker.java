package dev.locus.executor;

import dev.locus.executor.pool.PoolWorker;
import dev.locus.executor.pool.WorkerPool;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One worker: a queue that producers fill and this worker's thread drains, the tasks it holds back
 * during a re-partition, and its counters.
 */
/*
 * Implementation notes
 *
 * Overview. The thread loops: take the next task (a held task whose fence has passed, else the
 * queue head, else, with relaxed ordering, a task stolen from another worker), run it, repeat; when
 * there is nothing, spin, then yield, then park (IdleStrategy). Queue elements are tasks
 * (Runnable), KeyedTasks (tasks that remember their key and table version, only for executors
 * that re-partition with per-key order) and Fences (markers of a re-partition, see Handoff).
 *
 * Concurrency. The queue is multi-producer, single-consumer (multi-consumer with relaxed ordering,
 * where thieves poll it too), striped into lanes by key (KeyLanes); a fence goes into every lane,
 * and the worker passes it when it has taken it from all of them. A bounded queue's free slots
 * are a semaphore (QueueRoom): producers take a slot before they offer, the worker (or a thief)
 * gives it back for each task it dequeues, and shutdownNow's drain gives back the slots of the
 * tasks it takes, so that a producer waiting for room wakes and sees the executor stopped.
 * Everything else but the counters is touched only by this worker's thread inside its polling
 * window (PoolWorker): the held lists, heldCount, heldHandoff, fencesTaken, deferred, and the
 * consumer side of the queue; shutdownNow drains them only after the pool's stop handshake.
 * (mayPark() and the exit check read heldCount and the queue outside the window: reads only, and
 * a stale answer there just costs one more turn of the loop, which then sees the pool stopping.)
 *
 * Parking (PoolWorker): a producer enqueues and then reads parked; the queue's producer index is
 * advanced by an atomic add, a sequentially consistent access, so mayPark() sees the task or the
 * producer sees the worker parked. Fences, shutdown and shutdownNow wake every worker.
 *
 * References. [Bai06] §3 (parallel executors: one private buffer per worker), §4.2.
 */
final class Worker extends PoolWorker {

    /** This worker's counter of tasks stolen from others ({@link PoolWorker#increment(int)}). */
    private static final int STEALS = 0;
    /** The worker a thread runs, for {@link LocusExecutors#currentWorkerIndex()}; set once per thread. */
    private static final ThreadLocal<Worker> CURRENT = new ThreadLocal<>();

    private final LocusExecutor executor;
    private final KeyLanes queue;
    /** The bounded queue's free slots; null when the queue is unbounded. */
    private final QueueRoom room;
    private final IdleStrategy idleStrategy;

    /** Held tasks by the worker they moved from; owned by this worker while polling. */
    private final ArrayDeque<Runnable>[] heldFrom;
    private int heldCount;
    private Handoff heldHandoff;
    /** Fences taken from the lanes for the hand-off under way; it is passed when all are. */
    private int fencesTaken;
    /** A task of a newer table version, polled while older ones were held; runs after them. */
    private KeyedTask deferred;

    @SuppressWarnings({"unchecked", "rawtypes"}) // generic array of held FIFOs
    Worker(int index, LocusExecutor executor, ExecutorConfig config) {
        super(index, 1);
        this.executor = executor;
        this.queue = new KeyLanes(KeyLanes.defaultCount(), config.ordering() == Ordering.RELAXED);
        this.room = config.queueCapacity() > 0 ? new QueueRoom(config.queueCapacity()) : null;
        this.idleStrategy = config.idleStrategy();
        this.heldFrom = new ArrayDeque[config.workers()];
    }

    // ---- producer side ----

    /** Queues a task (or KeyedTask) in lane {@code lane} (KeyLanes); false if the bounded queue is full. */
    boolean offer(Object task, int lane) {
        if (room != null && !room.tryAcquire()) {
            return false;
        }
        queue.offer(task, lane);
        return true;
    }

    /**
     * Queues a task that must not be refused for room (a requeued one, or one submitted by a
     * worker, which waiting for room could deadlock); it counts against the capacity.
     */
    void offerOverCapacity(Object task, int lane) {
        if (room != null) {
            room.takeOverCapacity();
        }
        queue.offer(task, lane);
    }

    /** Queues a task into a slot that {@link #awaitRoom(long)} took. */
    void offerReserved(Object task, int lane) {
        queue.offer(task, lane);
    }

    /**
     * Waits up to {@code nanos} for a free slot of the bounded queue and takes it; the caller then
     * queues a task with {@link #offerReserved} or gives the slot back with {@link #releaseRoom()}.
     *
     * @return whether a slot was taken
     */
    boolean awaitRoom(long nanos) throws InterruptedException {
        return room.tryAcquire(nanos, TimeUnit.NANOSECONDS);
    }

    void releaseRoom() {
        room.release();
    }

    /** Queues a fence behind what every lane holds; fences do not count against the capacity. */
    void offerFence(Handoff.Fence fence) {
        queue.offerToEach(fence);
        wakeIfParked();
    }

    // ---- called by the executor ----

    /** Moves every task never started into {@code out}; only after {@link WorkerPool#stop()}. */
    void drainTo(List<Runnable> out) {
        for (ArrayDeque<Runnable> held : heldFrom) {
            if (held != null) {
                out.addAll(held);
                held.clear();
            }
        }
        heldCount = 0;
        if (deferred != null) {
            out.add(deferred.task);
            deferred = null;
        }
        Object e;
        while ((e = queue.poll()) != null) {
            if (e instanceof KeyedTask kt) {
                out.add(kt.task);
            } else if (e instanceof Runnable r) {
                out.add(r);
            } else {
                continue; // a fence
            }
            if (room != null) {
                room.release();
            }
        }
    }

    long steals() {
        return count(STEALS);
    }

    long queued() {
        return room != null ? room.queued() : queue.size();
    }

    // ---- the worker thread ----

    /** {@link LocusExecutors#currentWorkerIndex()}. */
    static int currentIndex() {
        Worker w = CURRENT.get();
        return w == null ? -1 : w.index();
    }

    @Override
    protected void work() {
        CURRENT.set(this);
        try {
            loop();
        } finally {
            CURRENT.remove();
        }
    }

    private void loop() {
        int idle = 0;
        for (;;) {
            if (!enterWindow()) {
                return;
            }
            Runnable task = next();
            leaveWindow();
            if (task != null) {
                idle = 0;
                runTask(task);
            } else if (executor.closed && heldCount == 0 && queue.isEmpty()) {
                return;
            } else {
                idle = idleStrategy.idle(idle, parkAction());
            }
        }
    }

    private Runnable next() {
        for (;;) {
            if (heldCount > 0) {
                Runnable released = releaseHeld();
                if (released != null) {
                    return released;
                }
            }
            Runnable task;
            KeyedTask waiting = deferred;
            if (waiting != null) {
                deferred = null;
                task = holdIfMoved(waiting); // already counted out of the queue
            } else {
                Object e = queue.poll();
                if (e == null) {
                    return executor.relaxed ? steal() : null;
                }
                task = admit(e);
            }
            if (task != null) {
                return task;
            }
        }
    }

    /** The task to run for a dequeued element, or null if it was a fence or is held back. */
    private Runnable admit(Object e) {
        if (e instanceof Handoff.Fence fence) {
            // One hand-off at a time: the next starts only once every worker has passed this one.
            if (++fencesTaken == queue.count()) {
                fencesTaken = 0;
                fence.handoff().pass(index());
                executor.pool.wakeAll();
            }
            return null;
        }
        if (room != null) {
            room.release();
        }
        if (e instanceof KeyedTask kt) {
            return holdIfMoved(kt);
        }
        return (Runnable) e;
    }

    /**
     * Decides whether a tagged task runs now. Its hand-off is the one its table version names:
     * the hand-off of the tasks this worker already holds, else the executor's current one. A task
     * routed under that hand-off's new table, whose key the previous table gave to another worker,
     * waits until that worker has passed its fence, and behind any task already held from it. A
     * task of an older version is one whose key this worker already owned, and runs. A task of a
     * newer version than the held ones is deferred until they are released (their hand-off is
     * complete, or no newer table could exist), so hand-offs never mix in the held lists.
     */
    private Runnable holdIfMoved(KeyedTask kt) {
        Handoff h = heldCount > 0 ? heldHandoff : executor.handoff;
        if (h == null || kt.tableVersion < h.version || (heldCount == 0 && h.complete())) {
            return kt.task; // the last clause only saves work: with no holds, a complete hand-off holds nothing
        }
        if (kt.tableVersion > h.version) {
            deferred = kt;
            return null;
        }
        int source = h.previous.route(kt.key);
        if (source == index() || (h.passed(source) && isEmpty(heldFrom[source]))) {
            return kt.task;
        }
        ArrayDeque<Runnable> held = heldFrom[source];
        if (held == null) {
            held = heldFrom[source] = new ArrayDeque<>();
        }
        held.addLast(kt.task);
        heldCount++;
        heldHandoff = h;
        return null;
    }

    private Runnable releaseHeld() {
        for (int source = 0; source < heldFrom.length; source++) {
            ArrayDeque<Runnable> held = heldFrom[source];
            if (!isEmpty(held) && heldHandoff.passed(source)) {
                heldCount--;
                return held.pollFirst();
            }
        }
        return null;
    }

    private boolean releasable() {
        if (heldCount == 0) {
            return false;
        }
        for (int source = 0; source < heldFrom.length; source++) {
            if (!isEmpty(heldFrom[source]) && heldHandoff.passed(source)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isEmpty(ArrayDeque<Runnable> held) {
        return held == null || held.isEmpty();
    }

    private Runnable steal() {
        Worker[] all = executor.workers;
        for (int i = 1; i < all.length; i++) {
            Worker victim = all[(index() + i) % all.length];
            Object e = victim.queue.pollAny();
            if (e != null) {
                if (victim.room != null) {
                    victim.room.release();
                }
                increment(STEALS);
                return (Runnable) e;
            }
        }
        return null;
    }

    @Override
    protected boolean mayPark() {
        return queue.isEmpty() && !releasable() && !stopRequested()
                && !(executor.closed && heldCount == 0) && !(executor.relaxed && anyVictimBusy());
    }

    /** Idle thieves look for work to steal now and then; producers only wake owners. */
    @Override
    protected long parkNanos() {
        return executor.relaxed ? 1_000_000L : 0;
    }

    private boolean anyVictimBusy() {
        for (Worker w : executor.workers) {
            if (w != this && !w.queue.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
