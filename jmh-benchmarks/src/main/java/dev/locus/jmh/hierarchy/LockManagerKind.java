package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.lock.HierarchicalLockManager;
import dev.locus.hierarchy.lock.HierarchicalLocks;
import java.util.function.Function;

/** The hierarchical lock managers of paper 000 §4, by the label of the suite's {@code lockManager} param. */
enum LockManagerKind {

    COARSE("coarse", HierarchicalLocks::coarse),
    MEDIUM_GRAINED("mediumGrained", HierarchicalLocks::mediumGrained),
    INTENTION("intention", HierarchicalLocks::intention);

    private final String label;
    private final Function<Hierarchy, HierarchicalLockManager> factory;

    LockManagerKind(String label, Function<Hierarchy, HierarchicalLockManager> factory) {
        this.label = label;
        this.factory = factory;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static LockManagerKind of(String label) {
        for (LockManagerKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown lock manager " + label);
    }

    String label() {
        return label;
    }

    /** A new manager over {@code hierarchy}. */
    HierarchicalLockManager create(Hierarchy hierarchy) {
        return factory.apply(hierarchy);
    }
}
