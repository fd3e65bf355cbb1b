package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The Toggle + STM suite's measurements of one JMH result file, at most one per cell
 * (hierarchy, scheduler, workers). A lookup of a cell not measured gives NaN or an empty Optional.
 */
public final class ToggleStmResults {

    private final List<ToggleStmMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public ToggleStmResults(List<ToggleStmMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements, m -> "toggle + STM, " + m.workload().label() + ", " + m.scheduler()
                + ", " + m.workers() + " workers");
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    Optional<ToggleStmMeasurement> find(ToggleStmWorkload workload, String scheduler, int workers) {
        return measurements.stream()
                .filter(m -> m.workload().equals(workload) && m.scheduler().equals(scheduler) && m.workers() == workers)
                .findFirst();
    }

    /** The commits/s of one cell in each round; none if not measured. */
    Rounds rounds(ToggleStmWorkload workload, String scheduler, int workers) {
        return find(workload, scheduler, workers).map(ToggleStmMeasurement::rounds).orElse(Rounds.NONE);
    }

    /** {@code scheduler}'s commits/s over round-robin's in one cell, paired by round. */
    Ratio overRoundRobin(ToggleStmWorkload workload, String scheduler, int workers) {
        return Ratio.of(rounds(workload, scheduler, workers), rounds(workload, Names.ROUND_ROBIN, workers));
    }

    /** The hierarchies measured, in report order. */
    SortedSet<ToggleStmWorkload> workloads() {
        return collect(m -> true, ToggleStmMeasurement::workload, new TreeSet<>());
    }

    /** The worker counts measured on {@code workload} by any scheduler. */
    SortedSet<Integer> workers(ToggleStmWorkload workload) {
        return collect(m -> m.workload().equals(workload), ToggleStmMeasurement::workers, new TreeSet<>());
    }

    /** Every worker count in the file. */
    SortedSet<Integer> allWorkers() {
        return collect(m -> true, ToggleStmMeasurement::workers, new TreeSet<>());
    }

    /** Every scheduler in the file, round-robin first, for colours that stay the same across the panels. */
    SortedSet<String> schedulers() {
        return collect(m -> true, ToggleStmMeasurement::scheduler, new TreeSet<>(Names.TOGGLE_STM_ORDER));
    }

    private <V> SortedSet<V> collect(Predicate<ToggleStmMeasurement> filter, Function<ToggleStmMeasurement, V> value,
            SortedSet<V> into) {
        return measurements.stream().filter(filter).map(value).collect(Collectors.toCollection(() -> into));
    }
}
