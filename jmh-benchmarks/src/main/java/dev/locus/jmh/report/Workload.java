package dev.locus.jmh.report;

import java.util.Arrays;
import java.util.Optional;

/** The workloads of the oversubscription suite: paper 004's Table 2 sets and a counter array. */
enum Workload {
    RED_BLACK_TREE("redBlackTree", "red-black tree, 16K keys, 20% updates"),
    SKIP_LIST("skipList", "skip list, 16K keys, 20% updates"),
    LINKED_LIST_1K("linkedList1k", "linked list, 1K keys, 20% updates"),
    LINKED_LIST_8K("linkedList8k", "linked list, 8K keys, 20% updates"),
    COUNTER_ARRAY("counterArray", "counter array, half hot and half cold transactions");

    private final String method;
    private final String label;

    Workload(String method, String label) {
        this.method = method;
        this.label = label;
    }

    /** The workload whose benchmark method is called {@code method}, if any. */
    static Optional<Workload> ofMethod(String method) {
        return Arrays.stream(values()).filter(w -> w.method.equals(method)).findFirst();
    }

    /** The benchmark method's name, e.g. {@code redBlackTree}. */
    String method() {
        return method;
    }

    /** The name in prose, e.g. "red-black tree, 16K keys, 20% updates". */
    String label() {
        return label;
    }

    /** E.g. {@code oversubscription-redBlackTree.png}. */
    String fileName() {
        return "oversubscription-" + method + ".png";
    }
}
