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
 * [Dice14] §5.1's HashMap ({@link ChainedTable}: 1,024 buckets) with its buckets cut into
 * {@code segments} contiguous ranges, each guarded by its own {@link ElidableLock} (its own lock
 * and version word). One segment is the paper's map: one lock, one version word for the whole
 * table. An operation is an {@link Op}, run by the critical section of its segment that
 * {@link #section(Op)} gives, called where the caller likes (a keyed executor's worker, through
 * {@code KeyedSections}): get with a SWOPT path (Figure 1), insert and remove bracketing only
 * their structural change as a conflicting action, as {@link HeapElidedHashMap} does. Or
 * {@link #callInline(Op)} runs it in ALE's inline form, as {@link InlineElidedHashMap} does:
 * the same lock, policy and report rows.
 */
/*
 * Implementation notes
 *
 * Overview. The table is one ChainedTable; bucket b belongs to segment b * segments / 1024, and
 * every operation touches one bucket, so it runs under its segment's lock alone. A conflicting
 * action in segment s moves only s's version, so it invalidates only the optimistic readers of s.
 * Each segment's three sections are built once and take the Op as their argument; named get,
 * insert and remove, they give one granule per (segment, name), which the segment's inline
 * sections of the same names share.
 *
 * Concurrency. As ChainedTable's notes, per segment: writers of a segment run one at a time under
 * its lock; readers of a segment validate against its version.
 *
 * References. [Dice14] §3.2 (Figure 1), §5.1 (the table).
 */
public final class SegmentedHashMap {

    /** The table's buckets: [Dice14]'s 1,024. */
    public static final int BUCKETS = Buckets.COUNT;

    private final ChainedTable table;
    private final Segment[] segments;

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
        this.segments = new Segment[segments];
        for (int s = 0; s < segments; s++) {
            this.segments[s] = segment(ElidableLock.builder("segment-" + s, LockApi.of(new ReentrantLock()))
                    .policy(policies.get()).build());
        }
    }

    /** The critical section that runs {@code op}: its kind's, of its key's segment. */
    public CriticalSection<Op, Boolean> section(Op op) {
        Segment segment = segmentOf(op);
        return switch (op.kind) {
            case GET -> segment.get;
            case INSERT -> segment.insert;
            case REMOVE -> segment.remove;
        };
    }

    /** Runs {@code op} on the calling thread; what its section returned. */
    public boolean call(Op op) {
        return section(op).call(op);
    }

    /** Runs {@code op} on the calling thread in the inline form: its segment's inline sections. */
    public boolean callInline(Op op) {
        InlineChainedTable inline = segmentOf(op).inline;
        return switch (op.kind) {
            case GET -> inline.get(op.key, op.bytes);
            case INSERT -> inline.insert(op.key, op.bytes);
            case REMOVE -> inline.remove(op.key);
        };
    }

    /** Every segment's report: a row per (segment, operation). */
    public ElisionReport report() {
        List<GranuleReport> rows = new ArrayList<>();
        for (Segment segment : segments) {
            rows.addAll(segment.lock.report().rows());
        }
        return new ElisionReport(rows);
    }

    /** get's counts over all segments, from the report: what the elided-placement suite compares. */
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

    private Segment segmentOf(Op op) {
        return segments[(int) ((long) op.bucket() * segments.length / BUCKETS)];
    }

    /** {@code lock}'s three sections, built once, in both forms. */
    private Segment segment(ElidableLock lock) {
        CriticalSection<Op, Boolean> get = lock.section("get", (Op op) -> table.get(op.key, op.bytes, Validation.NONE) > 0)
                .withSwopt((op, swopt) -> table.get(op.key, op.bytes, () -> {
                    swopt.validate();
                    return true;
                }) > 0);
        CriticalSection<Op, Boolean> insert = lock.section("insert",
                (Op op) -> table.insert(op.key, op.bytes, lock::conflictingAction));
        CriticalSection<Op, Boolean> remove = lock.section("remove",
                (Op op) -> table.remove(op.key, lock::conflictingAction));
        return new Segment(lock, get, insert, remove, new InlineChainedTable(table, lock));
    }

    private record Segment(ElidableLock lock, CriticalSection<Op, Boolean> get, CriticalSection<Op, Boolean> insert,
            CriticalSection<Op, Boolean> remove, InlineChainedTable inline) {
    }

    /**
     * One operation on the map: a get copying {@code key}'s value into {@code bytes}, an insert (or
     * overwrite) of {@code bytes}, or a remove. Keys are non-negative.
     */
    public static final class Op {

        private enum Kind { GET, INSERT, REMOVE }

        private final Kind kind;
        private final int key;
        private final byte[] bytes;

        private Op(Kind kind, int key, byte[] bytes) {
            this.kind = kind;
            this.key = key;
            this.bytes = bytes;
        }

        /** get: copies the value into {@code into}; the section returns whether the key was present. */
        public static Op get(int key, byte[] into) {
            return new Op(Kind.GET, key, into);
        }

        /** insert or overwrite; the section returns whether the key was absent. */
        public static Op insert(int key, byte[] value) {
            return new Op(Kind.INSERT, key, value);
        }

        /** remove; the section returns whether the key was present. */
        public static Op remove(int key) {
            return new Op(Kind.REMOVE, key, null);
        }

        /** The bucket of the key: what a keyed executor should place the operation by. */
        public int bucket() {
            return Buckets.of(key);
        }
    }

    /**
     * get's counts, ALE's estimates (exact below 4,096).
     *
     * @param optimisticSuccesses SWOPT attempts that completed a get
     * @param optimisticFailures SWOPT attempts that failed validation: attempts − successes, a
     *     difference of two estimates, so rough once the counts are large (it can be negative)
     * @param lockFallbacks gets completed under the lock after their optimistic attempts failed
     */
    public record GetCounts(long optimisticSuccesses, long optimisticFailures, long lockFallbacks) {
    }
}
