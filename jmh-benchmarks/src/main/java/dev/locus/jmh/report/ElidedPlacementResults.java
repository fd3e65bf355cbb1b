package dev.locus.jmh.report;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The elided-placement suite's measurements of one JMH result file (issue 17, item 3(b)), at most
 * one per cell (executor, segments). A lookup of a cell not measured gives an empty Optional or a
 * ratio that is not measured.
 */
final class ElidedPlacementResults {

    private final List<ElidedPlacementMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    ElidedPlacementResults(List<ElidedPlacementMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements, m -> "elided placement, " + m.executor() + ", " + m.segments()
                + " segments");
    }

    boolean isEmpty() {
        return measurements.isEmpty();
    }

    Optional<ElidedPlacementMeasurement> find(String executor, int segments) {
        return measurements.stream().filter(m -> m.executor().equals(executor) && m.segments() == segments)
                .findFirst();
    }

    /** {@code executor}'s operations/s over round-robin's on the map of {@code segments}, paired by round. */
    Ratio throughputOverRoundRobin(String executor, int segments) {
        return Ratio.of(rounds(executor, segments, ElidedPlacementMeasurement::rounds),
                rounds(Names.ROUND_ROBIN, segments, ElidedPlacementMeasurement::rounds));
    }

    /** {@code executor}'s fall-back rate over round-robin's on the map of {@code segments}, paired by round. */
    Ratio fallbackRateOverRoundRobin(String executor, int segments) {
        return Ratio.of(rounds(executor, segments, ElidedPlacementMeasurement::fallbackRate),
                rounds(Names.ROUND_ROBIN, segments, ElidedPlacementMeasurement::fallbackRate));
    }

    /** The segment counts measured, ascending. */
    SortedSet<Integer> segments() {
        return measurements.stream().map(ElidedPlacementMeasurement::segments)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The executors measured, round-robin first. */
    SortedSet<String> executors() {
        return measurements.stream().map(ElidedPlacementMeasurement::executor)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.ELIDED_PLACEMENT_ORDER)));
    }

    /** "one lock" or, e.g., "16 segments". */
    static String shape(int segments) {
        return segments == 1 ? "one lock" : segments + " segments";
    }

    private Rounds rounds(String executor, int segments,
            Function<ElidedPlacementMeasurement, Rounds> which) {
        return find(executor, segments).map(which).orElse(Rounds.NONE);
    }
}
