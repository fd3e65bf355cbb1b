package dev.locus.hierarchy.lock;

/**
 * The lock modes of multiple granularity locking ([Gray75]): intention to share ({@code IS}) or to
 * write ({@code IX}) below a node, share the node and everything below ({@code S}), share it and
 * intend to write below ({@code SIX}), write it and everything below ({@code X}).
 */
enum IntentionMode {
    IS, IX, S, SIX, X;

    /** Gray's compatibility matrix, indexed by ordinal: which two modes may be held at once. */
    private static final boolean[][] COMPATIBLE = {
        //          IS     IX     S      SIX    X
        /* IS  */ {true, true, true, true, false},
        /* IX  */ {true, true, false, false, false},
        /* S   */ {true, false, true, false, false},
        /* SIX */ {true, false, false, false, false},
        /* X   */ {false, false, false, false, false},
    };

    /** Whether one request may hold this mode on a node while another holds {@code other}. */
    boolean compatibleWith(IntentionMode other) {
        return COMPATIBLE[ordinal()][other.ordinal()];
    }

    /**
     * The weakest mode that grants both this one and {@code other} to one request: the least upper
     * bound in {@code IS < IX, S < SIX < X}, so {@code IX} joined with {@code S} is {@code SIX}.
     */
    IntentionMode join(IntentionMode other) {
        if (this == other) {
            return this;
        }
        if ((this == IX && other == S) || (this == S && other == IX)) {
            return SIX;
        }
        return compareTo(other) >= 0 ? this : other;
    }
}
