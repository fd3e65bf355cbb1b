package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import java.util.Objects;
import java.util.function.Function;

/**
 * Creates the hierarchical lock managers of [Kalikar19]'s experiments. Each call returns a new
 * manager with its own locks; every manager is thread-safe.
 *
 * <p>Which one to use: {@link #coarse} and {@link #mediumGrained} are the cheap baselines of
 * STMBench7 and serialize writers; {@link #intention} finds conflicts exactly but walks to the
 * root for every node (and much further for writes in a DAG); {@link #domLock} and
 * {@link #numLock} test leaf intervals in one pool, DomLock with one coarse interval per request,
 * NumLock with a few tighter ones.
 */
public final class HierarchicalLocks {

    private HierarchicalLocks() {
    }

    /**
     * One read-write lock for the whole hierarchy: read-only sets share it, any set with a write
     * takes it alone. One lock operation per request.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     */
    public static HierarchicalLockManager coarse(Hierarchy hierarchy) {
        return new CoarseLockManager(hierarchy);
    }

    /**
     * One read-write lock per depth, taken from the set's highest node's depth down to the bottom
     * level: for writing from the depth of its highest written node on, for reading above it.
     * One lock operation per level below the set's highest node.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     */
    public static HierarchicalLockManager mediumGrained(Hierarchy hierarchy) {
        return new MediumGrainedLockManager(hierarchy);
    }

    /**
     * Multiple granularity locking: IS, IX, S, SIX and X locks per node, from the root down in
     * one global order. One lock operation per node of the set and per ancestor; in a DAG a write
     * also locks the node's shared descendants and all their ancestors.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     * @throws IllegalArgumentException if the hierarchy is deeper than 2^29 levels
     */
    public static HierarchicalLockManager intention(Hierarchy hierarchy) {
        return new IntentionLockManager(hierarchy);
    }

    /**
     * DomLock: a request holds the leaf interval of its dominator in a FIFO pool of intervals.
     * One walk up from one node, then one scan of the pool.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     */
    public static HierarchicalLockManager domLock(Hierarchy hierarchy) {
        return new DomLockManager(hierarchy);
    }

    /**
     * NumLock with {@link NumLockCostModel#DEFAULT}.
     *
     * @throws NullPointerException if {@code hierarchy} is null
     */
    public static HierarchicalLockManager numLock(Hierarchy hierarchy) {
        return numLock(hierarchy, NumLockCostModel.DEFAULT);
    }

    /**
     * NumLock: a request holds its nodes' leaf intervals, merged where the cost model finds a
     * gap not worth an interval, in the same FIFO pool as DomLock.
     *
     * @throws NullPointerException if an argument is null
     */
    public static HierarchicalLockManager numLock(Hierarchy hierarchy, NumLockCostModel cost) {
        return new NumLockManager(hierarchy, Objects.requireNonNull(cost, "cost"));
    }

    /** The managers by name, for benchmark parameters and for tests that cover them all. */
    public enum Kind {
        /** {@link #coarse}. */
        COARSE(HierarchicalLocks::coarse),
        /** {@link #mediumGrained}. */
        MEDIUM_GRAINED(HierarchicalLocks::mediumGrained),
        /** {@link #intention}. */
        INTENTION(HierarchicalLocks::intention),
        /** {@link #domLock}. */
        DOM_LOCK(HierarchicalLocks::domLock),
        /** {@link #numLock(Hierarchy)}. */
        NUM_LOCK(HierarchicalLocks::numLock);

        private final Function<Hierarchy, HierarchicalLockManager> factory;

        Kind(Function<Hierarchy, HierarchicalLockManager> factory) {
            this.factory = factory;
        }

        /** A new manager of this kind over {@code hierarchy}. */
        public HierarchicalLockManager create(Hierarchy hierarchy) {
            return factory.apply(hierarchy);
        }
    }
}
