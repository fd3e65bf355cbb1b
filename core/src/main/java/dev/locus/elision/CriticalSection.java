package dev.locus.elision;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A named critical section of an {@link ElidableLock}, with a body for each mode it supports: the
 * lock-mode body always, an optimistic (SWOPT) body and a hardware-transactional (HTM) path
 * optionally. Create it once, as a source-level critical section is written once, and
 * {@link #call()} it for each execution. Immutable and thread-safe; {@code with…} return copies.
 */
/*
 * Implementation notes
 *
 * Overview. call() enters the section's name as a scope of the thread's context, finds the
 * granule, and makes attempts in the modes the policy chooses until one succeeds: HTM commits,
 * an optimistic body returns with its version still valid, or the lock-mode body runs. Each
 * attempt is counted in the granule; about 1 in 32 executions is timed, attempt by attempt.
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
 * Concurrency. All state but the granule's counters is the calling thread's (ThreadState).
 * Optimistic bodies race with writers by design; an exception they throw counts as interference
 * when the version moved (it may come from inconsistent reads) and is rethrown otherwise.
 *
 * References. Paper 003 §3 (critical sections, SWOPT paths), §4 (modes, nesting, policies).
 */
public final class CriticalSection<T> {

    private final ElidableLock lock;
    private final String name;
    private final Supplier<T> locked;
    private final Function<Swopt, T> optimistic;
    private final HtmPath<T> htm;

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
        ThreadState thread = ThreadState.current();
        Context outer = thread.context;
        thread.context = outer.enter(name);
        try {
            return execute(thread, lock.granule(thread.context));
        } finally {
            thread.context = outer;
        }
    }

    private T execute(ThreadState thread, Granule granule) {
        granule.executions.increment();
        ElisionPolicy policy = lock.policy();
        Execution execution = new Execution(granule, policy.timesEveryExecution() || SampledTimer.sampleNext());
        try {
            Frame mine = thread.frameOf(lock);
            if (mine != null && mine.mode == Mode.LOCK) {
                return runLocked(thread, execution, false);
            }
            boolean htmEligible = htm != null && htm.available();
            boolean swoptEligible = optimistic != null && !thread.optimisticOnOtherLock(lock);
            while (true) {
                Mode mode = policy.choose(execution, htmEligible, swoptEligible);
                switch (mode) {
                    case HTM -> {
                        requireEligible(htmEligible, mode);
                        policy.beforeExclusiveAttempt(execution);
                        execution.htmTried++;
                        HtmAttempt<T> attempt = attemptHtm(execution);
                        if (attempt.committed()) {
                            execution.completedIn = Mode.HTM;
                            return attempt.value();
                        }
                    }
                    case SWOPT -> {
                        requireEligible(swoptEligible, mode);
                        execution.swoptTried++;
                        Frame attempt = attemptSwopt(thread, execution);
                        if (attempt != null) {
                            execution.completedIn = Mode.SWOPT;
                            @SuppressWarnings("unchecked") // set by attemptSwopt from this section's body
                            T result = (T) attempt.result;
                            return result;
                        }
                        policy.optimisticAttemptFailed(execution);
                    }
                    case LOCK -> {
                        policy.beforeExclusiveAttempt(execution);
                        return runLocked(thread, execution, true);
                    }
                    default -> throw new AssertionError(mode);
                }
            }
        } finally {
            if (execution.timed) {
                granule.executionTime.record(execution.elapsedNanos());
            }
            policy.completed(execution);
        }
    }

    private HtmAttempt<T> attemptHtm(Execution execution) {
        long start = execution.timed ? System.nanoTime() : 0;
        HtmAttempt<T> attempt = htm.attempt();
        long elapsed = execution.timed ? System.nanoTime() - start : -1;
        Granule granule = execution.granule;
        granule.stats(Mode.HTM).attempted(attempt.committed(), elapsed);
        if (!attempt.committed()) {
            execution.htmFailedNanos += Math.max(elapsed, 0);
            if (lock.api().isLocked()) {
                granule.htmFailuresLockHeld.increment();
            }
        }
        return attempt;
    }

    /** One optimistic attempt; its frame holding the result if it succeeded, null if it must be retried. */
    private Frame attemptSwopt(ThreadState thread, Execution execution) {
        long start = execution.timed ? System.nanoTime() : 0;
        Frame frame = new Frame(lock, execution.granule, thread.top, Mode.SWOPT, lock.stableVersion());
        thread.top = frame;
        boolean succeeded = false;
        try {
            T result = optimistic.apply(frame);
            succeeded = frame.isValid();
            frame.result = result;
            return succeeded ? frame : null;
        } catch (Interference e) {
            return null;
        } catch (RuntimeException | Error e) {
            if (frame.isValid()) {
                succeeded = true; // a genuine failure of the section, not an artefact of racing
                throw e;
            }
            return null;
        } finally {
            thread.top = frame.outer;
            execution.granule.stats(Mode.SWOPT).attempted(succeeded, execution.timed ? System.nanoTime() - start : -1);
        }
    }

    /**
     * Runs the lock-mode body, acquiring the lock unless the thread holds it already. An exception
     * of the body propagates after the lock is released.
     */
    private T runLocked(ThreadState thread, Execution execution, boolean acquire) {
        long start = execution.timed ? System.nanoTime() : 0;
        Frame enclosing = thread.frameOf(lock);
        if (acquire) {
            lock.api().lock();
        }
        Frame frame = new Frame(lock, execution.granule, thread.top, Mode.LOCK, 0);
        thread.top = frame;
        boolean ran = false;
        try {
            if (enclosing != null && enclosing.mode == Mode.SWOPT) {
                enclosing.validate(); // paper 003 §3.3: do not act on a stale optimistic search
            }
            ran = true;
            execution.completedIn = Mode.LOCK;
            return locked.get();
        } finally {
            thread.top = frame.outer;
            if (acquire) {
                lock.api().unlock();
            }
            execution.granule.stats(Mode.LOCK).attempted(ran, execution.timed ? System.nanoTime() - start : -1);
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
}
