package dev.locus.jmh.elision;

import java.util.Comparator;
import java.util.Locale;

/**
 * A workload of the elision suite ([Dice14] §5.1): its benchmark method and value size. Get-only
 * workloads come first, by value size, then the mixed one.
 *
 * @param method {@code getOnly} or {@code mixed}
 * @param valueSize bytes per value
 */
public record ElisionWorkload(String method, int valueSize) implements Comparable<ElisionWorkload> {

    public static final String GET_ONLY = "getOnly";
    public static final String MIXED = "mixed";
    /** The mixed workload's value size, which its rows do not carry as a param. */
    public static final int MIXED_VALUE_SIZE = 1024;

    private static final Comparator<ElisionWorkload> ORDER = Comparator
            .comparing((ElisionWorkload w) -> !w.isGetOnly()).thenComparingInt(ElisionWorkload::valueSize);

    boolean isGetOnly() {
        return method.equals(GET_ONLY);
    }

    /** E.g. "get-only, key range 16, 1,024 B values". */
    public String label() {
        String values = String.format(Locale.ROOT, "%,d B values", valueSize);
        return isGetOnly() ? "get-only, key range 16, " + values
                : "mixed 60/20/20 get/insert/remove, key range 4,096, " + values;
    }

    /** E.g. {@code elision-getOnly-1024B.png}. */
    public String fileName() {
        return "elision-" + method + "-" + valueSize + "B.png";
    }

    @Override
    public int compareTo(ElisionWorkload other) {
        return ORDER.compare(this, other);
    }
}
