package dev.locus.jmh.dictionary;

import static dev.locus.jmh.report.Names.ADAPTIVE;
import static dev.locus.jmh.report.Names.EXPONENTIAL;
import static dev.locus.jmh.report.Names.FIXED_RANGE;
import static dev.locus.jmh.report.Names.ROUND_ROBIN;
import static dev.locus.jmh.report.Names.UNIFORM;

import dev.locus.jmh.report.CellChecks;
import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The claims of [Bai06] §5.4 that the figures support, each computed from the measurements:
 * nothing here knows what a run will show.
 */
public final class Claims {

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
     *   The paper runs one worker per core. A worker count above the machine's processors
     *   time-slices the workers, which is another experiment, so the claims read only worker
     *   counts the machine has cores for (all of them where its processors are not recorded). A
     *   claim about more workers than the machine has cores for ("beyond 2", "above 6") is not
     *   testable there, rather than tested on fewer: 1 against 2 workers says nothing of "no
     *   speedup beyond 2".
     *
     *   Every ratio is a Ratio over paired rounds with its 95% interval, and an Outcome says
     *   where the interval lies against the threshold; a claim is reproduced if all its checks
     *   hold, contradicted if any fails, else inconclusive (CellChecks, Claim.Verdict).
     *
     *   The thresholds below are the only place the verdicts' numbers live: "beats" is ahead by
     *   MARGIN or more, against the paper's +25% and +20-75%; "stops scaling" is a speedup of at
     *   most NO_SPEEDUP, the paper's "no speedup" with room for noise; "tied-best" is within
     *   MARGIN of each other paper executor.
     *
     * Concurrency
     *   None: computed once from immutable results.
     *
     * Memory ordering
     *   None.
     *
     * References
     *   [Bai06] §5.4 (hash table, red-black tree, sorted list), §5.4.2 (summary).
     */

    /** "Beats": ahead by at least this fraction; "tied": within it either way. */
    static final double MARGIN = 0.05;
    /** "Stops scaling": its throughput at the most workers is at most this times that at one. */
    static final double NO_SPEEDUP = 1.10;
    /** "Tied-best": at least this fraction of every other executor's throughput in the cell. */
    static final double TIED_BEST = 1 - MARGIN;

    private Claims() {
    }

    /** "Stops scaling" is about worker counts above this one. */
    static final int STOPS_SCALING_BEYOND = 2;
    /** The sorted-list gap is about worker counts above this one. */
    static final int SORTED_LIST_GAP_ABOVE = 6;

    /** The claims in the order the report lists them. */
    public static List<Claim> evaluate(Results results) {
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
        CellChecks checks = new CellChecks();
        for (int workers : results.workers(Structure.HASH_TABLE, UNIFORM)) {
            if (workers >= 2 && hasCoresFor(results, workers)) {
                Ratio ratio = ratio(results, Structure.HASH_TABLE, UNIFORM, FIXED_RANGE, ROUND_ROBIN, workers);
                checks.add("at " + workers + " workers", ratio, Outcome.atLeast(ratio, 1 + MARGIN));
            }
        }
        if (checks.isEmpty()) {
            return Claim.notMeasured(claim, paper, "fixedRange and roundRobin on hashTable/uniform at 2+ workers"
                    + coresNote(results));
        }
        return new Claim(claim, paper, "fixedRange/roundRobin " + checks.each(), checks.verdict());
    }

    static Claim fixedStopsScalingOnExponential(Results results, Structure structure) {
        String claim = "2. Fixed stops scaling on the exponential distribution: " + structure.label();
        String paper = switch (structure) {
            case HASH_TABLE -> "fixed shows no speedup beyond 2 workers; adaptive mostly scales";
            case RED_BLACK_TREE -> "qualitatively like the hash table";
            case SORTED_LIST -> "fixed drops below the others on nonuniform keys";
        };
        if (!hasCoresFor(results, STOPS_SCALING_BEYOND + 1)) {
            return Claim.notTestable(claim, paper, "the claim is about more than " + STOPS_SCALING_BEYOND
                    + " workers, each on a core, and this machine has " + results.processors().getAsInt()
                    + " processors");
        }
        Rounds fixedOne = results.rounds(structure, EXPONENTIAL, FIXED_RANGE, 1);
        Rounds adaptiveOne = results.rounds(structure, EXPONENTIAL, ADAPTIVE, 1);
        int most = results.workers(structure, EXPONENTIAL).stream()
                .filter(w -> w > STOPS_SCALING_BEYOND && hasCoresFor(results, w))
                .filter(w -> !results.rounds(structure, EXPONENTIAL, FIXED_RANGE, w).isEmpty())
                .filter(w -> !results.rounds(structure, EXPONENTIAL, ADAPTIVE, w).isEmpty())
                .reduce(0, Math::max);
        if (fixedOne.isEmpty() || adaptiveOne.isEmpty() || most == 0) {
            return Claim.notMeasured(claim, paper, "fixedRange and adaptive on " + structure.method()
                    + "/exponential at 1 worker and at more than " + STOPS_SCALING_BEYOND + coresNote(results));
        }
        Rounds fixedMost = results.rounds(structure, EXPONENTIAL, FIXED_RANGE, most);
        Rounds adaptiveMost = results.rounds(structure, EXPONENTIAL, ADAPTIVE, most);
        Ratio fixedSpeedup = Ratio.of(fixedMost, fixedOne);
        Ratio adaptiveOverFixed = Ratio.of(List.of(adaptiveMost, fixedOne), List.of(adaptiveOne, fixedMost));
        String measured = String.format(Locale.ROOT, "fixedRange's speedup from 1 to %d workers %s; adaptive's"
                + " speedup over fixedRange's %s; fixedRange/adaptive at %d: %s", most, fixedSpeedup,
                adaptiveOverFixed, most, Ratio.of(fixedMost, adaptiveMost));
        return new Claim(claim, paper, measured, Verdict.ofAll(Outcome.atMost(fixedSpeedup, NO_SPEEDUP),
                Outcome.atLeast(adaptiveOverFixed, 1 + MARGIN)));
    }

    static Claim adaptiveBestOrTiedBest(Results results) {
        String claim = "3. Adaptive is best or tied-best in every cell";
        String paper = "adaptive is the best or essentially tied for the best in all cases (§5.4.2)";
        CellChecks paperExecutors = new CellChecks();
        CellChecks allExecutors = new CellChecks();
        for (Structure structure : Structure.values()) {
            for (String distribution : results.distributions(structure)) {
                for (int workers : results.workers(structure, distribution)) {
                    boolean paperExecutorsMeasured = Names.PAPER_EXECUTORS.stream()
                            .noneMatch(e -> results.rounds(structure, distribution, e, workers).isEmpty());
                    if (workers >= 2 && hasCoresFor(results, workers) && paperExecutorsMeasured) {
                        compareAdaptive(paperExecutors, results, structure, distribution, workers,
                                Names.PAPER_EXECUTORS);
                        compareAdaptive(allExecutors, results, structure, distribution, workers,
                                results.executors(structure));
                    }
                }
            }
        }
        if (paperExecutors.isEmpty()) {
            return Claim.notMeasured(claim, paper,
                    "roundRobin, fixedRange and adaptive in the same cell at 2+ workers" + coresNote(results));
        }
        String measured = "adaptive ÷ roundRobin and ÷ fixedRange, " + paperExecutors.summary()
                + "; adaptive ÷ every executor measured (" + allExecutors.verdict() + "), " + allExecutors.summary();
        return new Claim(claim, paper, measured, paperExecutors.verdict());
    }

    /** Adaptive over each of {@code executors} in one cell: tied-best if at least {@link #TIED_BEST} of each. */
    private static void compareAdaptive(CellChecks checks, Results results, Structure structure, String distribution,
            int workers, Collection<String> executors) {
        for (String executor : executors) {
            if (!executor.equals(ADAPTIVE)) {
                Ratio ratio = ratio(results, structure, distribution, ADAPTIVE, executor, workers);
                checks.add(structure.label() + ", " + Names.distributionLabel(distribution) + ", " + workers
                        + " workers, of " + executor, ratio, Outcome.atLeast(ratio, TIED_BEST));
            }
        }
    }

    static Claim adaptiveBeatsRoundRobinOnExponentialSortedList(Results results) {
        String claim = "4. Adaptive beats round-robin on the exponential sorted list";
        String paper = "adaptive +20–75% over round-robin above 6 workers";
        if (!hasCoresFor(results, SORTED_LIST_GAP_ABOVE + 1)) {
            return Claim.notTestable(claim, paper, "the claim is about more than " + SORTED_LIST_GAP_ABOVE
                    + " workers, each on a core, and this machine has " + results.processors().getAsInt()
                    + " processors");
        }
        int most = results.workers(Structure.SORTED_LIST, EXPONENTIAL).stream()
                .filter(w -> w > SORTED_LIST_GAP_ABOVE && hasCoresFor(results, w))
                .filter(w -> ratio(results, Structure.SORTED_LIST, EXPONENTIAL, ADAPTIVE, ROUND_ROBIN, w).isMeasured())
                .reduce(0, Math::max);
        if (most == 0) {
            return Claim.notMeasured(claim, paper, "adaptive and roundRobin on sortedList/exponential at more than "
                    + SORTED_LIST_GAP_ABOVE + " workers" + coresNote(results));
        }
        Ratio ratio = ratio(results, Structure.SORTED_LIST, EXPONENTIAL, ADAPTIVE, ROUND_ROBIN, most);
        String measured = "adaptive/roundRobin " + ratio + " at " + most + " workers";
        return new Claim(claim, paper, measured, Verdict.ofAll(Outcome.atLeast(ratio, 1 + MARGIN)));
    }

    /** Whether the machine has a core for each of {@code workers}; true where its processors are not recorded. */
    static boolean hasCoresFor(Results results, int workers) {
        return results.processors().stream().allMatch(processors -> workers <= processors);
    }

    /** ", each on a core of this machine's N" where the processors are recorded, else nothing. */
    private static String coresNote(Results results) {
        return results.processors().stream().mapToObj(n -> ", each on a core of this machine's " + n).findFirst()
                .orElse("");
    }

    /** executor ÷ baseline in one cell, paired by round. */
    private static Ratio ratio(Results results, Structure structure, String distribution, String executor,
            String baseline, int workers) {
        return Ratio.of(results.rounds(structure, distribution, executor, workers),
                results.rounds(structure, distribution, baseline, workers));
    }
}
