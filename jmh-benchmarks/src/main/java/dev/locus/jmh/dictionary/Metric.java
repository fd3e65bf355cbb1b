package dev.locus.jmh.dictionary;

/** What a figure of Figures 3–8 plots for each dictionary cell. */
public enum Metric {
    /** Figures 3–5. */
    THROUGHPUT(3, "throughput", "throughput (txn/s)", "txn/s"),
    /** Figures 6–8; the paper plots totals per 10 s run, this report a rate per transaction. */
    CONTENTION(6, "contention", "contention instances per transaction", "contention / txn");

    private final int firstFigure;
    private final String slug;
    private final String title;
    private final String axisTitle;

    Metric(int firstFigure, String slug, String title, String axisTitle) {
        this.firstFigure = firstFigure;
        this.slug = slug;
        this.title = title;
        this.axisTitle = axisTitle;
    }

    public double value(DictionaryMeasurement measurement) {
        return this == THROUGHPUT ? measurement.throughput() : measurement.contentionPerTransaction();
    }

    /** The paper's figure number for this metric of {@code structure}. */
    public int figure(Structure structure) {
        return firstFigure + structure.ordinal();
    }

    /** E.g. "Figure 3 — hash table throughput (txn/s)". */
    public String title(Structure structure) {
        return "Figure " + figure(structure) + " — " + structure.label() + " " + title;
    }

    /** E.g. {@code fig3-hash-table-throughput.png}. */
    public String fileName(Structure structure) {
        return "fig" + figure(structure) + "-" + structure.slug() + "-" + slug + ".png";
    }

    public String axisTitle() {
        return axisTitle;
    }
}
