package dev.locus.elision;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A named critical section of an {@link ElidableLock}, with a body for each mode it supports: the
 * lock-mode body always, an optimistic (SWOPT) body and a hardware-transactional (HTM) path
 * optionally. Create it once, as a source-level critical section is written once, and
 * {@link #call()} it for each execution. Thread-safe; {@code with…} return copies.
 */
/*
 * Implementation notes
 *
 * Overview. call() enters the section's name as a scope of the thread's context, finds the
 * granule, and makes attempts in the modes the policy chooses until one succeeds: HTM commits,
 * an optimistic body returns with its version still valid, or the lock-mode body runs. Each
 * attempt is counted in the granule; about 1 in 128 executions is timed, attempt by attempt.
 *
 * Fast path. Most executions are not nested, not timed, and their policy has decided how they
 * start: a static policy always, the adaptive one outside its warm-up and HTM learning. For those
 * the granule's FastPath, which the full protocol refreshes when the policy has moved on, names
 * the progression, and the section makes its first attempt without an Execution or a policy call,
 * counting it as the full protocol would. Reading one field of the granule rather than asking the
 * policy matters for the adaptive one: its answer took the phase, its stage and the granule's
 * model, about 2 ns a call in a loop of trivial sections, a sixth of a whole SWOPT execution. A LOCK attempt
 * always completes the section; a failed SWOPT attempt hands over to the full protocol, told that
 * one optimistic attempt already failed, so attempt limits and grouping see it. The full protocol
 * (execute, attempts, the attempt methods) is out of line, so that call() stays small enough for
 * the JIT to inline it into its caller: HotSpot compiled the earlier single path as one method too
 * big to inline, and a lock-only get of a 16-key table cost 4.5 times the bare lock.
 *
 * Nesting (paper 003 §4.1), through the thread's stack of frames:
 *   - A section of a lock the thread already holds in LOCK mode runs its lock-mode body at once,
 *     without acquiring again (the StampedLock adapter is not reentrant) and without SWOPT.
 *   - SWOPT is not eligible inside an optimistic attempt on a different lock.
 *   - A LOCK-mode section nested in an optimistic attempt on the same lock (paper 003 §3.3: an
 *     optimistic search, then a short locked update) first validates the enclosing attempt after
 *     acquiring the lock, and if it is no longer valid releases the lock and throws Interference,
 *     so the enclosing attempt is retried before any conflicting action happens.
 *   - A nested optimistic body validates against its own start version; the enclosing one still
 *     validates against its own.
 *   - HTM paths are native and cannot contain Java sections, so no section nests inside an HTM
 *     attempt; an HTM attempt may run inside any Java section.
 *
 * Granule look-up. The granule of (lock, context) is found through two concurrent maps (the
 * context's child for this name, then the lock's granule for that context), which cost more than
 * a short section itself. Nearly every section is always called from the same context, so the
 * section remembers the last outer context it was called from with the inner context and granule
 * it gave: one identity comparison on the common path.
 *
 * Caller. The thread's state is a ThreadLocal look-up, a few ns, as much as the rest of a short
 * section's bookkeeping. Sections are often called by one thread (built per thread, as the
 * benchmarks' are, or used by one worker), so the section remembers the first thread that called
 * it with that thread's state: one identity comparison with Thread.currentThread() on its calls.
 * Other threads use the ThreadLocal and never overwrite the record, so a section shared by many
 * threads is not written on every call. The record keeps that thread's Thread object reachable for
 * the section's life. The counters draw their coins and the sampler its 1-in-128 decision from the
 * thread's own generator (ThreadState.nextRandom), not one ThreadLocalRandom look-up each.
 *
 * Concurrency. All state but the granule's counters is the calling thread's (ThreadState). The
 * remembered look-up is a plain field holding an immutable record: a racing reader sees an old
 * or a new record, each whole (final fields), and either is correct for the outer context it names.
 * The remembered caller is written only while it is NONE; two first callers may race and the last
 * write wins. A record naming thread T was written by T (it names Thread.currentThread()), so the
 * state it holds is T's own, and only T's comparison can match it.
 * Optimistic bodies race with writers by design; an exception they throw counts as interference
 * when the version moved (it may come from inconsistent reads) and is rethrown otherwise.
 *
 * References. Paper 003 §3 (critical sections, SWOPT paths), §4 (modes, nesting, policies).
 */
public final class CriticalSection<T> {

    /** What an optimistic attempt that must be retried returns instead of a result. */
    private static final Object RETRY = new Object();

    private final ElidableLock lock;
    private final String name;
    private final Supplier<T> locked;
    private final Function<Swopt, T> optimistic;
    private final HtmPath<T> htm;
    /** The last look-up of the granule; see "Granule look-up". */
    private Lookup lookup = Lookup.NONE;
    /** The first thread that called this section, with its state; see "Caller". */
    private Caller caller = Caller.NONE;

    CriticalSection(ElidableLock lock, String name, Supplier<T> locked, Function<Swopt, T> optimistic, HtmPath<T> htm) {
        this.lock = lock;
        this.name = name;
        this.locked = locked;
        this.optimistic = optimistic;
        this.htm = htm;
    }

    /**
     * This section with an optimistic body, run without the lock: it must validate, with the
     * {@link Swopt} it is given, before using any value it read (paper 003 §3.2), and must have no
     * effect that a failed attempt would leave behind.
     */
    public CriticalSection<T> withSwopt(Function<Swopt, T> optimistic) {
        return new CriticalSection<>(lock, name, locked, Objects.requireNonNull(optimistic, "optimistic"), htm);
    }

    /** This section with a hardware-transactional path, used where it is {@linkplain HtmPath#available() available}. */
    public CriticalSection<T> withHtm(HtmPath<T> htm) {
        return new CriticalSection<>(lock, name, locked, optimistic, Objects.requireNonNull(htm, "htm"));
    }

    /**
     * Executes the section once.
     *
     * @return what the body that succeeded returned
     * @throws RuntimeException what the lock-mode body threw, or an optimistic body threw while its
     *     version was still valid
     * @throws Interference if this section is nested in an optimistic attempt on the same lock that
     *     has become invalid; the enclosing attempt is then retried
     */
    public T call() {
        ThreadState thread = threadState();
        int outer = thread.contextId;
        Lookup last = lookup;
        if (last.outer != outer) {
            last = lookUp(outer);
        }
        thread.contextId = last.inner;
        try {
            Granule granule = last.granule;
            FastPath fast = granule.fastPath;
            int random = thread.nextRandom();
            boolean timed = fast.timed(random);
            if (!timed && thread.atTopLevel()) {
                Mode first = firstMode(fast, granule);
                if (first == Mode.LOCK) {
                    return fastLocked(thread, granule, random);
                }
                if (first == Mode.SWOPT) {
                    Object result = fastSwopt(thread, granule, random);
                    if (result != RETRY) {
                        @SuppressWarnings("unchecked") // what this section's optimistic body returned
                        T value = (T) result;
                        return value;
                    }
                    return execute(thread, granule, thread.nextRandom(), false, 1);
                }
            }
            return execute(thread, granule, random, timed, 0);
        } finally {
            thread.contextId = outer;
        }
    }

    /**
     * The mode of the first attempt of an untimed, unnested execution, from the granule's fast path
     * and this section's paths; null when the execution needs the full protocol from the start.
     */
    private Mode firstMode(FastPath fast, Granule granule) {
        Progression progression = fast.progression();
        if (progression.htm && htm != null && htm.available()) {
            return null;
        }
        if (progression.swopt && optimistic != null) {
            return Mode.SWOPT;
        }
        return !fast.groups() || lock.policy().locksWithoutWaiting(granule) ? Mode.LOCK : null;
    }

    /** The calling thread's state: from the remembered caller, else its ThreadLocal; see "Caller". */
    private ThreadState threadState() {
        Caller first = caller;
        Thread current = Thread.currentThread();
        if (first.thread == current) {
            return first.state;
        }
        ThreadState state = ThreadState.current();
        if (first == Caller.NONE) {
            caller = new Caller(current, state);
        }
        return state;
    }

    /** Finds the context and granule of a call from context {@code outer}, and remembers them; see "Granule look-up". */
    private Lookup lookUp(int outer) {
        Context inner = Context.byId(outer).enter(name);
        Lookup found = new Lookup(outer, inner.id, lock.granule(inner));
        lookup = found;
        return found;
    }

    /** The fast path in LOCK mode: the lock-mode body, counted as an execution completed by the lock. */
    private T fastLocked(ThreadState thread, Granule granule, int random) {
        lock.api().lock();
        thread.push(lock, granule, Mode.LOCK, 0);
        try {
            return locked.get();
        } finally {
            thread.pop();
            lock.api().unlock();
            granule.stats(Mode.LOCK).completedOnFastPath(random);
        }
    }

    /** The fast path in SWOPT mode: one optimistic attempt, counted; its result, or RETRY. */
    private Object fastSwopt(ThreadState thread, Granule granule, int random) {
        boolean succeeded = true; // an exception let through is the section's own: the attempt completed it
        try {
            Object result = optimisticAttempt(thread, granule);
            succeeded = result != RETRY;
            return result;
        } finally {
            if (succeeded) {
                granule.stats(Mode.SWOPT).completedOnFastPath(random);
            } else {
                granule.stats(Mode.SWOPT).attempted(false, -1, random);
            }
        }
    }

    /**
     * The full protocol: an execution that the policy sees attempt by attempt. {@code failedSwopts}
     * optimistic attempts of it have already failed on the fast path.
     */
    private T execute(ThreadState thread, Granule granule, int random, boolean timed, int failedSwopts) {
        granule.executions.increment(random);
        ElisionPolicy policy = lock.policy();
        if (!policy.isCurrent(granule.fastPath)) {
            granule.fastPath = policy.fastPath(granule);
        }
        Execution execution = thread.beginExecution(granule, timed);
        try {
            if (failedSwopts > 0) {
                execution.swoptTried = failedSwopts;
                policy.optimisticAttemptFailed(execution);
            }
            Frame mine = thread.frameOf(lock);
            if (mine != null && mine.mode == Mode.LOCK) {
                return runLocked(thread, execution, false);
            }
            return attempts(thread, policy, execution);
        } finally {
            finish(thread, policy, execution);
        }
    }

    /** Attempts in the modes the policy chooses until one completes the section; its result. */
    private T attempts(ThreadState thread, ElisionPolicy policy, Execution execution) {
        boolean htmEligible = htm != null && htm.available();
        boolean swoptEligible = optimistic != null && !thread.optimisticOnOtherLock(lock);
        while (true) {
            Mode mode = policy.choose(execution, htmEligible, swoptEligible);
            if (mode == Mode.LOCK) {
                policy.beforeExclusiveAttempt(execution);
                return runLocked(thread, execution, true);
            }
            boolean completed = mode == Mode.HTM
                    ? attemptHtm(thread, policy, execution, htmEligible)
                    : attemptSwopt(policy, thread, execution, swoptEligible);
            if (completed) {
                @SuppressWarnings("unchecked") // set by the attempt from this section's path
                T result = (T) execution.result;
                return result;
            }
        }
    }

    private static void finish(ThreadState thread, ElisionPolicy policy, Execution execution) {
        if (execution.timed) {
            execution.granule.executionTime.record(execution.elapsedNanos());
        }
        policy.completed(execution);
        thread.endExecution();
    }

    /** One HTM attempt: whether it committed, its value then in the execution. */
    private boolean attemptHtm(ThreadState thread, ElisionPolicy policy, Execution execution, boolean eligible) {
        requireEligible(eligible, Mode.HTM);
        policy.beforeExclusiveAttempt(execution);
        execution.htmTried++;
        long start = execution.attemptStartNanos();
        HtmAttempt<T> attempt = htm.attempt();
        long elapsed = execution.attemptEndedNanos(start);
        Granule granule = execution.granule;
        granule.stats(Mode.HTM).attempted(attempt.committed(), elapsed, thread.nextRandom());
        if (attempt.committed()) {
            execution.completed(Mode.HTM, attempt.value());
            return true;
        }
        execution.htmFailedNanos += Math.max(elapsed, 0);
        if (lock.api().isLocked()) {
            granule.htmFailuresLockHeld.increment();
        }
        return false;
    }

    /** One optimistic attempt of the full protocol: whether it succeeded, its result then in the execution. */
    private boolean attemptSwopt(ElisionPolicy policy, ThreadState thread, Execution execution, boolean eligible) {
        requireEligible(eligible, Mode.SWOPT);
        execution.swoptTried++;
        long start = execution.attemptStartNanos();
        boolean succeeded = true; // an exception let through is the section's own: the attempt completed it
        try {
            Object result = optimisticAttempt(thread, execution.granule);
            succeeded = result != RETRY;
            if (succeeded) {
                execution.completed(Mode.SWOPT, result);
            } else {
                policy.optimisticAttemptFailed(execution);
            }
            return succeeded;
        } finally {
            execution.granule.stats(Mode.SWOPT).attempted(succeeded, execution.attemptEndedNanos(start), thread.nextRandom());
        }
    }

    /**
     * Runs the optimistic body once, in a frame of its own: what it returned if its version was
     * still valid at the end, else RETRY. An exception of the body propagates if the version was
     * still valid (a genuine failure of the section), else it is an artefact of racing: RETRY.
     */
    private Object optimisticAttempt(ThreadState thread, Granule granule) {
        Frame frame = thread.push(lock, granule, Mode.SWOPT, lock.stableVersion());
        try {
            T result = optimistic.apply(frame);
            return frame.isValid() ? result : RETRY;
        } catch (Interference e) {
            return RETRY;
        } catch (RuntimeException | Error e) {
            if (frame.isValid()) {
                throw e;
            }
            return RETRY;
        } finally {
            thread.pop();
        }
    }

    /**
     * Runs the lock-mode body, acquiring the lock unless the thread holds it already. An exception
     * of the body propagates after the lock is released.
     */
    private T runLocked(ThreadState thread, Execution execution, boolean acquire) {
        long start = execution.attemptStartNanos();
        Frame enclosing = thread.frameOf(lock);
        if (acquire) {
            lock.api().lock();
        }
        thread.push(lock, execution.granule, Mode.LOCK, 0);
        boolean ran = false;
        try {
            if (enclosing != null && enclosing.mode == Mode.SWOPT) {
                enclosing.validate(); // paper 003 §3.3: do not act on a stale optimistic search
            }
            ran = true;
            execution.completedIn = Mode.LOCK;
            return locked.get();
        } finally {
            thread.pop();
            if (acquire) {
                lock.api().unlock();
            }
            execution.granule.stats(Mode.LOCK).attempted(ran, execution.attemptEndedNanos(start), thread.nextRandom());
        }
    }

    private void requireEligible(boolean eligible, Mode mode) {
        if (!eligible) {
            throw new IllegalStateException(lock.policy() + " chose " + mode + " for " + name
                    + ", which is not eligible for it here");
        }
    }

    @Override
    public String toString() {
        return lock.label() + "." + name + (optimistic != null ? " [SWOPT]" : "") + (htm != null ? " [HTM]" : "");
    }

    /** A thread and its ALE state. */
    private record Caller(Thread thread, ThreadState state) {
        static final Caller NONE = new Caller(null, null);
    }

    /**
     * A granule look-up: called from the context numbered {@code outer}, the section runs in the one
     * numbered {@code inner}, whose granule is {@code granule}.
     */
    private record Lookup(int outer, int inner, Granule granule) {
        static final Lookup NONE = new Lookup(-1, -1, null);
    }
}
