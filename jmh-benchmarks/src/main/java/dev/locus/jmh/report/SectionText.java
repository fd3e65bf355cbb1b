package dev.locus.jmh.report;

import java.util.List;

/**
 * The fixed words a part of {@code REPORT.md} on a suite's claims opens with, and how they are
 * laid out: the heading and a line of context, what is measured, then the claims' table under a
 * question with the thresholds and the rule their verdicts follow. Every section with claims opens
 * this way, a {@link ClaimSection} and a section with a table per workload or figure alike, so that
 * they read alike.
 *
 * @param heading the section's heading, without its {@code #}
 * @param context one sentence on what the section answers (what the suite compares)
 * @param measured the paragraph on what is measured and how
 * @param question the heading above the claims, a question
 * @param threshold what the claims' thresholds are, ending in a space; empty where the claims' own text says
 */
public record SectionText(String heading, String context, String measured, String question, String threshold) {

    /** From the heading to the rule under the claims' table, which shows {@code claims}. */
    public String opening(List<Claim> claims) {
        return "# " + heading + "\n\n" + context + " The machine and profile are under \"Run\" above.\n\n"
                + "## What is measured\n\n" + measured + "\n\n"
                + "## " + question + "\n\n" + Claim.table(claims) + "\n" + threshold + Claim.RULE + "\n\n";
    }
}
