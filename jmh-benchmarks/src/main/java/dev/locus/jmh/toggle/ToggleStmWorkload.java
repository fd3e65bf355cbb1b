package dev.locus.jmh.toggle;

import java.util.Comparator;
import java.util.List;

/**
 * A hierarchy of the Toggle + STM suite: STMBench7's graph in one of its mixes, or the
 * tree-bank-shaped XML document at a scale.
 *
 * @param method the benchmark method, {@value #STMBENCH7} or {@value #XML}
 * @param setting the mix, or the scale
 */
public record ToggleStmWorkload(String method, String setting) implements Comparable<ToggleStmWorkload> {

    public static final String STMBENCH7 = "stmBench7";
    public static final String XML = "xml";
    private static final List<String> MIXES = List.of("readDominated", "readWrite", "writeDominated");
    /** STMBench7 first, its mixes as the paper lists them, then the XML document by scale. */
    private static final Comparator<ToggleStmWorkload> ORDER = Comparator
            .comparing((ToggleStmWorkload w) -> !w.method.equals(STMBENCH7))
            .thenComparingInt(w -> MIXES.indexOf(w.setting))
            .thenComparingDouble(ToggleStmWorkload::scale)
            .thenComparing(ToggleStmWorkload::setting);

    /** E.g. "STMBench7 readWrite", "XML scale 0.1". */
    String label() {
        return method.equals(STMBENCH7) ? "STMBench7 " + setting : "XML scale " + setting;
    }

    private double scale() {
        try {
            return method.equals(XML) ? Double.parseDouble(setting) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public int compareTo(ToggleStmWorkload other) {
        return ORDER.compare(this, other);
    }
}
