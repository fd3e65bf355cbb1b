package dev.locus.elision;

import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A thread's ALE state: its context (the scopes it is in), its stack of critical-section frames
 * ([Dice14] §4.1), its stack of executions, and the inline section whose execution is open on
 * it. Touched only by its thread.
 */
/*
 * Implementation notes
 *
 * Overview. Frames and executions live in arrays indexed by nesting depth and are reused: a
 * section's execution and attempts allocate nothing once the thread has reached its deepest
 * nesting, which matters when the section itself is a few loads. A frame or execution is valid
 * only while it is on its stack; pop() leaves the object for the next push at that depth.
 *
 * Concurrency. Confined to the owning thread (a ThreadLocal), so nothing here is shared.
 */
final class ThreadState {

    private static final ThreadLocal<ThreadState> CURRENT = ThreadLocal.withInitial(ThreadState::new);

    /** The thread this state belongs to. */
    final Thread thread = Thread.currentThread();
    /** The {@linkplain Context#id number} of the thread's context: see Context on why not the Context. */
    int contextId = Context.ROOT.id;
    /**
     * The frame at depth 0, also frames[0]: an unnested section, the common case, pushes and pops
     * it without indexing the array (about 2 ns of a lock-only section's 14 in a loop).
     */
    private final Frame outermost = new Frame();
    private Frame[] frames = {outermost, null, null, null};
    private int frameDepth;
    private Execution[] executions = new Execution[4];
    private int executionDepth;
    /**
     * The inline section whose execution of the full protocol is open on this thread, from its
     * begin() to the end() that completes it; null if none. Its execution is the innermost then,
     * and while one of its attempts runs, the outermost frame is that attempt's.
     */
    InlineSection openInline;
    /** xorshift64* state, never 0: cheaper than a ThreadLocalRandom look-up per counter. */
    private long seed = ThreadLocalRandom.current().nextLong() | 1;

    /** 32 uniformly random bits (xorshift64*, Vigna 2016: its high bits pass BigCrush). */
    int nextRandom() {
        long x = seed;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        seed = x;
        return (int) ((x * 0x2545F4914F6CDD1DL) >>> 32);
    }

    static ThreadState current() {
        return CURRENT.get();
    }

    Context context() {
        return Context.byId(contextId);
    }

    /**
     * Starts an execution of the full protocol of a section of {@code granule}, nested in the
     * thread's current ones: counts it (its coin from {@code random}), refreshes the granule's fast
     * path if the policy has moved on, and tells the policy of the {@code failedSwopts} optimistic
     * attempts that already failed on the fast path. Ended by {@link #finishExecution}.
     */
    Execution beginExecution(Granule granule, int random, boolean timed, int failedSwopts) {
        granule.executions.increment(random);
        ElisionPolicy policy = granule.lock.policy();
        if (!policy.isCurrent(granule.fastPath)) {
            granule.fastPath = policy.fastPath(granule);
        }
        if (executionDepth == executions.length) {
            executions = Arrays.copyOf(executions, executionDepth * 2);
        }
        Execution execution = executions[executionDepth];
        if (execution == null) {
            execution = new Execution();
            executions[executionDepth] = execution;
        }
        executionDepth++;
        execution.begin(granule, timed);
        if (failedSwopts > 0) {
            execution.swoptTried = failedSwopts;
            policy.optimisticAttemptFailed(execution);
        }
        return execution;
    }

    /**
     * Ends the innermost execution, which completed the section or ended with an exception: records
     * its duration if timed, and tells the policy.
     */
    void finishExecution() {
        Execution execution = innermostExecution();
        if (execution.timed) {
            execution.granule.executionTime.record(execution.elapsedNanos());
        }
        try {
            execution.granule.lock.policy().completed(execution);
        } finally {
            executions[--executionDepth].end();
        }
    }

    /** The innermost execution of the full protocol on this thread; there must be one. */
    Execution innermostExecution() {
        return executions[executionDepth - 1];
    }

    /** Whether an attempt of an inline section runs on this thread: a section called now would nest in it. */
    boolean inInlineAttempt() {
        return openInline != null && frameDepth > 0;
    }

    /** Whether no critical section runs on this thread: a section called now is not nested. */
    boolean atTopLevel() {
        return frameDepth == 0;
    }

    /** Pushes a frame for an attempt of a section of {@code lock} in {@code mode}; it becomes the innermost. */
    Frame push(ElidableLock lock, Granule granule, Mode mode, long version) {
        if (frameDepth == 0) {
            frameDepth = 1;
            outermost.begin(lock, granule, mode, version);
            return outermost;
        }
        if (frameDepth == frames.length) {
            frames = Arrays.copyOf(frames, frameDepth * 2);
        }
        Frame frame = frames[frameDepth];
        if (frame == null) {
            frame = new Frame();
            frames[frameDepth] = frame;
        }
        frameDepth++;
        frame.begin(lock, granule, mode, version);
        return frame;
    }

    /** Pops the innermost frame. */
    void pop() {
        (--frameDepth == 0 ? outermost : frames[frameDepth]).end();
    }

    /** The innermost frame of {@code lock}, or null. */
    Frame frameOf(ElidableLock lock) {
        for (int i = frameDepth - 1; i >= 0; i--) {
            if (frames[i].lock == lock) {
                return frames[i];
            }
        }
        return null;
    }

    /** Whether a frame runs in SWOPT mode for a lock other than {@code lock}. */
    boolean optimisticOnOtherLock(ElidableLock lock) {
        for (int i = frameDepth - 1; i >= 0; i--) {
            if (frames[i].mode == Mode.SWOPT && frames[i].lock != lock) {
                return true;
            }
        }
        return false;
    }
}
