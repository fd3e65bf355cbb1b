package dev.locus.toggle;

import dev.locus.executor.pool.PoolWorker;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One worker of a {@link ToggleExecutor}: the host of one bucket, which it serves by the toggle
 * protocol (Algorithm 1), and a stealer of other buckets' inner sub-buckets when it has nothing of
 * its own (Algorithm 2).
 */
/*
 * Implementation notes
 *
 * Overview. Algorithm 1, per turn of the loop: poll the outer bucket; a task that fits one inner
 * sub-bucket moves there (and once Threshold tasks wait there, the host switches to an inner
 * phase); any other task runs now (and after DelayThreshold of those, the host switches to an
 * inner phase if anything waits there). With the outer bucket empty the host switches to inner if
 * anything waits there, else, with stealing on, joins another bucket's inner phase, else idles:
 * spin, yield, park (IdleStrategy). An inner phase is Algorithm 2 through ToggleProtocol: open,
 * claim and drain sub-buckets, wait for the stealers, close.
 *
 * Concurrency. Claims (scheduler-exclusive mode only). Each bucket has a fair lock, its claim. A
 * task that runs from an outer bucket runs while its worker holds the claim of every bucket the
 * task spans (PlacedTask.claims, ascending; the first is the host's own bucket); the host holds
 * its own claim for a whole inner phase, until its stealers have left. The host keeps its own
 * claim from task to task and lets it go when somebody queues for it, when it idles or steals,
 * and when it exits. Deadlock freedom: a thread waits for a claim only while holding claims of
 * lower buckets (claims are taken in ascending order, the own bucket, the lowest, first), and a
 * host waits for its stealers, who hold no claims and wait for nothing but their tasks. So every
 * chain of waits climbs through bucket numbers and ends at a thread that runs a task.
 *
 * Why conflicting tasks never overlap (scheduler-exclusive mode). Two tasks conflict when their
 * leaf sets meet ([Kalikar19] §3, read or write alike); then their bucket sets meet, in a bucket b,
 * because each covers the bucket of every leaf it reaches (its nodes' intervals over-approximate
 * the leaves, which only adds buckets). Each task runs either (outer) under the claims of all its
 * buckets, b among them, or (inner) from a sub-bucket of b during one of b's inner phases, which
 * all lie inside a period when b's host holds b's claim. Both outer: the claim of b is a mutex.
 * One inner: the other runs under b's claim, which b's host holds throughout the phase and the
 * host itself runs only inner tasks during it. Both inner: a task moves inside only when all its
 * leaves fall in one sub-bucket's range and it spans one bucket, so two conflicting inner tasks
 * share a sub-bucket; within a phase one thread drains a sub-bucket, one task after another, and
 * phases do not overlap (ToggleProtocol: the host waits for its stealers before it closes one).
 * Independent plain tasks reach no leaf and conflict with nothing. In lock-manager mode there are
 * no claims: the lock manager excludes, the buckets only place.
 *
 * Polling window and shutdownNow. The inner sub-buckets are plain deques and a polled task waits
 * for its claims in the worker's hands, so shutdownNow needs the pool's stop handshake to collect
 * them (PoolWorker notes): a worker touches a sub-bucket, and holds a task not yet started, only
 * inside its polling window. Waits inside the window end on stop: the claim wait is interruptible
 * and the stop interrupts; a task polled but not started goes back to its outer queue, where the
 * drain finds it.
 *
 * Memory ordering. The polling window orders the worker's deque writes before shutdownNow's drain
 * (PoolWorker notes). Between the threads that touch one sub-bucket in turn, ToggleProtocol gives
 * the order. Tasks that conflict are ordered by a claim's unlock/lock or by that protocol, so each
 * sees the effects of the conflicting tasks before it.
 *
 * References. [Kalikar19] §3.2-§3.6, Fig. 2, Algorithms 1 and 2.
 */
final class ToggleWorker extends PoolWorker {

    /** This worker's counters ({@link PoolWorker#increment(int)}). */
    private static final int STOLEN = 0;
    private static final int TOGGLES = 1;

    /** What one step of the loop achieved. */
    private enum Step { WORKED, NOTHING, EXIT }

    private final Bucket bucket;
    private final ToggleExecutor executor;
    private final ToggleExecutor.Settings settings;

    // Owned by this worker's thread.
    /** Tasks in this bucket's inner sub-buckets. */
    private int innerSize;
    /** Tasks run from the outer bucket since the last inner phase (Algorithm 1's count). */
    private int outerRun;
    private boolean holdsOwnClaim;

    ToggleWorker(int index, Bucket bucket, ToggleExecutor executor, ToggleExecutor.Settings settings) {
        super(index, 2);
        this.bucket = bucket;
        this.executor = executor;
        this.settings = settings;
    }

    // ---- called by the executor ----

    long stolen() {
        return count(STOLEN);
    }

    long toggles() {
        return count(TOGGLES);
    }

    // ---- the worker thread ----

    @Override
    protected void work() {
        try {
            loop();
        } finally {
            releaseOwnClaim();
        }
    }

    private void loop() {
        int idle = 0;
        for (;;) {
            Step step = serveOwnBucket();
            if (step == Step.NOTHING) {
                releaseOwnClaim();
                if (settings.stealing()) {
                    step = steal();
                }
            }
            if (step == Step.EXIT) {
                return;
            }
            if (step == Step.WORKED) {
                idle = 0;
                continue;
            }
            int state = executor.runState;
            if (state == ToggleExecutor.STOP || (state == ToggleExecutor.SHUTDOWN && bucket.outer.isEmpty())) {
                return; // at SHUTDOWN no producer can add to the outer queue any more (ToggleExecutor notes)
            }
            idle = settings.idleStrategy().idle(idle, parkAction());
        }
    }

    /** One step of Algorithm 1 on this worker's own bucket. */
    private Step serveOwnBucket() {
        if (!enterWindow()) {
            return Step.EXIT;
        }
        PlacedTask t = bucket.outer.poll();
        if (t == null) {
            leaveWindow();
            return innerSize > 0 ? innerPhase() : Step.NOTHING;
        }
        if (t.subBucket >= 0) {
            bucket.inner[t.subBucket].addLast(t);
            innerSize++;
            leaveWindow();
            return innerSize >= settings.threshold() ? innerPhase() : Step.WORKED;
        }
        if (!acquire(t.claims)) {
            bucket.outer.offer(t); // never started: shutdownNow's drain returns it
            leaveWindow();
            return Step.EXIT;
        }
        leaveWindow();
        try {
            runTask(t.run);
        } finally {
            releaseForeign(t.claims, t.claims.length);
        }
        yieldOwnClaimIfWanted();
        if (++outerRun >= settings.delayThreshold()) {
            outerRun = 0;
            if (innerSize > 0) {
                return innerPhase();
            }
        }
        return Step.WORKED;
    }

    /** Algorithm 2 as the host: runs every inner sub-bucket, with any stealers, then closes. */
    private Step innerPhase() {
        if (settings.exclusive() && !holdOwnClaim()) {
            return Step.EXIT;
        }
        ToggleProtocol protocol = bucket.protocol;
        protocol.open();
        increment(TOGGLES);
        if (settings.stealing()) {
            executor.wakeIdleWorkers(this);
        }
        for (int sub; (sub = protocol.claim()) >= 0; ) {
            if (!runSubBucket(bucket, sub, false)) {
                return Step.EXIT;
            }
        }
        if (!protocol.awaitStealers(this::stopping)) {
            return Step.EXIT;
        }
        protocol.close();
        innerSize = 0; // every sub-bucket was claimed, and a claimant drains its sub-bucket
        outerRun = 0;
        yieldOwnClaimIfWanted();
        return Step.WORKED;
    }

    /** Algorithm 2 as a stealer: joins the first other bucket found in an inner phase. */
    private Step steal() {
        Bucket[] all = executor.buckets;
        for (int k = 1; k < all.length; k++) {
            Bucket victim = all[(index() + k) % all.length];
            ToggleProtocol protocol = victim.protocol;
            if (!protocol.mayJoin()) {
                continue;
            }
            protocol.join();
            boolean claimed = false;
            try {
                for (int sub; (sub = protocol.claim()) >= 0; ) {
                    claimed = true;
                    if (!runSubBucket(victim, sub, true)) {
                        return Step.EXIT;
                    }
                }
            } finally {
                protocol.leave();
            }
            if (claimed) {
                return Step.WORKED;
            }
        }
        return Step.NOTHING;
    }

    /** Runs the tasks of a claimed sub-bucket until it is empty; false if the executor stops. */
    private boolean runSubBucket(Bucket owner, int sub, boolean stealing) {
        for (;;) {
            if (!enterWindow()) {
                return false;
            }
            PlacedTask t = owner.inner[sub].pollFirst();
            leaveWindow();
            if (t == null) {
                return true;
            }
            runTask(t.run);
            if (stealing) {
                increment(STOLEN);
            }
        }
    }

    // ---- claims ----

    /**
     * Takes the claims of {@code claims} in ascending order, the own bucket first; inside the
     * window. False, holding no claim but perhaps the own one, if the executor stops meanwhile.
     */
    private boolean acquire(int[] claims) {
        if (claims.length == 0) {
            return true;
        }
        if (!holdOwnClaim()) {
            return false;
        }
        for (int i = 1; i < claims.length; i++) {
            if (!lock(executor.buckets[claims[i]].claim)) {
                releaseForeign(claims, i);
                return false;
            }
        }
        if (stopping()) {
            releaseForeign(claims, claims.length);
            return false;
        }
        return true;
    }

    /** Releases {@code claims[1 .. end)}, the claims of other buckets. */
    private void releaseForeign(int[] claims, int end) {
        for (int i = 1; i < end; i++) {
            executor.buckets[claims[i]].claim.unlock();
        }
    }

    private boolean holdOwnClaim() {
        if (!holdsOwnClaim) {
            if (!lock(bucket.claim)) {
                return false;
            }
            holdsOwnClaim = true;
        }
        return true;
    }

    private void yieldOwnClaimIfWanted() {
        if (holdsOwnClaim && bucket.claim.hasQueuedThreads()) {
            releaseOwnClaim();
        }
    }

    private void releaseOwnClaim() {
        if (holdsOwnClaim) {
            holdsOwnClaim = false;
            bucket.claim.unlock();
        }
    }

    /** Locks {@code claim} unless the executor stops first (shutdownNow interrupts the wait). */
    private boolean lock(ReentrantLock claim) {
        for (;;) {
            if (stopping()) {
                return false;
            }
            try {
                claim.lockInterruptibly();
                return true;
            } catch (InterruptedException e) {
                // shutdownNow's interrupt, or a stale one from a task: the loop tells them apart
            }
        }
    }

    // ---- idling, interrupts ----

    /** Whether shutdownNow was called; clears an interrupt that did not come from it. */
    private boolean stopping() {
        clearStaleInterrupt();
        return stopRequested();
    }

    /**
     * Parks unless a producer filled the outer bucket, another bucket opened an inner phase (with
     * stealing on), or the run state changed. Each waker writes its condition and then reads
     * {@code parked}, and every condition is volatile (PoolWorker notes).
     */
    @Override
    protected boolean mayPark() {
        return bucket.outer.isEmpty() && executor.runState == ToggleExecutor.RUNNING
                && !(settings.stealing() && executor.anyStealable());
    }
}
