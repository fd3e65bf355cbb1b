package dev.locus.jmh.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A part of {@code REPORT.md} on one suite's claims: its {@link SectionText opening} (a heading and
 * a line of context, what is measured, the claims' table with the rule their verdicts follow), a
 * plain sentence per verdict, the measurements' table, and the chart. Subclasses give the words
 * and compute the verdicts' sentences and the table; the layout is this class's, so every such
 * section reads alike.
 */
public abstract class ClaimSection {

    protected final List<Claim> claims;
    private final SectionText text;
    private final String tableHeading;
    private final String chartTitle;
    private final Optional<Path> chart;

    /**
     * @param text the words the section opens with
     * @param tableHeading the heading above the measurements' table
     * @param chartTitle the chart's title, its image's alternative text
     * @param claims the section's claims, evaluated
     * @param chart the PNG written, if any
     */
    protected ClaimSection(SectionText text, String tableHeading, String chartTitle, List<Claim> claims,
            Optional<Path> chart) {
        this.claims = claims;
        this.text = text;
        this.tableHeading = tableHeading;
        this.chartTitle = chartTitle;
        this.chart = chart;
    }

    /** The section, from its heading; empty if the results have none of its rows. */
    public final String document() {
        if (isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder(text.opening(claims));
        md.append(conclusion()).append("\n\n");
        md.append("## ").append(tableHeading).append("\n\n").append(table()).append('\n');
        chart.ifPresent(png -> md.append("![").append(chartTitle).append("](").append(png.getFileName())
                .append(")\n\n"));
        return md.toString();
    }

    /** The claims' table. */
    public final String claimsTable() {
        return Claim.table(claims);
    }

    /** Whether the results have none of this section's rows. */
    protected abstract boolean isEmpty();

    /** A plain sentence per claim saying what its verdict means. */
    public abstract String conclusion();

    /** The measurements, a row per cell. */
    protected abstract MarkdownTable table();
}
