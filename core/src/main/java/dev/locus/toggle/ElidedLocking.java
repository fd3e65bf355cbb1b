package dev.locus.toggle;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.ElisionReport;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.LockApi;
import dev.locus.elision.Swopt;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A lock manager for a {@link ToggleExecutor} whose locks ALE may elide ([Dice14]): the
 * hierarchy's leaves are cut into equal contiguous <em>regions</em>, each guarded by its own
 * {@link ElidableLock} (a lock and a version word), and each task's operation runs as a critical
 * section of the locks of the regions its lock set reaches. With as many regions as the executor
 * has workers, the regions are its (equal) buckets. Placement and elision compose: Toggle
 * sends tasks whose leaves meet to one worker, and with regions no wider than Toggle's buckets
 * the sections that conflict over a region mostly run on one worker, one after another, so the
 * optimistic readers of that region on other workers are rarely invalidated.
 *
 * <p>What may run optimistically. An arbitrary {@link Runnable} or {@link Callable} cannot: it
 * neither validates what it read nor promises to have no effect, so every such operation runs in
 * LOCK mode, holding its regions' locks (in ascending order, so two tasks never wait for each
 * other in a cycle). An operation whose lock set has a write runs entirely as a conflicting
 * action of each of its regions, which invalidates their concurrent optimistic readers. Only a
 * task made by {@link #reading(Callable, Function)}, submitted with
 * {@link ToggleExecutor#submit(LockSet, Callable)} under a read-only lock set that reaches a single
 * region, is a SWOPT candidate: its optimistic body runs without the lock, must
 * {@linkplain Swopt#validate() validate} before using anything it read, and must have no effect;
 * whether it is tried, and how often before the lock, is the regions' {@link ElisionPolicy}'s
 * choice. Such a task submitted otherwise runs its lock-mode body. Optimistic readers of a region
 * wait, spinning, while a writer of it runs (ALE's version word is odd then); a writer's operation
 * should therefore be short.
 *
 * <p>Region locks are taken uninterruptibly, as {@link ElidableLock} takes its lock: {@link #call}
 * never throws {@link InterruptedException}, and an interrupted task still runs; its operation
 * sees the interrupt status. As with the hierarchical lock managers, an operation must not wait
 * for another task's locks: it would wait forever for one that waits for its own.
 *
 * <pre>{@code
 * ElidedLocking elided = ElidedLocking.builder(hierarchy, 16).policy(ElisionPolicy::adaptive).build();
 * ToggleExecutor executor = ToggleExecutor.builder(hierarchy, 4).lockManager(elided).build();
 * executor.submit(LockSet.of(hierarchy, part, LockMode.WRITE), () -> update(part));   // LOCK mode
 * Future<Integer> n = executor.submit(LockSet.of(hierarchy, part, LockMode.READ),
 *         ElidedLocking.reading(() -> count(part),                                    // under the lock
 *                 swopt -> countOptimistically(part, swopt)));                          // validated
 * System.out.println(elided.report().toText());
 * }</pre>
 */
/*
 * Implementation notes
 *
 * Overview. Regions are Toggle's equal buckets (BucketRanges), so with as many regions as workers
 * a region is a bucket. call() finds the regions the lock set reaches (BucketRanges.spannedBuckets:
 * each node's leaf interval; in a DAG it may over-approximate, which is safe), then runs the
 * operation inside one critical section per region, nested in ascending region order: the
 * outermost is the lowest region's. Each region's sections are built once and take the call as
 * their argument (a Step, or the optimistic task). Sections are named "read" (read-only lock set, lock-mode body
 * only), "optimisticRead" (a SWOPT candidate) and "write", so each gets its own granule and the
 * adaptive policy learns them apart. A write wraps the operation in a conflicting action of every
 * region, innermost section last, so every region's version is odd while the operation runs.
 *
 * Concurrency. Exclusion is the regions' locks': two lock sets that reach a common leaf reach its
 * region, so in LOCK mode they hold that region's lock one at a time (read-only sets too: the
 * locks are exclusive, which is safe and costs only read-read parallelism within a region). An
 * optimistic reader holds no lock; a writer of its region runs entirely inside a conflicting
 * action, so if the reader read anything the writer wrote, validation fails (ElidableLock's notes)
 * and the attempt is retried or falls back to the lock. Deadlock freedom: every thread takes
 * region locks in ascending order, and a nested section of a region the thread holds is not
 * reached (regions are distinct).
 *
 * Memory ordering. That of ElidableLock: its lock and version word order the operations' accesses.
 *
 * References. [Dice14] §3.2 (conflicting actions), §3.4 (named sections), §4.1 (nesting);
 * [Kalikar19] §3 (lock sets), §4 (Toggle + a lock manager).
 */
public final class ElidedLocking implements TaskGuard {

    private final Hierarchy hierarchy;
    /** The regions' leaf ranges: Toggle's equal buckets, one per region. */
    private final BucketRanges ranges;
    /** Per region, its lock's three sections, built once as a source-level section is written once. */
    private final RegionSections[] regions;

    private ElidedLocking(Builder b) {
        this.hierarchy = b.hierarchy;
        this.ranges = BucketRanges.equal(b.hierarchy, b.regions, 1);
        this.regions = new RegionSections[b.regions];
        for (int r = 0; r < regions.length; r++) {
            ElisionPolicy policy = Objects.requireNonNull(b.policies.get(), "the policy supplier returned null");
            regions[r] = sectionsOf(ElidableLock.builder(b.label + "-" + r, LockApi.of(new ReentrantLock()))
                    .policy(policy).build());
        }
    }

    /**
     * A builder of a manager over {@code hierarchy} whose leaves are cut into {@code regions}
     * equal contiguous ranges, one {@link ElidableLock} each.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     * @throws IllegalArgumentException if {@code regions} is not in {@code [1, hierarchy.leafCount()]}
     */
    public static Builder builder(Hierarchy hierarchy, int regions) {
        return new Builder(hierarchy, regions);
    }

    /**
     * A task for {@link ToggleExecutor#submit(LockSet, Callable)} with a lock-mode body and an
     * optimistic one, which this manager may run without the lock when its lock set is read-only
     * and reaches one region. {@code optimistic} must validate with the {@link Swopt} it is given
     * before using any value it read, and must have no effect a failed attempt would leave behind;
     * it may run several times. Called directly, the task runs its lock-mode body.
     *
     * @throws NullPointerException if either is null
     */
    public static <T> Callable<T> reading(Callable<T> locked, Function<Swopt, T> optimistic) {
        return new OptimisticRead<>(Objects.requireNonNull(locked, "locked"),
                Objects.requireNonNull(optimistic, "optimistic"));
    }

    /**
     * Runs {@code operation} as a critical section of the locks of the regions {@code locks}
     * reaches (see the class notes for the modes).
     *
     * @throws NullPointerException if either argument is null
     * @throws IllegalArgumentException if {@code locks} is over another hierarchy
     * @throws Exception what the operation threw
     */
    @Override
    public <T> T call(LockSet locks, Callable<T> operation) throws Exception {
        Objects.requireNonNull(locks, "locks");
        Objects.requireNonNull(operation, "operation");
        if (locks.hierarchy() != hierarchy) {
            throw new IllegalArgumentException(locks + " is over another hierarchy than this lock manager's "
                    + hierarchy);
        }
        int[] reached = ranges.spannedBuckets(locks);
        Object result;
        try {
            if (operation instanceof OptimisticRead<T> read && !locks.hasWrite() && reached.length == 1) {
                result = regions[reached[0]].optimisticRead.call(read);
            } else {
                result = enter(new Step(reached, 0, locks.hasWrite(), operation));
            }
        } catch (CheckedFailure failure) {
            throw failure.getCause();
        }
        @SuppressWarnings("unchecked") // what operation returned
        T value = (T) result;
        return value;
    }

    /** The report of every region's lock: a row per (region, section name). */
    public ElisionReport report() {
        List<GranuleReport> rows = new ArrayList<>();
        for (RegionSections region : regions) {
            rows.addAll(region.lock.report().rows());
        }
        return new ElisionReport(rows);
    }

    /** The number of regions. */
    public int regions() {
        return regions.length;
    }

    /**
     * The region of leaf number {@code leaf}: the regions cut the leaves as a {@link ToggleExecutor}
     * with as many workers cuts them into equal buckets.
     *
     * @throws IllegalArgumentException if {@code leaf} is not in {@code [0, leafCount)}
     */
    public int regionOf(int leaf) {
        if (leaf < 0 || leaf >= hierarchy.leafCount()) {
            throw new IllegalArgumentException("leaf " + leaf + " is not in [0, " + hierarchy.leafCount() + ")");
        }
        return ranges.bucketOf(leaf);
    }

    @Override
    public String toString() {
        return "ElidedLocking[" + regions.length + " regions of " + hierarchy + ", " + regions[0].lock + "]";
    }

    /** Runs {@code step}'s level: the LOCK-mode section of its region, around the next level or the operation. */
    private Object enter(Step step) {
        RegionSections region = regions[step.reached[step.from]];
        return (step.write ? region.write : region.read).call(step);
    }

    /** Inside {@code step}'s section: the next region's level, or in the innermost the operation. */
    private Object next(Step step) {
        return step.from == step.reached.length - 1 ? unchecked(step.operation)
                : enter(new Step(step.reached, step.from + 1, step.write, step.operation));
    }

    /**
     * The three sections of {@code lock}; the only place that builds critical sections. A write's
     * body runs the next level inside a conflicting action of this region.
     */
    private RegionSections sectionsOf(ElidableLock lock) {
        CriticalSection<Step, Object> read = lock.section("read", (Step step) -> next(step));
        CriticalSection<Step, Object> write = lock.section("write", (Step step) -> {
            Object[] result = new Object[1];
            lock.conflictingAction(() -> result[0] = next(step));
            return result[0];
        });
        CriticalSection<OptimisticRead<?>, Object> optimisticRead = lock
                .section("optimisticRead", (OptimisticRead<?> task) -> (Object) unchecked(task.locked))
                .withSwopt((task, swopt) -> task.optimistic.apply(swopt));
        return new RegionSections(lock, read, write, optimisticRead);
    }

    /** Calls {@code operation}, carrying a checked exception out of the section unchecked. */
    private static <T> T unchecked(Callable<T> operation) {
        try {
            return operation.call();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new CheckedFailure(e);
        }
    }

    /** A checked exception of an operation on its way out of the critical sections. */
    private static final class CheckedFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CheckedFailure(Exception cause) {
            super(cause);
        }

        @Override
        public synchronized Exception getCause() {
            return (Exception) super.getCause();
        }
    }

    /** A task with an optimistic body: {@link #reading}'s. */
    private record OptimisticRead<T>(Callable<T> locked, Function<Swopt, T> optimistic) implements Callable<T> {
        @Override
        public T call() throws Exception {
            return locked.call();
        }
    }

    /** One region's lock and its sections. */
    private record RegionSections(ElidableLock lock, CriticalSection<Step, Object> read,
            CriticalSection<Step, Object> write, CriticalSection<OptimisticRead<?>, Object> optimisticRead) {
    }

    /**
     * One level of a LOCK-mode call: the regions reached, ascending, the index of this level's
     * region in them, whether the lock set writes, and the operation.
     */
    private record Step(int[] reached, int from, boolean write, Callable<?> operation) {
    }

    /** Configures an {@link ElidedLocking}. */
    public static final class Builder {

        private final Hierarchy hierarchy;
        private final int regions;
        private Supplier<ElisionPolicy> policies = ElisionPolicy::adaptive;
        private String label = "region";

        private Builder(Hierarchy hierarchy, int regions) {
            this.hierarchy = Objects.requireNonNull(hierarchy, "hierarchy");
            if (regions < 1 || regions > hierarchy.leafCount()) {
                throw new IllegalArgumentException("regions must be in [1, " + hierarchy.leafCount() + "], was "
                        + regions);
            }
            this.regions = regions;
        }

        /**
         * Makes each region's policy (default {@link ElisionPolicy#adaptive()}): called once per
         * region, as an adaptive policy serves one lock.
         */
        public Builder policy(Supplier<ElisionPolicy> policies) {
            this.policies = Objects.requireNonNull(policies, "policies");
            return this;
        }

        /**
         * The prefix of the regions' lock labels in reports: {@code label-0}, {@code label-1}, …
         * (default {@code region}).
         */
        public Builder label(String label) {
            this.label = Objects.requireNonNull(label, "label");
            return this;
        }

        /**
         * @throws IllegalStateException if the policy supplier returns one instance for two regions
         *     and the policy keeps per-lock state
         * @throws NullPointerException if the policy supplier returns null
         */
        public ElidedLocking build() {
            return new ElidedLocking(this);
        }
    }
}
