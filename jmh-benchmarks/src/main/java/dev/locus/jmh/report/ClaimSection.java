package dev.locus.jmh.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A part of {@code REPORT.md} on one suite's claims: a heading and a line of context, what is
 * measured, the claims' table with the rule their verdicts follow, a plain sentence per verdict,
 * the measurements' table, and the chart. Subclasses give the words and the tables; the layout is
 * this class's, so every such section reads alike.
 */
public abstract class ClaimSection {

    protected final List<Claim> claims;
    private final Optional<Path> chart;

    /**
     * @param claims the section's claims, evaluated
     * @param chart the PNG written, if any
     */
    protected ClaimSection(List<Claim> claims, Optional<Path> chart) {
        this.claims = claims;
        this.chart = chart;
    }

    /** The section, from its heading; empty if the results have none of its rows. */
    public final String document() {
        if (isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder();
        md.append("# ").append(heading()).append("\n\n").append(context())
                .append(" The machine and profile are under \"Run\" above.\n\n");
        md.append("## What is measured\n\n").append(measured()).append("\n\n");
        md.append("## ").append(question()).append("\n\n").append(claimsTable()).append('\n').append(threshold())
                .append(Claim.RULE).append("\n\n");
        md.append(conclusion()).append("\n\n");
        md.append("## ").append(tableHeading()).append("\n\n").append(table()).append('\n');
        chart.ifPresent(png -> md.append("![").append(chartTitle()).append("](").append(png.getFileName())
                .append(")\n\n"));
        return md.toString();
    }

    /** The claims' table. */
    public final String claimsTable() {
        return Claim.table(claims);
    }

    /** Whether the results have none of this section's rows. */
    protected abstract boolean isEmpty();

    /** The section's heading, without its {@code #}. */
    protected abstract String heading();

    /** One sentence on what the section answers (what the suite compares). */
    protected abstract String context();

    /** The paragraph on what is measured and how. */
    protected abstract String measured();

    /** The heading above the claims, a question. */
    protected abstract String question();

    /** What the claims' thresholds are, ending in a space; empty where the claims' own text says. */
    protected abstract String threshold();

    /** A plain sentence per claim saying what its verdict means. */
    public abstract String conclusion();

    /** The heading above the measurements' table. */
    protected abstract String tableHeading();

    /** The measurements, a row per cell. */
    protected abstract MarkdownTable table();

    /** The chart's title, its image's alternative text. */
    protected abstract String chartTitle();
}
