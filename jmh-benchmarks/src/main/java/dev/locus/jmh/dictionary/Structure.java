package dev.locus.jmh.dictionary;

import java.util.Optional;

/** The three dictionaries of [Bai06] §5.2, in the order of its Figures 3–5 and 6–8. */
public enum Structure {
    HASH_TABLE("hashTable", "hash table"),
    RED_BLACK_TREE("redBlackTree", "red-black tree"),
    SORTED_LIST("sortedList", "sorted list");

    private final String method;
    private final String label;

    Structure(String method, String label) {
        this.method = method;
        this.label = label;
    }

    /** The structure whose benchmark method is called {@code method}, if any. */
    public static Optional<Structure> ofMethod(String method) {
        for (Structure structure : values()) {
            if (structure.method.equals(method)) {
                return Optional.of(structure);
            }
        }
        return Optional.empty();
    }

    /** The benchmark method's name, e.g. {@code hashTable}. */
    public String method() {
        return method;
    }

    /** The name in prose, e.g. "hash table". */
    String label() {
        return label;
    }

    /** The name in a file name, e.g. "hash-table". */
    String slug() {
        return label.replace(' ', '-');
    }
}
