package dev.locus.jmh.oversubscription;

import java.util.Arrays;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/** The workloads of the oversubscription suite: [Maldonado10]'s Table 2 sets, STAMP applications and a counter array. */
public enum Workload {
    RED_BLACK_TREE("redBlackTree", "red-black tree, 16K keys, 20% updates", 0.0001, 0.0006, 0.0011),
    SKIP_LIST("skipList", "skip list, 16K keys, 20% updates", 0.0003, 0.0025, 0.0044),
    LINKED_LIST_1K("linkedList1k", "linked list, 1K keys, 20% updates", 0.0638, 0.2208, 0.2348),
    LINKED_LIST_8K("linkedList8k", "linked list, 8K keys, 20% updates", 0.0637, 0.2102, 0.2233),
    VACATION_LOW("vacationLow", "STAMP vacation, low contention (-n2 -q90 -u98, 16K relations)"),
    VACATION_HIGH("vacationHigh", "STAMP vacation, high contention (-n4 -q60 -u90, 16K relations)"),
    KMEANS_LOW("kmeansLow", "STAMP kmeans, low contention (40 clusters, 65,536 points of 32 features)"),
    KMEANS_HIGH("kmeansHigh", "STAMP kmeans, high contention (15 clusters, 65,536 points of 32 features)"),
    COUNTER_ARRAY("counterArray", "counter array, half hot and half cold transactions");

    private final String method;
    private final String label;
    private final SortedMap<Integer, Double> paperContention = new TreeMap<>();

    /**
     * @param paperContention [Maldonado10]'s Table 2 contention at 2, 8 and 16 threads, as fractions;
     *     none for a workload the paper does not have
     */
    Workload(String method, String label, double... paperContention) {
        this.method = method;
        this.label = label;
        int[] paperThreads = {2, 8, 16}; // Table 2's "Contention" columns
        for (int i = 0; i < paperContention.length; i++) {
            this.paperContention.put(paperThreads[i], paperContention[i]);
        }
    }

    /** The workload whose benchmark method is called {@code method}, if any. */
    public static Optional<Workload> ofMethod(String method) {
        return Arrays.stream(values()).filter(w -> w.method.equals(method)).findFirst();
    }

    /** The benchmark method's name, e.g. {@code redBlackTree}. */
    String method() {
        return method;
    }

    /** The name in prose, e.g. "red-black tree, 16K keys, 20% updates". */
    public String label() {
        return label;
    }

    /**
     * [Maldonado10]'s Table 2 "Contention" by thread count: the fraction of transactions that abort
     * at least once under basic on its 16-core machine; empty for a workload not in the table.
     */
    SortedMap<Integer, Double> paperContention() {
        return Collections.unmodifiableSortedMap(paperContention);
    }

    /** E.g. {@code oversubscription-redBlackTree.png}. */
    public String fileName() {
        return "oversubscription-" + method + ".png";
    }
}
