package dev.locus.luts;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Dense indexes {@code 0 .. capacity-1} for the transaction types a heuristic has seen, so that
 * per-type state can live in arrays. Thread-safe; an index, once given, never changes.
 */
final class TypeIndex {

    private final ConcurrentHashMap<Integer, Integer> indexes = new ConcurrentHashMap<>();
    private final int capacity;

    TypeIndex(int capacity) {
        this.capacity = capacity;
    }

    /**
     * The index of {@code type}, given on first sight.
     *
     * @throws IllegalStateException when more than {@code capacity} types have been seen
     */
    int of(int type) {
        Integer index = indexes.get(type);
        return index != null ? index : assign(type);
    }

    /** The index of {@code type}, or -1 if it has not been seen. */
    int find(int type) {
        Integer index = indexes.get(type);
        return index != null ? index : -1;
    }

    private synchronized int assign(int type) {
        Integer index = indexes.get(type);
        if (index != null) {
            return index;
        }
        if (indexes.size() == capacity) {
            throw new IllegalStateException("more than " + capacity + " transaction types: " + indexes.keySet()
                    + " and " + type + "; conflict avoidance tracks at most " + capacity);
        }
        int next = indexes.size();
        indexes.put(type, next);
        return next;
    }
}
