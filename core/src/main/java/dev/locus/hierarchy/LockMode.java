package dev.locus.hierarchy;

/** How a hierarchical task uses a node it locks: together with other readers, or alone. */
public enum LockMode {
    /** Shared with other readers of the node and its descendants. */
    READ,
    /** Exclusive over the node and all its descendants. */
    WRITE;

    /** Whether two requests in these modes on overlapping nodes must not run at the same time. */
    public boolean conflictsWith(LockMode other) {
        return this == WRITE || other == WRITE;
    }
}
