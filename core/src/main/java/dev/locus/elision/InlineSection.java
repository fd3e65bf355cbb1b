package dev.locus.elision;

import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A critical section of an {@link ElidableLock} whose body is ordinary code at its call site,
 * used as a {@link java.util.concurrent.locks.StampedLock} is: {@link #begin()} decides the mode of
 * the attempt and returns a stamp (an optimistic one, or one that holds the lock), the body runs in
 * place, and {@link #end(long)} validates or releases and says whether the body must run again.
 * The decision, the counts, the sampled timing and the policy are the lock's, exactly as for a
 * {@link CriticalSection}; what differs is that no body is called through a lambda and no frame is
 * pushed on the common path, so that a short section costs little more than the lock or the
 * optimistic read it elides. Make one per call site, once, and keep it in a field. Thread-safe.
 *
 * <pre>{@code
 * static final InlineSection GET = table.inlineSection("get").withSwopt();
 *
 * V get(K key) {
 *     long stamp = GET.begin();
 *     while (true) {
 *         try {
 *             V v = find(key);                 // plain reads, checking GET.isValid(stamp) where needed
 *             if (GET.end(stamp)) {
 *                 return v;                    // validated, or read under the lock (released now)
 *             }
 *         } catch (RuntimeException e) {
 *             if (GET.end(stamp)) {
 *                 throw e;                     // the body's own exception, not a torn read's
 *             }
 *         }
 *         stamp = GET.retry(stamp);            // counted as failed; the policy chooses the next mode
 *     }
 * }
 *
 * static final InlineSection REMOVE = table.inlineSection("remove");   // no SWOPT: always the lock
 *
 * V remove(K key) {
 *     long stamp = REMOVE.begin();
 *     try {
 *         Node n = find(key);
 *         if (n != null) {
 *             REMOVE.conflictingAction(stamp, () -> unlink(n));   // only this stops optimistic readers
 *         }
 *         return n == null ? null : n.value;
 *     } finally {
 *         REMOVE.end(stamp);                   // releases; true for every attempt under the lock
 *     }
 * }
 * }</pre>
 *
 * <p><b>The optimistic body.</b> In SWOPT mode the body runs without the lock, while writers may
 * change what it reads, as in a {@code StampedLock} optimistic read, and its obligations are the
 * same. What it reads may be wildly inconsistent: a mix of the states before, during and after a
 * writer's conflicting action. So the body
 * <ul>
 *   <li>reads shared state into local variables, and acts on what it read only once {@link #end}
 *       has returned true;</li>
 *   <li>has no effect that a failed attempt would leave behind: no writes to shared state, no
 *       I/O, no calls that do either;</li>
 *   <li>checks {@link #isValid(long)} before it relies on a value read since the last check where
 *       an inconsistent one could do harm: before it dereferences a reference it read (which may
 *       be null, or an object of another state), indexes an array with an index it read, or sizes
 *       anything by a count it read, and in every loop whose bound or next step comes from shared
 *       state (torn links can form a cycle: a loop without such a check may never end);</li>
 *   <li>passes any exception an inconsistent read can still cause to {@link #end} as above:
 *       {@code end} returns true if the attempt was valid, so the exception is the body's own and
 *       propagates, and false if it was not, so the attempt is counted as failed and runs again.
 *       Catch {@code Error} too ({@code StackOverflowError}, {@code OutOfMemoryError} from a torn
 *       size) where the body can cause one.</li>
 * </ul>
 * A caller that follows the loop above never returns a value built from torn reads: {@code end}
 * returns true for an optimistic attempt only if no conflicting action of the lock began after
 * {@code begin} ([Dice14] §3.2).
 *
 * <p><b>What the inline form gives up</b>, against {@link CriticalSection}:
 * <ul>
 *   <li><i>Nesting.</i> An inline section is a leaf: it must not begin inside another critical
 *       section of any {@code ElidableLock}, inline or not, and its body must begin none. Its fast
 *       path keeps no record on the thread (finding the thread's state costs about as much as a
 *       whole short section), so nesting is checked only where the thread's state is at hand: by
 *       executions that take the full protocol (a section's first, the first after its policy
 *       changed, and the sampled ones: 1 in 1,024, 1 in 8 while the adaptive policy learns). There,
 *       an inline section begun inside a critical section, a {@code CriticalSection} called inside
 *       an inline section's attempt, and a {@code begin} on a thread whose previous inline
 *       execution has not ended all throw {@link IllegalStateException}. The first execution of a
 *       nested pair is therefore always refused; later ones are refused when both leave the fast
 *       path. Unchecked nesting is the caller's error, as reentrancy is with a
 *       {@code StampedLock}: under the lock, a nested section of the same lock would take it again
 *       (a non-reentrant lock deadlocks).</li>
 *   <li><i>HTM.</i> Never: a hardware transaction cannot wrap Java code at the call site (an
 *       {@link HtmPath} is native). Where the policy's progression starts with HTM, the section
 *       starts with the next mode of it.</li>
 *   <li><i>Context.</i> Fixed when the section is made: its name, entered at the root, so it shares
 *       its granule (statistics and policy choices) with a top-level {@code CriticalSection} of the
 *       same name. {@link Scope}s the thread has open do not apply; give each call site that needs
 *       statistics of its own a name of its own ([Dice14]'s {@code BEGIN_CS_NAMED}).</li>
 *   <li><i>Conflicting actions</i> run through {@link #conflictingAction(long, Runnable)} with the
 *       attempt's stamp; {@link ElidableLock#conflictingAction(Runnable)}, which finds the lock's
 *       holder through frames, refuses.</li>
 *   <li><i>Stamp checks.</i> A stamp that this section did not issue is refused (an optimistic
 *       one when it fails validation, as it then almost surely does), and so is every misuse on
 *       the full protocol (an attempt ended twice, a retry without a failed attempt). On the fast
 *       path, ending a valid optimistic stamp twice is not noticed, and a stamp that holds the
 *       lock ended twice is refused by the lock's own unlock
 *       ({@code IllegalMonitorStateException} for the JDK's locks), not here. A stamp belongs to the
 *       thread that began it.</li>
 * </ul>
 */
/*
 * Implementation notes
 *
 * Overview. begin() draws the execution's random bits, and if the granule's fast path is the one
 * this section last derived its decision from and the bits do not sample the execution, it makes
 * the first attempt as the decision says, reading a stable version (SWOPT) or taking the lock
 * (LOCK), and counts it as completing the execution. Every other execution, and every retry
 * after a failed attempt, runs the lock's full protocol, as CriticalSection.execute does:
 * ThreadState.beginExecution, the policy's choice per attempt (never HTM), Execution's attempt
 * timing and counting, finishExecution. Between begin() and end() of such an execution the thread's state holds it
 * (ThreadState.openInline) and, while an attempt runs, a frame of its mode, which is what lets
 * CriticalSection and ElidableLock.conflictingAction see that they would nest in it.
 *
 * Stamps. The low two bits say what a stamp is: 0 none (begin() never returns 0), 1 an optimistic
 * attempt on the fast path, 2 an optimistic attempt of the full protocol, 3 the lock held. An
 * optimistic stamp holds the version the attempt started from, XORed with this section's salt,
 * above those bits; a locked stamp is this section's number above them and two bits that say
 * whether the full protocol took the lock, or the fast path took it out of line (see "Compiled
 * size"), so that end() releases it out of line too. A version of another section's stamp comes
 * out of this section's salt as noise: it fails validation (but with odds of 2^-62), and when
 * validation fails a version that is odd, or newer than the lock's, cannot be this section's:
 * refused. Versions must stay below 2^62 (2^61 conflicting actions: over 70 years at 10^9 a
 * second).
 *
 * Fast path cost. The section is made for call sites that cost a few nanoseconds, so the fast
 * path reads only this section's fields, the decision record, the granule's fast-path field and
 * the lock (docs/elision-cost.md, "The floor": finding the thread's state alone costs 1.8 ns). Its
 * random bits come from ThreadLocalRandom, whose seed is a field of the Thread, not from
 * ThreadState, and there is one draw per execution: begin() counts the first attempt with it, as
 * completing the execution, and end() of an optimistic attempt only validates; an attempt that
 * fails takes that back (ModeStats.failedOnFastPath) on the slow path, where a second draw costs
 * nothing that matters. The slow paths are separate methods, so that begin() and end() stay small
 * enough for the JIT to inline them into the call site.
 *
 * Compiled size. What the JIT compiles into the caller must not depend on which modes have run.
 * A learning policy runs the lock and the full protocol at the call site for a while, so they are
 * hot in the profile, and C2 would compile them into begin() and end() and, through them, into
 * the caller, which then passes InlineSmallCode and is no longer inlined by its own callers
 * (docs/elision-cost.md, "Where the adaptive inline gap comes from"). So begin() and end() reach
 * everything but the optimistic fast path and a static policy's lock through OutOfLine, which C2
 * does not inline. A static policy's paths stay inline: its profile keeps the others cold.
 *
 * Timing. A sampled execution's attempts are timed by its Execution as in the lambda form; end()
 * finds the thread's state (a ThreadLocal) before it reads the clock, a few ns that both modes pay
 * alike, so the adaptive policy's comparison of them is not biased.
 *
 * Concurrency. `decision` is a plain field holding an immutable record: a racing reader sees an
 * old or a new one, each whole, and an old one is refreshed by the next execution that takes the
 * full protocol, as in CriticalSection. Everything else but the granule's counters is final or
 * the calling thread's (ThreadState).
 *
 * Memory ordering. That of ElidableLock's version word: a stable version read with acquire at
 * begin(), a load fence and a second read at validation.
 *
 * References. [Dice14] §3.2 (BEGIN_CS/END_CS, the SWOpt path and its validation), §3.4 (named
 * sections, granules), §4.1 (nesting), §4.2 (policies); java.util.concurrent.locks.StampedLock
 * (tryOptimisticRead, validate; its javadoc's rules for optimistic reads).
 */
public final class InlineSection {

    private static final int KIND_BITS = 2;
    private static final long KIND_MASK = (1L << KIND_BITS) - 1;
    private static final long SWOPT_FAST = 1;
    private static final long SWOPT_FULL = 2;
    private static final long LOCKED = 3;
    /** In a locked stamp: the full protocol took the lock. */
    private static final long FULL_PROTOCOL = 1L << KIND_BITS;
    /** In a locked stamp: the fast path took the lock out of line (see "Compiled size"). */
    private static final long OUT_OF_LINE = 1L << (KIND_BITS + 1);
    /** The versions a stamp can hold, and the range of a salt. */
    private static final long VERSION_MASK = -1L >>> KIND_BITS;
    /** Odd, so that distinct section numbers give distinct salts (mod 2^62). */
    private static final long SALT_MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final AtomicLong NUMBERS = new AtomicLong();

    private final ElidableLock lock;
    private final String name;
    private final boolean swopt;
    private final Granule granule;
    private final ModeStats swoptStats;
    private final ModeStats lockStats;
    /** XORed into the versions of this section's optimistic stamps; see "Stamps". */
    private final long salt;
    private final long lockedStamp;
    private final long lockedFullStamp;
    private final long lockedOutOfLineStamp;
    /** What the granule's fast path, when this section last looked, means for it. */
    private Decision decision = Decision.NONE;

    InlineSection(ElidableLock lock, String name, boolean swopt) {
        this.lock = lock;
        this.name = name;
        this.swopt = swopt;
        this.granule = lock.granule(Context.ROOT.enter(name));
        this.swoptStats = granule.stats(Mode.SWOPT);
        this.lockStats = granule.stats(Mode.LOCK);
        long number = NUMBERS.incrementAndGet();
        this.salt = (number * SALT_MULTIPLIER) & VERSION_MASK;
        this.lockedStamp = (number << (KIND_BITS + 2)) | LOCKED;
        this.lockedFullStamp = lockedStamp | FULL_PROTOCOL;
        this.lockedOutOfLineStamp = lockedStamp | OUT_OF_LINE;
    }

    /**
     * This section with optimistic (SWOPT) attempts, which its policy may choose: a new section, of
     * the same lock and name, whose body follows the rules above in SWOPT mode. Without it, every
     * attempt holds the lock.
     */
    public InlineSection withSwopt() {
        return new InlineSection(lock, name, true);
    }

    /**
     * Begins an execution: its first attempt, in the mode the lock's policy chooses, waiting for the
     * lock (LOCK) or for a conflicting action in progress to end (SWOPT).
     *
     * @return the attempt's stamp, for {@link #end}, {@link #isValid}, {@link #mode},
     *     {@link #retry} and {@link #conflictingAction} on this thread; never 0
     * @throws IllegalStateException where checked (see "Nesting"): if the thread runs a critical
     *     section, or an earlier execution of an inline section has not ended on it
     */
    public long begin() {
        int random = ThreadLocalRandom.current().nextInt();
        Decision d = decision;
        if (d.fastPath == granule.fastPath && random >>> d.sampleShift != 0) {
            long stamp = onFastPath(d, random);
            if (stamp != 0) {
                return stamp;
            }
        }
        return OutOfLine.beginSlowly(this, random);
    }

    /**
     * Ends the attempt of {@code stamp}, also when its body threw: releases the lock, or validates
     * the optimistic attempt, and counts it.
     *
     * @return true if the attempt completed the execution (it held the lock, or it was optimistic
     *     and nothing interfered: what the body read is consistent); false if it was optimistic and
     *     a conflicting action began since {@code begin}: discard what the body computed, and call
     *     {@link #retry} for the next attempt
     * @throws IllegalArgumentException if this section did not issue {@code stamp}
     * @throws IllegalStateException if {@code stamp}'s attempt, begun on the full protocol, is not
     *     the one running on this thread (ended already, say)
     */
    public boolean end(long stamp) {
        if ((stamp & KIND_MASK) == SWOPT_FAST) {
            return lock.validate(versionOf(stamp)) || OutOfLine.failedOnFastPath(this, stamp);
        }
        if (stamp == lockedStamp) {
            lock.api().unlock();
            return true;
        }
        return OutOfLine.endSlowly(this, stamp);
    }

    /**
     * Begins the next attempt of an execution whose attempt of {@code stamp} {@link #end} found
     * invalid, in the mode the policy chooses now (another optimistic one, or the lock).
     *
     * @return the new attempt's stamp
     * @throws IllegalArgumentException if this section did not issue {@code stamp}
     * @throws IllegalStateException if {@code stamp}'s attempt did not fail: it held the lock, or it
     *     is still valid, or its execution is not open on this thread
     */
    public long retry(long stamp) {
        long kind = stamp & KIND_MASK;
        if (kind == SWOPT_FAST || kind == SWOPT_FULL) {
            requireOwnVersion(stamp);
            if (lock.validate(versionOf(stamp))) {
                throw new IllegalStateException("retry() of " + this + " needs an attempt that end() found invalid;"
                        + " this one is still valid");
            }
            ThreadState thread = ThreadState.current();
            if (kind == SWOPT_FAST) {
                requireOutermost(thread);
                return nextAttempt(thread, open(thread, ThreadLocalRandom.current().nextInt(), false, 1));
            }
            if (thread.openInline != this || !thread.atTopLevel()) {
                throw new IllegalStateException("retry() of " + this + " with no failed attempt of it open on this thread");
            }
            return nextAttempt(thread, thread.innermostExecution());
        }
        if (holdsLock(stamp)) {
            throw new IllegalStateException("an attempt of " + this + " under the lock completes its execution:"
                    + " there is nothing to retry");
        }
        throw notIssued(stamp);
    }

    /**
     * Whether what the attempt of {@code stamp} has read so far is consistent: true under the lock;
     * for an optimistic attempt, whether no conflicting action has begun since it began (as
     * {@code StampedLock.validate}). Call it as often as the body needs; {@link #end} checks again.
     *
     * @throws IllegalArgumentException if {@code stamp} is no stamp (0, say)
     */
    public boolean isValid(long stamp) {
        long kind = stamp & KIND_MASK;
        if (kind == LOCKED) {
            return true;
        }
        if (kind == 0) {
            throw notIssued(stamp);
        }
        return lock.validate(versionOf(stamp));
    }

    /**
     * The mode of the attempt of {@code stamp} ([Dice14]'s GET_EXEC_MODE): {@link Mode#SWOPT} or
     * {@link Mode#LOCK}, never HTM.
     *
     * @throws IllegalArgumentException if {@code stamp} is no stamp
     */
    public Mode mode(long stamp) {
        long kind = stamp & KIND_MASK;
        if (kind == 0) {
            throw notIssued(stamp);
        }
        return kind == LOCKED ? Mode.LOCK : Mode.SWOPT;
    }

    /**
     * Runs {@code action}, the part of this section's attempt under the lock that may make a
     * concurrent optimistic attempt read an inconsistent state, as
     * {@link ElidableLock#conflictingAction}: such attempts fail validation. Nested actions count
     * as one.
     *
     * @throws IllegalArgumentException if this section did not issue {@code stamp}
     * @throws IllegalStateException if {@code stamp}'s attempt is optimistic
     */
    public void conflictingAction(long stamp, Runnable action) {
        Objects.requireNonNull(action, "action");
        if (!holdsLock(stamp)) {
            if ((stamp & KIND_MASK) == LOCKED || (stamp & KIND_MASK) == 0) {
                throw notIssued(stamp);
            }
            throw new IllegalStateException("a conflicting action of " + this + " needs an attempt that holds"
                    + " the lock; this one is optimistic");
        }
        lock.runConflictingAction(granule, action);
    }

    @Override
    public String toString() {
        return lock.label() + "." + name + " [inline" + (swopt ? ", SWOPT]" : "]");
    }

    /**
     * The first attempt as {@code d} says, on the fast path: its stamp, or 0 where the full protocol
     * decides (or a grouping policy would make a LOCK attempt wait).
     */
    private long onFastPath(Decision d, int random) {
        if (d.first == Mode.SWOPT) {
            long version = lock.stableVersion();
            swoptStats.attemptedOnFastPath(random);
            return optimisticStamp(version, SWOPT_FAST);
        }
        if (d.first == Mode.LOCK) {
            lock.api().lock();
            lockStats.attemptedOnFastPath(random);
            return lockedStamp;
        }
        return d.lockUnlessWaiting ? OutOfLine.lockUnlessWaiting(this, random) : 0;
    }

    /**
     * The first attempt, under the lock, unless the policy would make it wait (then 0): a
     * learning policy's lock on the fast path, taken out of line (see "Compiled size").
     */
    private long lockUnlessWaiting(int random) {
        if (!lock.policy().locksWithoutWaiting(granule)) {
            return 0;
        }
        lock.api().lock();
        lockStats.attemptedOnFastPath(random);
        return lockedOutOfLineStamp;
    }

    /**
     * An execution that leaves the fast path in begin(): the first since the granule's fast path
     * changed (its decision is refreshed, and the fast path taken if it applies), or a sampled one,
     * or one the policy decides attempt by attempt.
     */
    private long beginSlowly(int random) {
        ThreadState thread = ThreadState.current();
        requireOutermost(thread);
        Decision d = decision;
        if (d.fastPath != granule.fastPath) {
            d = new Decision(granule.fastPath, swopt);
            decision = d;
        }
        boolean timed = d.fastPath.timed(random);
        if (!timed) {
            long stamp = onFastPath(d, random);
            if (stamp != 0) {
                return stamp;
            }
        }
        return nextAttempt(thread, open(thread, random, timed, 0));
    }

    /** Starts an execution of the full protocol on {@code thread}; see ThreadState.beginExecution. */
    private Execution open(ThreadState thread, int random, boolean timed, int failedSwopts) {
        Execution execution = thread.beginExecution(granule, random, timed, failedSwopts);
        thread.openInline = this;
        return execution;
    }

    /**
     * Begins {@code execution}'s next attempt, in the mode the policy chooses: its stamp. The
     * execution stays open until an attempt completes it in end().
     */
    private long nextAttempt(ThreadState thread, Execution execution) {
        try {
            ElisionPolicy policy = lock.policy();
            Mode mode = policy.choose(execution, false, swopt);
            if (mode == Mode.LOCK) {
                policy.beforeExclusiveAttempt(execution);
                execution.attemptBegins();
                lock.api().lock();
                thread.push(lock, granule, Mode.LOCK, 0);
                return lockedFullStamp;
            }
            if (mode != Mode.SWOPT || !swopt) {
                throw new IllegalStateException(policy + " chose " + mode + " for " + this + ", which is not eligible for it");
            }
            execution.swoptTried++;
            execution.attemptBegins();
            long version = lock.stableVersion();
            thread.push(lock, granule, Mode.SWOPT, version);
            return optimisticStamp(version, SWOPT_FULL);
        } catch (RuntimeException | Error e) {
            finish(thread);
            throw e;
        }
    }

    /** The optimistic attempt of {@code stamp}, begun on the fast path and counted there, failed. */
    private boolean failedOnFastPath(long stamp) {
        requireOwnVersion(stamp);
        swoptStats.failedOnFastPath(ThreadLocalRandom.current().nextInt());
        return false;
    }

    /**
     * end() of an attempt begun by the full protocol, or under a lock taken out of line, or of no
     * attempt of this section.
     */
    private boolean endSlowly(long stamp) {
        if (stamp == lockedOutOfLineStamp) {
            lock.api().unlock();
            return true;
        }
        long kind = stamp & KIND_MASK;
        if (kind == SWOPT_FULL) {
            boolean valid = lock.validate(versionOf(stamp));
            if (!valid) {
                requireOwnVersion(stamp);
            }
            ThreadState thread = runningAttempt(Mode.SWOPT, stamp);
            thread.pop();
            Execution execution = thread.innermostExecution();
            execution.attemptEnded(Mode.SWOPT, valid, ThreadLocalRandom.current().nextInt());
            if (valid) {
                execution.completedIn = Mode.SWOPT;
                finish(thread);
            } else {
                lock.policy().optimisticAttemptFailed(execution);
            }
            return valid;
        }
        if (stamp != lockedFullStamp) {
            throw notIssued(stamp);
        }
        ThreadState thread = runningAttempt(Mode.LOCK, stamp);
        thread.pop();
        Execution execution = thread.innermostExecution();
        try {
            lock.api().unlock();
        } finally {
            execution.attemptEnded(Mode.LOCK, true, ThreadLocalRandom.current().nextInt());
            execution.completedIn = Mode.LOCK;
            finish(thread);
        }
        return true;
    }

    /** The calling thread, whose running attempt must be this section's, in {@code mode}, of {@code stamp}. */
    private ThreadState runningAttempt(Mode mode, long stamp) {
        ThreadState thread = ThreadState.current();
        Frame frame = thread.openInline == this && !thread.atTopLevel() ? thread.frameOf(lock) : null;
        if (frame == null || frame.mode != mode || mode == Mode.SWOPT && frame.version != versionOf(stamp)) {
            throw new IllegalStateException("end() of " + this + " for an attempt that is not running on this"
                    + " thread: ended already, or an earlier attempt's stamp");
        }
        return thread;
    }

    private static void finish(ThreadState thread) {
        thread.openInline = null;
        thread.finishExecution();
    }

    /** Refuses to begin where nesting can be checked: see "Nesting" in the class comment. */
    private void requireOutermost(ThreadState thread) {
        if (thread.openInline != null) {
            throw new IllegalStateException("inline section " + this + " begun on a thread where "
                    + thread.openInline + " has not ended: each begin() needs end() until it returns true,"
                    + " and inline sections do not nest");
        }
        if (!thread.atTopLevel()) {
            throw new IllegalStateException("inline section " + this + " begun inside another critical section:"
                    + " inline sections do not nest");
        }
    }

    /**
     * Refuses an optimistic stamp that failed validation if its version cannot be one this section
     * read from the lock: odd, or newer than the lock's (see "Stamps").
     */
    private void requireOwnVersion(long stamp) {
        long version = versionOf(stamp);
        if ((version & 1) != 0 || version > lock.version()) {
            throw notIssued(stamp);
        }
    }

    /** Whether {@code stamp} is one of this section's stamps that hold the lock. */
    private boolean holdsLock(long stamp) {
        return (stamp & ~(FULL_PROTOCOL | OUT_OF_LINE)) == lockedStamp;
    }

    private long optimisticStamp(long version, long kind) {
        return ((version ^ salt) << KIND_BITS) | kind;
    }

    private long versionOf(long stamp) {
        return (stamp >>> KIND_BITS) ^ salt;
    }

    private IllegalArgumentException notIssued(long stamp) {
        return new IllegalArgumentException(stamp + " is not a stamp that " + this + " issued");
    }

    /**
     * What a granule's fast path means for an inline section with or without SWOPT: the fast path
     * it was derived from, its sample shift, and the first attempt's mode (null: the full protocol
     * decides), or LOCK if the policy would not make it wait ({@code lockUnlessWaiting}).
     */
    private record Decision(FastPath fastPath, int sampleShift, Mode first, boolean lockUnlessWaiting) {
        static final Decision NONE = new Decision(null, 0, null, false);

        Decision(FastPath fastPath, boolean swopt) {
            this(fastPath, fastPath.sampleShift(), fastPath.firstMode(false, swopt),
                    fastPath.locksFirstUnlessWaiting(false, swopt));
        }
    }

    /**
     * The calls of begin() and end() that must stay out of the code compiled for them and their
     * callers (see "Compiled size"). Not an exception, never made: HotSpot's C2 does not inline a
     * method of a Throwable subclass into a compilation whose outermost method is not one (its
     * inlining message: "exception method"), so each call into this class stays a call wherever
     * begin() or end() is inlined. A compilation of begin() or end() on their own may inline the
     * entry it calls directly, so every entry calls a second method of this class, which it cannot.
     */
    private static final class OutOfLine extends Throwable {
        private static final long serialVersionUID = 1L;

        private OutOfLine() {
        }

        static long beginSlowly(InlineSection section, int random) {
            return beginSlowlyCall(section, random);
        }

        static boolean endSlowly(InlineSection section, long stamp) {
            return endSlowlyCall(section, stamp);
        }

        static boolean failedOnFastPath(InlineSection section, long stamp) {
            return failedOnFastPathCall(section, stamp);
        }

        static long lockUnlessWaiting(InlineSection section, int random) {
            return lockUnlessWaitingCall(section, random);
        }

        private static long beginSlowlyCall(InlineSection section, int random) {
            return section.beginSlowly(random);
        }

        private static boolean endSlowlyCall(InlineSection section, long stamp) {
            return section.endSlowly(stamp);
        }

        private static boolean failedOnFastPathCall(InlineSection section, long stamp) {
            return section.failedOnFastPath(stamp);
        }

        private static long lockUnlessWaitingCall(InlineSection section, int random) {
            return section.lockUnlessWaiting(random);
        }
    }
}
