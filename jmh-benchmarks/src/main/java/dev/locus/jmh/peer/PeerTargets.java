package dev.locus.jmh.peer;

import dev.locus.jmh.peer.PeerResults.Point;
import dev.locus.jmh.report.Format;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The peer suite's targets for the adaptive executor, checked in the peer suite's measurements: each a
 * ratio of two cells measured in the same rounds, held against a threshold by its 95% interval.
 */
public final class PeerTargets {

    /*
     * Implementation notes
     *
     * Overview
     *   A target is adaptive's tasks/s over a peer's (bookkeeper or forkJoin) in one cell (workload,
     *   workers, producers), held against a threshold. The ratio is a Ratio over paired rounds, as
     *   the papers' claims read theirs: met if its whole 95% interval is at or above the
     *   threshold, missed if all below, inconclusive if it spans the threshold or a cell has too
     *   few rounds for an interval (Outcome.atLeast). The suite is to be repeated with forks where a
     *   ratio is within 1.2×; an inconclusive verdict says where more rounds are needed.
     *
     *   The targets, at every worker count of the file: on each counter key stream (uniform, Zipf,
     *   exponential) at 2 producers, adaptive ≥ 1.5× bookkeeper and ≥ 0.5× forkJoin; on empty
     *   tasks at 1 and 2 producers, adaptive ≥ 1.0× forkJoin; on per-key state, at each producer
     *   count measured, adaptive ≥ 1.0× forkJoin (which locks per key).
     *
     * References
     *   Targets, in the suite, as ratios in one run.
     */

    static final double OVER_BOOKKEEPER = 1.5;
    static final double OVER_FORK_JOIN_SKEWED = 0.5;
    static final double OVER_FORK_JOIN = 1.0;

    enum Verdict {
        MET("met"),
        MISSED("missed"),
        INCONCLUSIVE("inconclusive"),
        NOT_MEASURED("not measured");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        static Verdict of(Ratio ratio, double threshold) {
            if (!ratio.isMeasured()) {
                return NOT_MEASURED;
            }
            return switch (Outcome.atLeast(ratio, threshold)) {
                case HOLDS -> MET;
                case FAILS -> MISSED;
                case OPEN -> INCONCLUSIVE;
            };
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** One target in one cell. */
    public record Target(String workload, Point point, String peer, double threshold, Ratio ratio) {

        Verdict verdict() {
            return Verdict.of(ratio, threshold);
        }

        /** E.g. "adaptive ≥ 1.50× bookkeeper". */
        String goal() {
            return String.format(Locale.ROOT, "%s ≥ %s %s", Names.ADAPTIVE, Format.ratio(threshold), peer);
        }

        /** E.g. "zipf, 2 producers, 2 workers". */
        String cell() {
            return workload + ", " + PeerSection.producers(point.producers()) + ", " + point.workers()
                    + (point.workers() == 1 ? " worker" : " workers");
        }
    }

    /** E.g. "the peer suite's targets: 3 met, 1 missed, 2 inconclusive, 0 not measured". */
    public static String count(List<Target> targets) {
        return "the peer suite's targets: " + Arrays.stream(Verdict.values())
                .map(v -> targets.stream().filter(t -> t.verdict() == v).count() + " " + v)
                .collect(Collectors.joining(", "));
    }

    private PeerTargets() {
    }

    public static List<Target> evaluate(PeerResults results) {
        SortedSet<Integer> workers = new TreeSet<>();
        results.workloads().forEach(workload -> workers.addAll(results.workers(workload)));
        List<Target> targets = new ArrayList<>();
        for (int w : workers) {
            for (String stream : Names.KEY_STREAMS) {
                Point point = new Point(w, 2);
                targets.add(target(results, stream, point, Names.BOOKKEEPER, OVER_BOOKKEEPER));
                targets.add(target(results, stream, point, Names.FORK_JOIN, OVER_FORK_JOIN_SKEWED));
            }
            for (int producers : List.of(1, 2)) {
                targets.add(target(results, Names.EMPTY, new Point(w, producers), Names.FORK_JOIN, OVER_FORK_JOIN));
            }
            SortedSet<Integer> perKeyState = results.producers(Names.PER_KEY_STATE, w);
            for (int producers : perKeyState.isEmpty() ? List.of(2) : perKeyState) {
                targets.add(target(results, Names.PER_KEY_STATE, new Point(w, producers), Names.FORK_JOIN,
                        OVER_FORK_JOIN));
            }
        }
        return targets;
    }

    private static Target target(PeerResults results, String workload, Point point, String peer, double threshold) {
        return new Target(workload, point, peer, threshold, results.pairedRatio(workload, Names.ADAPTIVE, peer, point));
    }
}
