package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.lock.HierarchicalLockManager;
import dev.locus.hierarchy.lock.HierarchicalLocks;
import dev.locus.jmh.Labels;

/** The hierarchical lock managers of [Kalikar19] §4, by the label of the suite's {@code lockManager} param. */
enum LockManagerKind {

    COARSE("coarse", HierarchicalLocks.Kind.COARSE),
    MEDIUM_GRAINED("mediumGrained", HierarchicalLocks.Kind.MEDIUM_GRAINED),
    INTENTION("intention", HierarchicalLocks.Kind.INTENTION),
    DOM_LOCK("domLock", HierarchicalLocks.Kind.DOM_LOCK),
    NUM_LOCK("numLock", HierarchicalLocks.Kind.NUM_LOCK);

    private final String label;
    private final HierarchicalLocks.Kind kind;

    LockManagerKind(String label, HierarchicalLocks.Kind kind) {
        this.label = label;
        this.kind = kind;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static LockManagerKind of(String label) {
        return Labels.find(values(), LockManagerKind::label, label, "lock manager");
    }

    String label() {
        return label;
    }

    /** A new manager over {@code hierarchy}. */
    HierarchicalLockManager create(Hierarchy hierarchy) {
        return kind.create(hierarchy);
    }
}
