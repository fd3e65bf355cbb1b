package dev.locus.elision;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.management.ObjectName;

/**
 * A lock whose critical sections ALE may elide ([Dice14]): each execution runs, attempt by
 * attempt, in the mode its {@link ElisionPolicy} chooses — holding the lock, optimistically
 * validated against this lock's version word (SWOPT), or in a hardware transaction (HTM) — and
 * every attempt is counted per (lock, context) granule for {@link #report()}.
 *
 * <pre>{@code
 * ElidableLock table = ElidableLock.builder("table", LockApi.of(new ReentrantLock()))
 *         .policy(ElisionPolicy.fixed(0, 10)).build();
 * CriticalSection<K, V> get = table.section("get", (K key) -> find(key))      // under the lock
 *         .withSwopt((key, swopt) -> findOptimistically(key, swopt));          // validated, may be retried
 * CriticalSection<K, V> remove = table.section("remove", (K key) -> {
 *     Node n = find(key);
 *     if (n != null) table.conflictingAction(() -> unlink(n));                 // only this part interferes
 *     return n == null ? null : n.value;
 * });
 * V v = get.call(key);
 * }</pre>
 *
 * <p>Writers bracket only the part of a critical section that can make an optimistic reader see an
 * inconsistent state with {@link #conflictingAction}; the rest of a locked section does not stop
 * optimistic readers ([Dice14] §3.2).
 */
/*
 * Implementation notes
 *
 * Overview. The version word is a seqlock counter: even when no conflicting action runs, odd
 * during one; each action adds one at its start and one at its end. An optimistic attempt reads
 * an even version v, runs, and succeeds if the version is still v at each validation and at the
 * end. Statistics live in Granules, one per (this lock, context), found through a map keyed by the
 * interned Context. CriticalSection runs the attempts (see its notes for the nesting rules).
 *
 * Concurrency. Conflicting actions run only under the lock (checked through the thread's frames,
 * or an inline section's stamp), so the version has one writer at a time, and an odd version seen by the holder is its own action
 * in progress: that is how a nested action is recognized. Optimistic readers read shared data
 * without the lock; like StampedLock's optimistic reads, they may see any mix of values, and the
 * validation decides whether to keep what they computed.
 *
 * Memory ordering. Writer: the first increment is a volatile read-modify-write followed by a
 * store-store fence, so no data store of the action is visible before the odd version; the second
 * increment is a release store, so every data store of the action is visible before the even
 * version. Reader: the version is read with acquire at the start; validation issues a load fence
 * and reads the version again. If a reader saw any store of an action, the load fence makes its
 * second read see at least that action's first increment, so the versions differ (the argument of
 * StampedLock.validate).
 *
 * References. [Dice14] §3.2 (conflicting actions, version number), §3.4 (granules), §4;
 * java.util.concurrent.locks.StampedLock (tryOptimisticRead/validate).
 */
public final class ElidableLock {

    private static final VarHandle VERSION;
    private static final int SPINS_BEFORE_YIELD = 64;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(ElidableLock.class, "version", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String label;
    private final LockApi api;
    private final ElisionPolicy policy;
    private final ConcurrentHashMap<Context, Granule> granules = new ConcurrentHashMap<>();
    @SuppressWarnings("unused") // accessed through VERSION
    private volatile long version;

    private ElidableLock(Builder b) {
        this.label = b.label;
        this.api = b.api;
        this.policy = b.policy;
        policy.bind(this);
    }

    /**
     * A builder for an elidable lock labelled {@code label} (its name in reports) over {@code api}.
     *
     * @throws NullPointerException if either is null
     */
    public static Builder builder(String label, LockApi api) {
        return new Builder(Objects.requireNonNull(label, "label"), Objects.requireNonNull(api, "api"));
    }

    /**
     * A critical section named {@code name} ([Dice14]'s BEGIN_CS_NAMED: its scope in the context)
     * whose lock-mode body is {@code locked}, given each call's argument; add other paths with its
     * {@code with…} methods.
     *
     * @throws NullPointerException if either is null
     */
    public <A, T> CriticalSection<A, T> section(String name, Function<? super A, ? extends T> locked) {
        return new CriticalSection<>(this, Objects.requireNonNull(name, "name"),
                Objects.requireNonNull(locked, "locked"), null, null);
    }

    /** As {@link #section(String, Function)}, for a section whose bodies take no argument. */
    public <T> CriticalSection<Void, T> section(String name, Supplier<? extends T> locked) {
        Objects.requireNonNull(locked, "locked");
        return this.<Void, T>section(name, ignored -> locked.get());
    }

    /** As {@link #section(String, Supplier)}, with an optimistic path too. */
    public <T> CriticalSection<Void, T> section(String name, Supplier<? extends T> locked, Function<Swopt, ? extends T> optimistic) {
        return this.<T>section(name, locked).withSwopt(optimistic);
    }

    /**
     * An inline critical section named {@code name} ([Dice14]'s BEGIN_CS_NAMED: its context),
     * written in place at its call site rather than passed as a body: see {@link InlineSection}.
     * Every attempt holds the lock; {@link InlineSection#withSwopt()} adds optimistic ones. Make it
     * once per call site.
     *
     * @throws NullPointerException if {@code name} is null
     */
    public InlineSection inlineSection(String name) {
        return new InlineSection(this, Objects.requireNonNull(name, "name"), false);
    }

    /**
     * Runs {@code action}, the part of a locked critical section that may make a concurrent
     * optimistic attempt read an inconsistent state: such attempts fail validation and are retried.
     * Nested actions count as one.
     *
     * @throws IllegalStateException unless the calling thread runs a critical section of this lock
     *     in LOCK mode; in an {@link InlineSection}, use its own
     *     {@link InlineSection#conflictingAction(long, Runnable) conflictingAction}
     */
    public void conflictingAction(Runnable action) {
        Objects.requireNonNull(action, "action");
        ThreadState thread = ThreadState.current();
        Frame frame = thread.frameOf(this);
        if (frame == null || frame.mode != Mode.LOCK || thread.inInlineAttempt()) {
            throw new IllegalStateException("a conflicting action of " + label + " must run inside a critical"
                    + " section of it that holds the lock (in an InlineSection: its conflictingAction(stamp, action))");
        }
        runConflictingAction(frame.granule, action);
    }

    /** Every (lock, context) this lock was used in, with its counts. */
    public ElisionReport report() {
        List<GranuleReport> rows = new ArrayList<>();
        granules.values().forEach(g -> rows.add(GranuleReport.of(g)));
        return new ElisionReport(rows);
    }

    /**
     * Registers this lock's report with the platform MBean server as
     * {@code dev.locus:type=ElidableLock,name=<label>}; unregister it through the returned name.
     *
     * @throws IllegalStateException if it cannot be registered, e.g. a lock with this label is already
     */
    public ObjectName registerMBean() {
        return LockMBean.register(this);
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return "ElidableLock[" + label + ", " + api + ", " + policy + "]";
    }

    // ---- engine ----

    LockApi api() {
        return api;
    }

    ElisionPolicy policy() {
        return policy;
    }

    Granule granule(Context context) {
        Granule g = granules.get(context);
        return g != null ? g : granules.computeIfAbsent(context, c -> new Granule(this, c));
    }

    /** An even version to start an optimistic attempt from, waiting out a conflicting action. */
    long stableVersion() {
        int spins = 0;
        long v;
        while (((v = (long) VERSION.getAcquire(this)) & 1) != 0) {
            if (++spins < SPINS_BEFORE_YIELD) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
        return v;
    }

    /** The version word now. */
    long version() {
        return (long) VERSION.getOpaque(this);
    }

    /** Whether no conflicting action has started since version {@code v} was read. */
    boolean validate(long v) {
        VarHandle.loadLoadFence();
        return (long) VERSION.getOpaque(this) == v;
    }

    /**
     * Runs {@code action} as a conflicting action of a critical section of {@code granule}, which
     * holds this lock: between two increments of the version, counted in the granule. An action
     * begun while the version is odd is nested in one of this thread's (only the lock's holder
     * changes the version) and just runs: nested actions count as one.
     */
    void runConflictingAction(Granule granule, Runnable action) {
        if (((long) VERSION.getOpaque(this) & 1) != 0) {
            action.run();
            return;
        }
        granule.conflictingActions.increment();
        VERSION.getAndAdd(this, 1L);
        VarHandle.storeStoreFence();
        try {
            action.run();
        } finally {
            VERSION.setRelease(this, (long) VERSION.getOpaque(this) + 1);
        }
    }

    /** Configures an {@link ElidableLock}. */
    public static final class Builder {

        private final String label;
        private final LockApi api;
        private ElisionPolicy policy = ElisionPolicy.lockOnly();

        private Builder(String label, LockApi api) {
            this.label = label;
            this.api = api;
        }

        /** The policy; {@link ElisionPolicy#lockOnly()} by default. */
        public Builder policy(ElisionPolicy policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @throws IllegalStateException if the policy keeps per-lock state and already serves another lock
         */
        public ElidableLock build() {
            return new ElidableLock(this);
        }
    }
}
