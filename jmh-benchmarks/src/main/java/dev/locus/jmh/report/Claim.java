package dev.locus.jmh.report;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One claim of a paper set against the measurements.
 *
 * @param claim the claim in a few words
 * @param paperSays what the paper reports
 * @param measured the ratios this run measured, each with its 95% interval and rounds
 * @param verdict what the intervals say of the claim
 */
public record Claim(String claim, String paperSays, String measured, Verdict verdict) {

    public enum Verdict {
        /** Every interval the claim reads lies wholly on the paper's side of its threshold. */
        REPRODUCED("reproduced"),
        /** Some interval lies wholly on the other side. */
        CONTRADICTED("contradicted"),
        /** Neither: an interval spans a threshold, or there were too few rounds for one. */
        INCONCLUSIVE("inconclusive"),
        /** The machine cannot meet the claim's premise, e.g. more workers than it has cores. */
        NOT_TESTABLE("not testable here"),
        NOT_MEASURED("not measured");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** The verdict of a claim that holds only if every one of {@code outcomes} does. */
        public static Verdict ofAll(Collection<Outcome> outcomes) {
            return outcomes.contains(Outcome.FAILS) ? CONTRADICTED
                    : outcomes.stream().allMatch(o -> o == Outcome.HOLDS) ? REPRODUCED
                    : INCONCLUSIVE;
        }

        public static Verdict ofAll(Outcome... outcomes) {
            return ofAll(List.of(outcomes));
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** How every claims table's verdicts are reached, printed under each. */
    public static final String RULE = "Each ratio is the geometric mean of its per-round ratios with its 95% paired"
            + " t-interval, \"[low, high], n rounds\" (a round is one JVM's measurement of the cell; rounds of the same"
            + " index are paired). \"Reproduced\": every interval the claim reads lies on the paper's side of its"
            + " threshold; \"contradicted\": some interval lies wholly on the other side; \"inconclusive\": an interval"
            + " spans a threshold, or a cell has too few rounds for one.";

    /** claim | paper says | measured | verdict, one row per claim: the table every claims part opens with. */
    public static String table(List<Claim> claims) {
        MarkdownTable table = new MarkdownTable(4, "claim", "paper says", "measured", "verdict");
        claims.forEach(c -> table.row(c.claim(), c.paperSays(), c.measured(), "**" + c.verdict() + "**"));
        return table.toString();
    }

    /** A claim the file has no data for. */
    public static Claim notMeasured(String claim, String paperSays, String missing) {
        return new Claim(claim, paperSays, "not measured: " + missing, Verdict.NOT_MEASURED);
    }

    /**
     * A claim whose premise this machine cannot meet, so that measuring it would test something
     * else (e.g. 1 against 2 workers for a claim about more than two).
     */
    public static Claim notTestable(String claim, String paperSays, String why) {
        return new Claim(claim, paperSays, "not testable here: " + why, Verdict.NOT_TESTABLE);
    }

    /** E.g. "2 reproduced, 1 contradicted, 5 inconclusive, 0 not testable here, 0 not measured". */
    public static String count(List<Claim> claims) {
        return Arrays.stream(Verdict.values())
                .map(v -> claims.stream().filter(c -> c.verdict() == v).count() + " " + v)
                .collect(Collectors.joining(", "));
    }
}
