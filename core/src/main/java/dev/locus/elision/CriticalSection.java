package dev.locus.elision;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A named critical section of an {@link ElidableLock}, with a body for each mode it supports: the
 * lock-mode body always, an optimistic (SWOPT) body and a hardware-transactional (HTM) path
 * optionally. Each body takes the call's argument, so one section serves every caller: create it
 * once, as a source-level critical section is written once, and {@link #call(Object) call} it with
 * each execution's argument. A section built from a {@code Supplier} takes none ({@code A} is
 * {@link Void}) and runs with {@link #call()}. Thread-safe; {@code with…} return copies.
 *
 * @param <A> what a call passes to the bodies
 * @param <T> what a call returns
 */
/*
 * Implementation notes
 *
 * Overview. call() enters the section's name as a scope of the thread's context, finds the
 * granule, and makes attempts in the modes the policy chooses until one succeeds: HTM commits,
 * an optimistic body returns with its version still valid, or the lock-mode body runs. Each
 * attempt is counted in the granule; about 1 in 1,024 executions is timed, attempt by attempt.
 *
 * Fast path. Most executions are not nested, not timed, and their policy has decided how they
 * start: a static policy always, the adaptive one outside its warm-up and HTM learning. For those
 * the granule's FastPath, which the full protocol refreshes when the policy has moved on, names
 * the progression, and the section makes its first attempt without an Execution or a policy call,
 * counting it as the full protocol would. That attempt's mode, which follows from the fast path and
 * this section's paths, is remembered with the granule look-up (below), so call() only checks that
 * the granule's fast path is still the one the mode was worked out from. Reading one field of the
 * granule rather than asking the policy matters for the adaptive one, whose answer reads the
 * phase, its stage and the granule's model: a cost of the order of a short section itself. A LOCK
 * attempt always completes the section; a failed SWOPT attempt hands over to the full protocol,
 * told that one optimistic attempt already failed, so attempt limits and grouping see it.
 * Everything else (look-ups, nesting, grouping, the full protocol) starts in slowCall, out of
 * line, so that call() stays small enough for the JIT to inline it into its caller; a section
 * compiled as one method is too big to inline, and its call then costs several times a bare lock.
 *
 * Nesting ([Dice14] §4.1), through the thread's stack of frames:
 *   - A section of a lock the thread already holds in LOCK mode runs its lock-mode body at once,
 *     without acquiring again (the StampedLock adapter is not reentrant) and without SWOPT.
 *   - SWOPT is not eligible inside an optimistic attempt on a different lock.
 *   - A LOCK-mode section nested in an optimistic attempt on the same lock ([Dice14] §3.3: an
 *     optimistic search, then a short locked update) first validates the enclosing attempt after
 *     acquiring the lock, and if it is no longer valid releases the lock and throws Interference,
 *     so the enclosing attempt is retried before any conflicting action happens.
 *   - A nested optimistic body validates against its own start version; the enclosing one still
 *     validates against its own.
 *   - HTM paths are native and cannot contain Java sections, so no section nests inside an HTM
 *     attempt; an HTM attempt may run inside any Java section.
 *   - No section nests inside an InlineSection's attempt: slowCall refuses when the thread's state
 *     shows one running (which it does only for the inline section's full protocol; see its notes).
 *
 * Granule look-up. The granule of (lock, context) is found through two concurrent maps (the
 * context's child for this name, then the lock's granule for that context), which cost more than
 * a short section itself. Nearly every section is always called from the same context, so the
 * section remembers the last outer context it was called from with the inner context and granule
 * it gave, and the fast path's first mode there: two comparisons on the common path.
 *
 * Callers. The thread's state is a ThreadLocal look-up, a few ns, as much as the rest of a short
 * section's bookkeeping. A section is called by a few threads (the threads of a pool, or the
 * one executor worker a key's sections run on), so it remembers its callers' states in a small
 * table indexed by thread id: a load and an identity comparison of the state's thread with
 * Thread.currentThread(). A caller whose slot another thread took first uses the ThreadLocal; a
 * slot is written once, so a section shared by many threads is not written on every call. The
 * table keeps its threads' Thread objects reachable for the section's life. The counters draw their coins and the sampler its 1-in-1,024 decision from the
 * thread's own generator (ThreadState.nextRandom), not one ThreadLocalRandom look-up each.
 *
 * Concurrency. All state but the granule's counters is the calling thread's (ThreadState). The
 * remembered look-up is a plain field holding an immutable record: a racing reader sees an old
 * or a new record, each whole (final fields), and either is correct for the outer context it names.
 * A caller slot is written only while it is null; two first callers may race and the last write
 * wins. A slot holds a ThreadState, which names its thread in a final field: a racing reader sees
 * null or a whole state, and only the state's own thread's comparison matches it.
 * Optimistic bodies race with writers by design; an exception they throw counts as interference
 * when the version moved (it may come from inconsistent reads) and is rethrown otherwise.
 *
 * References. [Dice14] §3 (critical sections, SWOPT paths), §4 (modes, nesting, policies).
 */
public final class CriticalSection<A, T> {

    /** What an optimistic attempt that must be retried returns instead of a result. */
    private static final Object RETRY = new Object();
    /** Slots of the callers table, a power of two; see "Callers". */
    private static final int CALLER_SLOTS = 16;

    private final ElidableLock lock;
    private final String name;
    private final Function<? super A, ? extends T> locked;
    private final BiFunction<? super A, Swopt, ? extends T> optimistic;
    private final HtmPath<? super A, ? extends T> htm;
    /** Whether this section has an HTM path that can run here: fixed, as the CPU and the shim are. */
    private final boolean htmAvailable;
    /** The last look-up of the granule; see "Granule look-up". */
    private Lookup lookup = Lookup.NONE;
    /** The states of threads that called this section, by thread id; see "Callers". */
    private final ThreadState[] callers = new ThreadState[CALLER_SLOTS];

    CriticalSection(ElidableLock lock, String name, Function<? super A, ? extends T> locked,
            BiFunction<? super A, Swopt, ? extends T> optimistic, HtmPath<? super A, ? extends T> htm) {
        this.lock = lock;
        this.name = name;
        this.locked = locked;
        this.optimistic = optimistic;
        this.htm = htm;
        this.htmAvailable = htm != null && htm.available();
    }

    /**
     * This section with an optimistic body, run without the lock: it must validate, with the
     * {@link Swopt} it is given, before using any value it read ([Dice14] §3.2), and must have no
     * effect that a failed attempt would leave behind.
     */
    public CriticalSection<A, T> withSwopt(BiFunction<? super A, Swopt, ? extends T> optimistic) {
        return new CriticalSection<>(lock, name, locked, Objects.requireNonNull(optimistic, "optimistic"), htm);
    }

    /** As {@link #withSwopt(BiFunction)}, with an optimistic body that takes no argument. */
    public CriticalSection<A, T> withSwopt(Function<Swopt, ? extends T> optimistic) {
        Objects.requireNonNull(optimistic, "optimistic");
        return withSwopt((ignored, swopt) -> optimistic.apply(swopt));
    }

    /** This section with a hardware-transactional path, used where it is {@linkplain HtmPath#available() available}. */
    public CriticalSection<A, T> withHtm(HtmPath<? super A, ? extends T> htm) {
        return new CriticalSection<>(lock, name, locked, optimistic, Objects.requireNonNull(htm, "htm"));
    }

    /**
     * Executes the section once with {@code argument}, which the body that runs is given.
     *
     * @return what the body that succeeded returned
     * @throws RuntimeException what the lock-mode body threw, or an optimistic body threw while its
     *     version was still valid
     * @throws Interference if this section is nested in an optimistic attempt on the same lock that
     *     has become invalid; the enclosing attempt is then retried
     * @throws IllegalStateException if called inside an attempt of an {@link InlineSection}, where
     *     that is checked (see its "Nesting")
     */
    public T call(A argument) {
        ThreadState thread = threadState();
        Lookup last = lookup;
        int random = thread.nextRandom();
        if (last.outer == thread.contextId && last.fastPath == last.granule.fastPath
                && random >>> last.sampleShift != 0 && thread.atTopLevel()) {
            if (last.first == Mode.LOCK) {
                return fastLocked(thread, last, argument, random);
            }
            if (last.first == Mode.SWOPT) {
                Object result = fastSwopt(thread, last, argument, random);
                if (result != RETRY) {
                    @SuppressWarnings("unchecked") // what this section's optimistic body returned
                    T value = (T) result;
                    return value;
                }
                return slowCall(thread, argument, thread.nextRandom(), 1);
            }
        }
        return slowCall(thread, argument, random, 0);
    }

    /** As {@link #call(Object) call(null)}: for a section whose bodies take no argument. */
    public T call() {
        return call(null);
    }

    /**
     * A call the fast path in call() did not complete: the first from its context, one after the
     * granule's fast path changed, a nested, timed or grouped one, or one whose optimistic attempt
     * on the fast path failed ({@code failedSwopts} 1), which the full protocol goes on with.
     */
    private T slowCall(ThreadState thread, A argument, int random, int failedSwopts) {
        if (thread.inInlineAttempt()) {
            throw new IllegalStateException(this + " called inside an attempt of inline section " + thread.openInline
                    + ": inline sections do not nest");
        }
        int outer = thread.contextId;
        Lookup last = lookup;
        if (last.outer != outer || last.fastPath != last.granule.fastPath) {
            last = lookUp(outer);
        }
        thread.contextId = last.inner;
        try {
            if (failedSwopts > 0) {
                return execute(thread, last.granule, argument, random, false, failedSwopts);
            }
            boolean timed = last.fastPath.timed(random);
            if (!timed && thread.atTopLevel()) {
                Mode first = last.first;
                if (first == null && last.lockUnlessWaiting && lock.policy().locksWithoutWaiting(last.granule)) {
                    first = Mode.LOCK;
                }
                if (first == Mode.LOCK) {
                    return fastLocked(thread, last, argument, random);
                }
                if (first == Mode.SWOPT) {
                    Object result = fastSwopt(thread, last, argument, random);
                    if (result != RETRY) {
                        @SuppressWarnings("unchecked") // what this section's optimistic body returned
                        T value = (T) result;
                        return value;
                    }
                    return execute(thread, last.granule, argument, thread.nextRandom(), false, 1);
                }
            }
            return execute(thread, last.granule, argument, random, timed, 0);
        } finally {
            thread.contextId = outer;
        }
    }

    /** The calling thread's state: from the callers table, else its ThreadLocal; see "Callers". */
    private ThreadState threadState() {
        Thread current = Thread.currentThread();
        int slot = (int) current.getId() & (CALLER_SLOTS - 1);
        ThreadState known = callers[slot];
        if (known != null && known.thread == current) {
            return known;
        }
        ThreadState state = ThreadState.current();
        if (known == null) {
            callers[slot] = state;
        }
        return state;
    }

    /** Finds the context and granule of a call from context {@code outer}, and remembers them; see "Granule look-up". */
    private Lookup lookUp(int outer) {
        Context inner = Context.byId(outer).enter(name);
        Granule granule = lock.granule(inner);
        FastPath fast = granule.fastPath;
        Mode first = fast.firstMode(htmAvailable, optimistic != null);
        Lookup found = new Lookup(outer, inner.id, granule, fast, fast.sampleShift(), first,
                fast.locksFirstUnlessWaiting(htmAvailable, optimistic != null),
                granule.stats(first != null ? first : Mode.LOCK));
        lookup = found;
        return found;
    }

    /**
     * The fast path in LOCK mode, run in the section's context: the lock-mode body, counted as an
     * execution completed by the lock.
     */
    private T fastLocked(ThreadState thread, Lookup last, A argument, int random) {
        Granule granule = last.granule;
        lock.api().lock();
        thread.contextId = last.inner;
        thread.push(lock, granule, Mode.LOCK, 0);
        try {
            return locked.apply(argument);
        } finally {
            thread.pop();
            thread.contextId = last.outer;
            lock.api().unlock();
            last.firstStats.attemptedOnFastPath(random);
        }
    }

    /**
     * The fast path in SWOPT mode, run in the section's context: one optimistic attempt, counted;
     * its result, or RETRY.
     */
    private Object fastSwopt(ThreadState thread, Lookup last, A argument, int random) {
        Granule granule = last.granule;
        thread.contextId = last.inner;
        boolean succeeded = true; // an exception let through is the section's own: the attempt completed it
        try {
            Object result = optimisticAttempt(thread, granule, argument);
            succeeded = result != RETRY;
            return result;
        } finally {
            thread.contextId = last.outer;
            if (succeeded) {
                last.firstStats.attemptedOnFastPath(random);
            } else {
                granule.stats(Mode.SWOPT).attempted(false, -1, random);
            }
        }
    }

    /**
     * The full protocol: an execution that the policy sees attempt by attempt. {@code failedSwopts}
     * optimistic attempts of it have already failed on the fast path.
     */
    private T execute(ThreadState thread, Granule granule, A argument, int random, boolean timed, int failedSwopts) {
        Execution execution = thread.beginExecution(granule, random, timed, failedSwopts);
        try {
            Frame mine = thread.frameOf(lock);
            if (mine != null && mine.mode == Mode.LOCK) {
                return runLocked(thread, execution, argument, false);
            }
            return attempts(thread, lock.policy(), execution, argument);
        } finally {
            thread.finishExecution();
        }
    }

    /** Attempts in the modes the policy chooses until one completes the section; its result. */
    private T attempts(ThreadState thread, ElisionPolicy policy, Execution execution, A argument) {
        boolean htmEligible = htmAvailable;
        boolean swoptEligible = optimistic != null && !thread.optimisticOnOtherLock(lock);
        while (true) {
            Mode mode = policy.choose(execution, htmEligible, swoptEligible);
            if (mode == Mode.LOCK) {
                policy.beforeExclusiveAttempt(execution);
                return runLocked(thread, execution, argument, true);
            }
            boolean completed = mode == Mode.HTM
                    ? attemptHtm(thread, policy, execution, argument, htmEligible)
                    : attemptSwopt(policy, thread, execution, argument, swoptEligible);
            if (completed) {
                @SuppressWarnings("unchecked") // set by the attempt from this section's path
                T result = (T) execution.result;
                return result;
            }
        }
    }

    /** One HTM attempt: whether it committed, its value then in the execution. */
    private boolean attemptHtm(ThreadState thread, ElisionPolicy policy, Execution execution, A argument, boolean eligible) {
        requireEligible(eligible, Mode.HTM);
        policy.beforeExclusiveAttempt(execution);
        execution.htmTried++;
        execution.attemptBegins();
        HtmAttempt<? extends T> attempt = htm.attempt(argument);
        long elapsed = execution.attemptEnded(Mode.HTM, attempt.committed(), thread.nextRandom());
        if (attempt.committed()) {
            execution.completed(Mode.HTM, attempt.value());
            return true;
        }
        execution.htmFailedNanos += Math.max(elapsed, 0);
        if (lock.api().isLocked()) {
            execution.granule.htmFailuresLockHeld.increment();
        }
        return false;
    }

    /** One optimistic attempt of the full protocol: whether it succeeded, its result then in the execution. */
    private boolean attemptSwopt(ElisionPolicy policy, ThreadState thread, Execution execution, A argument, boolean eligible) {
        requireEligible(eligible, Mode.SWOPT);
        execution.swoptTried++;
        execution.attemptBegins();
        boolean succeeded = true; // an exception let through is the section's own: the attempt completed it
        try {
            Object result = optimisticAttempt(thread, execution.granule, argument);
            succeeded = result != RETRY;
            if (succeeded) {
                execution.completed(Mode.SWOPT, result);
            } else {
                policy.optimisticAttemptFailed(execution);
            }
            return succeeded;
        } finally {
            execution.attemptEnded(Mode.SWOPT, succeeded, thread.nextRandom());
        }
    }

    /**
     * Runs the optimistic body once, in a frame of its own: what it returned if its version was
     * still valid at the end, else RETRY. An exception of the body propagates if the version was
     * still valid (a genuine failure of the section), else it is an artefact of racing: RETRY.
     */
    private Object optimisticAttempt(ThreadState thread, Granule granule, A argument) {
        Frame frame = thread.push(lock, granule, Mode.SWOPT, lock.stableVersion());
        try {
            T result = optimistic.apply(argument, frame);
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
    private T runLocked(ThreadState thread, Execution execution, A argument, boolean acquire) {
        execution.attemptBegins();
        Frame enclosing = thread.frameOf(lock);
        if (acquire) {
            lock.api().lock();
        }
        thread.push(lock, execution.granule, Mode.LOCK, 0);
        boolean ran = false;
        try {
            if (enclosing != null && enclosing.mode == Mode.SWOPT) {
                enclosing.validate(); // [Dice14] §3.3: do not act on a stale optimistic search
            }
            ran = true;
            execution.completedIn = Mode.LOCK;
            return locked.apply(argument);
        } finally {
            thread.pop();
            if (acquire) {
                lock.api().unlock();
            }
            execution.attemptEnded(Mode.LOCK, ran, thread.nextRandom());
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

    /**
     * A granule look-up: called from the context numbered {@code outer}, the section runs in the one
     * numbered {@code inner}, whose granule is {@code granule}; while that granule's fast path is
     * {@code fastPath}, an untimed unnested call makes its first attempt in mode {@code first}
     * (null: the full protocol decides), or in LOCK mode if {@code lockUnlessWaiting} and the
     * policy does not make it wait. The fast path's {@code sampleShift} and the counts of the first
     * mode ({@code firstStats}) are copied here so that call() reaches them in one load: its
     * cost is mostly such chains of dependent loads.
     */
    private record Lookup(int outer, int inner, Granule granule, FastPath fastPath, int sampleShift, Mode first,
            boolean lockUnlessWaiting, ModeStats firstStats) {
        static final Lookup NONE = new Lookup(-1, -1, null, null, 0, null, false, null);
    }
}
