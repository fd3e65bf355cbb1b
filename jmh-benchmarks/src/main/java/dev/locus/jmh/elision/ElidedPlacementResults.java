package dev.locus.jmh.elision;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The elided-placement suite's measurements of one JMH result file, at most
 * one per cell (form, executor, segments). An executor in a form is a series, named by
 * {@link ElisionForm#series}; each is compared with round-robin in the same form. A lookup of a
 * cell not measured gives an empty Optional or a ratio that is not measured.
 */
public final class ElidedPlacementResults {

    private final List<ElidedPlacementMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public ElidedPlacementResults(List<ElidedPlacementMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements, m -> "elided placement, " + m.series() + ", " + m.segments()
                + " segments");
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    /** The cell of {@code executor} in {@code form} on the map of {@code segments}. */
    Optional<ElidedPlacementMeasurement> find(ElisionForm form, String executor, int segments) {
        return find(form.series(executor), segments);
    }

    /** The cell of {@code series} (an executor in a form) on the map of {@code segments}. */
    Optional<ElidedPlacementMeasurement> find(String series, int segments) {
        return measurements.stream().filter(m -> m.series().equals(series) && m.segments() == segments)
                .findFirst();
    }

    /**
     * {@code executor}'s operations/s over round-robin's, both in {@code form}, on the map of
     * {@code segments}, paired by round.
     */
    Ratio throughputOverRoundRobin(ElisionForm form, String executor, int segments) {
        return overRoundRobin(form, executor, segments, ElidedPlacementMeasurement::rounds);
    }

    /**
     * {@code executor}'s fall-back rate over round-robin's, both in {@code form}, on the map of
     * {@code segments}, paired by round.
     */
    Ratio fallbackRateOverRoundRobin(ElisionForm form, String executor, int segments) {
        return overRoundRobin(form, executor, segments, ElidedPlacementMeasurement::fallbackRate);
    }

    /** The segment counts measured, ascending. */
    SortedSet<Integer> segments() {
        return measurements.stream().map(ElidedPlacementMeasurement::segments)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The series measured, round-robin then adaptive in the lambda form, then in the inline form. */
    SortedSet<String> series() {
        return measurements.stream().map(ElidedPlacementMeasurement::series)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.ELIDED_PLACEMENT_ORDER)));
    }

    /** "one lock" or, e.g., "16 segments". */
    static String shape(int segments) {
        return segments == 1 ? "one lock" : segments + " segments";
    }

    private Ratio overRoundRobin(ElisionForm form, String executor, int segments,
            Function<ElidedPlacementMeasurement, Rounds> which) {
        return Ratio.of(find(form, executor, segments).map(which).orElse(Rounds.NONE),
                find(form, Names.ROUND_ROBIN, segments).map(which).orElse(Rounds.NONE));
    }
}
