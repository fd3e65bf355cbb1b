package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Toggle suite's measurements of one JMH result file ([Kalikar19] §4), at most one per cell:
 * figure, group (the figure's panel, such as the STMBench7 mix), configuration (scheduler and lock
 * manager) and x value. A lookup of a cell not measured gives NaN or an empty Optional.
 */
public final class ToggleResults {

    private final List<ToggleMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public ToggleResults(List<ToggleMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements, m -> m.figure().method() + ", " + m.group() + ", "
                + m.configuration() + ", " + m.figure().xParam() + " " + m.x());
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    boolean has(ToggleFigure figure) {
        return of(figure).findAny().isPresent();
    }

    /** The figure's groups in the order the file has them (the plan's order). */
    List<String> groups(ToggleFigure figure) {
        return of(figure).map(ToggleMeasurement::group).collect(Collectors.toCollection(LinkedHashSet::new))
                .stream().toList();
    }

    /** The configurations measured in one group, in report order. */
    SortedSet<String> configurations(ToggleFigure figure, String group) {
        return of(figure, group).map(ToggleMeasurement::configuration)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.TOGGLE_ORDER)));
    }

    /** The x values measured in one group by any configuration, ascending. */
    SortedSet<Integer> xs(ToggleFigure figure, String group) {
        return of(figure, group).map(ToggleMeasurement::x).collect(Collectors.toCollection(TreeSet::new));
    }

    Optional<ToggleMeasurement> find(ToggleFigure figure, String group, String configuration, int x) {
        return of(figure, group).filter(m -> m.configuration().equals(configuration) && m.x() == x).findFirst();
    }

    /** The value of param {@code name} in {@code group}, which every run of the group shares. */
    String param(ToggleFigure figure, String group, String name) {
        return of(figure, group).findFirst().orElseThrow().param(name);
    }

    /** The tasks/s of one cell in each round; none if not measured. */
    Rounds rounds(ToggleFigure figure, String group, String configuration, int x) {
        return find(figure, group, configuration, x).map(ToggleMeasurement::rounds).orElse(Rounds.NONE);
    }

    /** {@code configuration} over {@code baseline} in the same cell, paired by round, with its interval. */
    Ratio pairedRatio(ToggleFigure figure, String group, String configuration, String baseline, int x) {
        return Ratio.of(rounds(figure, group, configuration, x), rounds(figure, group, baseline, x));
    }

    /** Tasks/s in one cell; NaN if not measured. */
    double tasksPerSecond(ToggleFigure figure, String group, String configuration, int x) {
        return find(figure, group, configuration, x).map(ToggleMeasurement::tasksPerSecond).orElse(Double.NaN);
    }

    /** {@code configuration}'s tasks/s over {@code baseline}'s in the same cell; NaN unless both were measured. */
    double ratio(ToggleFigure figure, String group, String configuration, String baseline, int x) {
        return tasksPerSecond(figure, group, configuration, x) / tasksPerSecond(figure, group, baseline, x);
    }

    /** Every configuration in the file, for colours that stay the same across the charts. */
    SortedSet<String> allConfigurations() {
        return measurements.stream().map(ToggleMeasurement::configuration)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.TOGGLE_ORDER)));
    }

    private Stream<ToggleMeasurement> of(ToggleFigure figure) {
        return measurements.stream().filter(m -> m.figure() == figure);
    }

    private Stream<ToggleMeasurement> of(ToggleFigure figure, String group) {
        return of(figure).filter(m -> m.group().equals(group));
    }
}
