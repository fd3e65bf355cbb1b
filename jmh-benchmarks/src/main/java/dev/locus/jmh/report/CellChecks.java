package dev.locus.jmh.report;

import dev.locus.jmh.report.Claim.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The checks of one claim, each a ratio with its interval against a threshold in one cell, and
 * the verdict and text they give together: what the claims of every paper share.
 */
public final class CellChecks {

    /** One cell's ratio and where its interval lies against the claim's threshold. */
    record Check(String cell, Ratio ratio, Outcome outcome) {
    }

    private final List<Check> checks = new ArrayList<>();

    /** Adds the check of {@code ratio} in {@code cell}, if both its sides were measured. */
    public void add(String cell, Ratio ratio, Outcome outcome) {
        if (ratio.isMeasured()) {
            checks.add(new Check(cell, ratio, outcome));
        }
    }

    public boolean isEmpty() {
        return checks.isEmpty();
    }

    /** Reproduced if every check holds, contradicted if any fails, else inconclusive. */
    public Verdict verdict() {
        return Verdict.ofAll(checks.stream().map(Check::outcome).toList());
    }

    /** Each check, e.g. "1.25× [1.10, 1.42], 3 rounds at 2 workers; 0.98× … at 4 workers". */
    public String each() {
        return checks.stream().map(c -> c.ratio + " " + c.cell).collect(Collectors.joining("; "));
    }

    /**
     * The count by outcome and the lowest ratio, e.g. "9 cells: holds in 5, fails in 1, open in 3;
     * lowest 0.61× [0.52, 0.71], 3 rounds (sorted list, uniform, 2 workers)".
     */
    public String summary() {
        Check lowest = checks.stream().min(Comparator.comparingDouble(c -> c.ratio.estimate())).orElseThrow();
        return checks.size() + (checks.size() == 1 ? " check" : " checks") + ": holds in " + count(Outcome.HOLDS)
                + ", fails in " + count(Outcome.FAILS) + ", open in " + count(Outcome.OPEN) + "; lowest "
                + lowest.ratio + " (" + lowest.cell + ")";
    }

    /** The highest ratio and its cell, e.g. "2.93× [2.71, 3.17], 3 rounds (getOnly 4 B, 2 threads)". */
    public String highest() {
        Check highest = checks.stream().max(Comparator.comparingDouble(c -> c.ratio.estimate())).orElseThrow();
        return highest.ratio + " (" + highest.cell + ")";
    }

    private long count(Outcome outcome) {
        return checks.stream().filter(c -> c.outcome == outcome).count();
    }
}
