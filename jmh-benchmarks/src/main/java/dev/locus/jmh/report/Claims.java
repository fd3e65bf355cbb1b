package dev.locus.jmh.report;

import static dev.locus.jmh.report.Names.ADAPTIVE;
import static dev.locus.jmh.report.Names.EXPONENTIAL;
import static dev.locus.jmh.report.Names.FIXED_RANGE;
import static dev.locus.jmh.report.Names.ROUND_ROBIN;
import static dev.locus.jmh.report.Names.UNIFORM;

import dev.locus.jmh.report.Claim.Verdict;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The claims of paper 002 §5.4 that the figures support, each computed from the measurements:
 * nothing here knows what a run will show.
 */
final class Claims {

    /*
     * Implementation notes
     *
     * Overview
     *   Each claim is a method that reads Results and returns one Claim (claim 2: one per
     *   structure). A claim compares executors at the same structure, distribution and worker
     *   count, never across cells, so the ratios do not depend on the machine's speed. Claims about
     *   executors beating one another use worker counts of 2 and more: with one worker every
     *   executor sends every transaction to the same thread, so there is nothing to compare.
     *
     *   The thresholds below are the only place the verdicts' numbers live. They are wider than
     *   the differences a reader should care about, narrower than the paper's effects (+25%,
     *   +20-75%, no speedup): a quick run's JMH error is often 5-10%, and a claim that flips on
     *   noise says nothing.
     *
     * References
     *   Paper 002 §5.4 (hash table, red-black tree, sorted list), §5.4.2 (summary).
     */

    /** "Beats": ahead by at least this fraction; "tied": within it either way. */
    static final double MARGIN = 0.05;
    /** "Stops scaling": its throughput at the most workers is at most this times that at one. */
    static final double NO_SPEEDUP = 1.10;
    /** "Tied-best": at least this fraction of the best executor's throughput in the cell. */
    static final double TIED_BEST = 1 - MARGIN;

    private Claims() {
    }

    /** The claims in the order the report lists them. */
    static List<Claim> evaluate(Results results) {
        List<Claim> claims = new ArrayList<>();
        claims.add(fixedBeatsRoundRobinOnUniformHashTable(results));
        for (Structure structure : Structure.values()) {
            claims.add(fixedStopsScalingOnExponential(results, structure));
        }
        claims.add(adaptiveBestOrTiedBest(results));
        claims.add(adaptiveBeatsRoundRobinOnExponentialSortedList(results));
        return claims;
    }

    static Claim fixedBeatsRoundRobinOnUniformHashTable(Results results) {
        String claim = "1. Fixed beats round-robin on the uniform hash table";
        String paper = "fixed +25% over round-robin at 2 workers, the gap growing with workers";
        SortedMap<Integer, Double> ratios = ratios(results, Structure.HASH_TABLE, UNIFORM, FIXED_RANGE, ROUND_ROBIN);
        if (ratios.isEmpty()) {
            return Claim.notMeasured(claim, paper, "fixedRange and roundRobin on hashTable/uniform at 2+ workers");
        }
        Collection<Double> values = ratios.values();
        Verdict verdict = values.stream().allMatch(r -> r >= 1 + MARGIN) ? Verdict.REPRODUCED
                : values.stream().allMatch(r -> Math.abs(r - 1) < MARGIN) ? Verdict.TIED
                : Verdict.NOT_REPRODUCED;
        return new Claim(claim, paper, "fixedRange/roundRobin " + atWorkers(ratios), verdict);
    }

    static Claim fixedStopsScalingOnExponential(Results results, Structure structure) {
        String claim = "2. Fixed stops scaling on the exponential distribution: " + structure.label();
        String paper = switch (structure) {
            case HASH_TABLE -> "fixed shows no speedup beyond 2 workers; adaptive mostly scales";
            case RED_BLACK_TREE -> "qualitatively like the hash table";
            case SORTED_LIST -> "fixed drops below the others on nonuniform keys";
        };
        double fixedOne = results.throughput(structure, EXPONENTIAL, FIXED_RANGE, 1);
        double adaptiveOne = results.throughput(structure, EXPONENTIAL, ADAPTIVE, 1);
        int most = results.workers(structure, EXPONENTIAL).stream()
                .filter(w -> w > 1)
                .filter(w -> !Double.isNaN(results.throughput(structure, EXPONENTIAL, FIXED_RANGE, w)))
                .filter(w -> !Double.isNaN(results.throughput(structure, EXPONENTIAL, ADAPTIVE, w)))
                .reduce(0, Math::max);
        if (Double.isNaN(fixedOne) || Double.isNaN(adaptiveOne) || most == 0) {
            return Claim.notMeasured(claim, paper, "fixedRange and adaptive on " + structure.method()
                    + "/exponential at 1 worker and at more");
        }
        double fixedMost = results.throughput(structure, EXPONENTIAL, FIXED_RANGE, most);
        double adaptiveMost = results.throughput(structure, EXPONENTIAL, ADAPTIVE, most);
        double fixedSpeedup = fixedMost / fixedOne;
        double adaptiveSpeedup = adaptiveMost / adaptiveOne;
        boolean reproduced = fixedSpeedup <= NO_SPEEDUP && adaptiveSpeedup >= fixedSpeedup * (1 + MARGIN);
        String measured = String.format(Locale.ROOT,
                "speedup from 1 to %d workers: fixedRange %s, adaptive %s; fixedRange/adaptive at %d: %s",
                most, Format.ratio(fixedSpeedup), Format.ratio(adaptiveSpeedup), most,
                Format.ratio(fixedMost / adaptiveMost));
        return new Claim(claim, paper, measured, reproduced ? Verdict.REPRODUCED : Verdict.NOT_REPRODUCED);
    }

    static Claim adaptiveBestOrTiedBest(Results results) {
        String claim = "3. Adaptive is best or tied-best in every cell";
        String paper = "adaptive is the best or essentially tied for the best in all cases (§5.4.2)";
        List<Cell> cells = new ArrayList<>();
        for (Structure structure : Structure.values()) {
            for (String distribution : results.distributions(structure)) {
                for (int workers : results.workers(structure, distribution)) {
                    boolean paperExecutorsMeasured = Names.PAPER_EXECUTORS.stream()
                            .noneMatch(e -> Double.isNaN(results.throughput(structure, distribution, e, workers)));
                    if (workers >= 2 && paperExecutorsMeasured) {
                        cells.add(new Cell(results, structure, distribution, workers));
                    }
                }
            }
        }
        if (cells.isEmpty()) {
            return Claim.notMeasured(claim, paper,
                    "roundRobin, fixedRange and adaptive in the same cell at 2+ workers");
        }
        Best paperExecutors = Best.of(cells, cell -> cell.best(Names.PAPER_EXECUTORS));
        Best allExecutors = Best.of(cells, cell -> cell.best(results.executors(cell.structure)));
        String measured = "among roundRobin, fixedRange, adaptive: " + paperExecutors
                + "; among all executors measured: " + allExecutors;
        return new Claim(claim, paper, measured,
                paperExecutors.holding == cells.size() ? Verdict.REPRODUCED : Verdict.NOT_REPRODUCED);
    }

    static Claim adaptiveBeatsRoundRobinOnExponentialSortedList(Results results) {
        String claim = "4. Adaptive beats round-robin on the exponential sorted list";
        String paper = "adaptive +20–75% over round-robin above 6 workers";
        SortedMap<Integer, Double> ratios = ratios(results, Structure.SORTED_LIST, EXPONENTIAL, ADAPTIVE, ROUND_ROBIN);
        if (ratios.isEmpty()) {
            return Claim.notMeasured(claim, paper, "adaptive and roundRobin on sortedList/exponential at 2+ workers");
        }
        String measured = "adaptive/roundRobin " + atWorkers(ratios)
                + (ratios.lastKey() > 6 ? "" : " (the paper's gap is above 6 workers)");
        return new Claim(claim, paper, measured,
                ratios.get(ratios.lastKey()) >= 1 + MARGIN ? Verdict.REPRODUCED : Verdict.NOT_REPRODUCED);
    }

    /** executor/baseline throughput at each worker count of 2 or more where both were measured. */
    private static SortedMap<Integer, Double> ratios(Results results, Structure structure, String distribution,
            String executor, String baseline) {
        SortedMap<Integer, Double> ratios = new TreeMap<>();
        for (int workers : results.workers(structure, distribution)) {
            double ratio = results.throughput(structure, distribution, executor, workers)
                    / results.throughput(structure, distribution, baseline, workers);
            if (workers >= 2 && Double.isFinite(ratio)) {
                ratios.put(workers, ratio);
            }
        }
        return ratios;
    }

    /** E.g. "1.25× at 2, 1.31× at 4 workers". */
    private static String atWorkers(SortedMap<Integer, Double> ratios) {
        return ratios.entrySet().stream()
                .map(e -> Format.ratio(e.getValue()) + " at " + e.getKey())
                .collect(Collectors.joining(", ")) + (ratios.lastKey() == 1 ? " worker" : " workers");
    }

    /** A (structure, distribution, workers) cell of Figures 3–5. */
    private record Cell(Results results, Structure structure, String distribution, int workers) {

        /** Adaptive's throughput over the best of {@code executors} measured in this cell. */
        Comparison best(Collection<String> executors) {
            String best = ADAPTIVE;
            for (String executor : executors) {
                if (results.throughput(structure, distribution, executor, workers)
                        > results.throughput(structure, distribution, best, workers)) {
                    best = executor;
                }
            }
            return new Comparison(this, best, results.throughput(structure, distribution, ADAPTIVE, workers)
                    / results.throughput(structure, distribution, best, workers));
        }

        @Override
        public String toString() {
            return structure.label() + ", " + Names.distributionLabel(distribution) + ", " + workers + " workers";
        }
    }

    /** Adaptive's ratio to the best executor of one cell. */
    private record Comparison(Cell cell, String best, double ratio) {
    }

    /** How many cells adaptive is tied-best in, and the cell where it is furthest behind. */
    private record Best(int holding, int cells, Comparison worst) {

        static Best of(List<Cell> cells, Function<Cell, Comparison> compare) {
            List<Comparison> comparisons = cells.stream().map(compare).toList();
            Comparison worst = comparisons.stream()
                    .min(Comparator.comparingDouble(Comparison::ratio))
                    .orElseThrow();
            int holding = (int) comparisons.stream().filter(c -> c.ratio >= TIED_BEST).count();
            return new Best(holding, cells.size(), worst);
        }

        @Override
        public String toString() {
            String closest = worst.best.equals(ADAPTIVE) ? "adaptive best everywhere"
                    : (holding == cells ? "closest: " : "worst: ") + worst.cell + ", "
                    + Format.ratio(worst.ratio) + " of " + worst.best;
            return holding + " of " + cells + " cells (" + closest + ")";
        }
    }
}
