package dev.locus.jmh.hashmap;

import dev.locus.elision.CriticalSection;
import dev.locus.elision.ElidableLock;
import dev.locus.elision.ElisionPolicy;
import dev.locus.elision.ElisionReport;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.LockApi;
import dev.locus.elision.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Paper 003 §5.1's HashMap ({@link ChainedTable}: 1,024 buckets) with its buckets cut into
 * {@code segments} contiguous ranges, each guarded by its own {@link ElidableLock} (its own lock
 * and version word). One segment is the paper's map: one lock, one version word for the whole
 * table. Each operation is handed out as a critical section, to be called where the caller likes
 * (a keyed executor's worker, through {@code KeyedSections}): get with a SWOPT path (Figure 1),
 * insert and remove bracketing only their structural change as a conflicting action, as
 * {@link HeapElidedHashMap} does.
 */
/*
 * Implementation notes
 *
 * Overview. The table is one ChainedTable; bucket b belongs to segment b * segments / 1024, and
 * every operation touches one bucket, so it runs under its segment's lock alone. A conflicting
 * action in segment s moves only s's version, so it invalidates only the optimistic readers of s.
 * Sections are built per call (the body needs the call's key and buffer) and named get, insert
 * and remove: one granule per (segment, name).
 *
 * Concurrency. As ChainedTable's notes, per segment: writers of a segment run one at a time under
 * its lock; readers of a segment validate against its version.
 *
 * References. Paper 003 §3.2 (Figure 1), §5.1 (the table); issue 17, item 3(b).
 */
public final class SegmentedHashMap {

    /** The table's buckets: paper 003's 1,024. */
    public static final int BUCKETS = Buckets.COUNT;

    private final ChainedTable table;
    private final ElidableLock[] segments;

    /**
     * An empty map of {@code valueSize}-byte values in {@code segments} segments, each lock with a
     * policy from {@code policies}.
     *
     * @throws IllegalArgumentException if {@code segments} is not in [1, 1024]
     */
    public SegmentedHashMap(int segments, int valueSize, Supplier<ElisionPolicy> policies) {
        if (segments < 1 || segments > BUCKETS) {
            throw new IllegalArgumentException("segments must be in [1, " + BUCKETS + "], was " + segments);
        }
        this.table = new ChainedTable(valueSize);
        this.segments = new ElidableLock[segments];
        for (int s = 0; s < segments; s++) {
            this.segments[s] = ElidableLock.builder("segment-" + s, LockApi.of(new ReentrantLock()))
                    .policy(policies.get()).build();
        }
    }

    /** The bucket of {@code key} (non-negative): the key a keyed executor should place its operation by. */
    public static int bucketOf(int key) {
        return Buckets.of(key);
    }

    /** get: copies {@code key}'s value into {@code into}; whether it was present. */
    public CriticalSection<Boolean> get(int key, byte[] into) {
        ElidableLock lock = lockOf(key);
        return lock.section("get", () -> table.get(key, into, Validation.NONE) > 0)
                .withSwopt(swopt -> table.get(key, into, () -> {
                    swopt.validate();
                    return true;
                }) > 0);
    }

    /** insert or overwrite; whether the key was absent. */
    public CriticalSection<Boolean> insert(int key, byte[] value) {
        ElidableLock lock = lockOf(key);
        return lock.section("insert", () -> table.insert(key, value, lock::conflictingAction));
    }

    /** remove; whether the key was present. */
    public CriticalSection<Boolean> remove(int key) {
        ElidableLock lock = lockOf(key);
        return lock.section("remove", () -> table.remove(key, lock::conflictingAction));
    }

    /** Every segment's report: a row per (segment, operation). */
    public ElisionReport report() {
        List<GranuleReport> rows = new ArrayList<>();
        for (ElidableLock lock : segments) {
            rows.addAll(lock.report().rows());
        }
        return new ElisionReport(rows);
    }

    /** get's counts over all segments, from the report: what issue 17 item 3(b) compares. */
    public GetCounts getCounts() {
        long successes = 0;
        long attempts = 0;
        long locked = 0;
        for (GranuleReport row : report().rows()) {
            if (row.context().equals("get")) {
                successes += row.mode(Mode.SWOPT).successes();
                attempts += row.mode(Mode.SWOPT).attempts();
                locked += row.mode(Mode.LOCK).successes();
            }
        }
        return new GetCounts(successes, attempts - successes, locked);
    }

    private ElidableLock lockOf(int key) {
        return segments[(int) ((long) Buckets.of(key) * segments.length / BUCKETS)];
    }

    /**
     * get's counts, ALE's estimates (exact below 4,096).
     *
     * @param optimisticSuccesses SWOPT attempts that completed a get
     * @param optimisticFailures SWOPT attempts that failed validation
     * @param lockFallbacks gets completed under the lock after their optimistic attempts failed
     */
    public record GetCounts(long optimisticSuccesses, long optimisticFailures, long lockFallbacks) {
    }
}
