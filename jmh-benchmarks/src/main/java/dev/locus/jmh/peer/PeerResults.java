package dev.locus.jmh.peer;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The peer suite's measurements of one JMH result file, at most one per cell (workload,
 * implementation, workers, producers). A lookup of a cell not measured gives an empty Optional.
 */
public final class PeerResults {

    /** Where a workload was measured: worker and producer counts. */
    record Point(int workers, int producers) implements Comparable<Point> {

        private static final Comparator<Point> ORDER = Comparator.comparingInt(Point::workers)
                .thenComparingInt(Point::producers);

        @Override
        public int compareTo(Point other) {
            return ORDER.compare(this, other);
        }
    }

    private final List<PeerMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public PeerResults(List<PeerMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements, m -> "peers, " + m.workload() + ", " + m.implementation() + ", "
                + m.workers() + " workers, " + m.producers() + " producers");
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    Optional<PeerMeasurement> find(String workload, String implementation, Point point) {
        return measurements.stream()
                .filter(m -> m.workload().equals(workload) && m.implementation().equals(implementation)
                        && m.workers() == point.workers() && m.producers() == point.producers())
                .findFirst();
    }

    /** {@code implementation}'s tasks/s over {@code peer}'s in one cell, paired by round. */
    Ratio pairedRatio(String workload, String implementation, String peer, Point point) {
        return Ratio.of(rounds(workload, implementation, point), rounds(workload, peer, point));
    }

    private Rounds rounds(String workload, String implementation, Point point) {
        return find(workload, implementation, point).map(PeerMeasurement::rounds).orElse(Rounds.NONE);
    }

    /** Tasks/s in one cell; NaN if not measured. */
    double tasksPerSecond(String workload, String implementation, Point point) {
        return find(workload, implementation, point).map(PeerMeasurement::tasksPerSecond).orElse(Double.NaN);
    }

    /** The workloads measured, in report order. */
    public SortedSet<String> workloads() {
        return collect(m -> true, PeerMeasurement::workload, new TreeSet<>(Names.PEER_WORKLOAD_ORDER));
    }

    /** The implementations measured on {@code workload}, in report order. */
    SortedSet<String> implementations(String workload) {
        return collect(m -> m.workload().equals(workload), PeerMeasurement::implementation,
                new TreeSet<>(Names.PEER_ORDER));
    }

    /** The points measured on {@code workload} by any implementation. */
    SortedSet<Point> points(String workload) {
        return collect(m -> m.workload().equals(workload), m -> new Point(m.workers(), m.producers()),
                new TreeSet<>());
    }

    /** The worker counts measured on {@code workload}. */
    public SortedSet<Integer> workers(String workload) {
        return collect(m -> m.workload().equals(workload), PeerMeasurement::workers, new TreeSet<>());
    }

    /** The producer counts measured on {@code workload} at {@code workers}. */
    SortedSet<Integer> producers(String workload, int workers) {
        return collect(m -> m.workload().equals(workload) && m.workers() == workers, PeerMeasurement::producers,
                new TreeSet<>());
    }

    /** Every implementation in the file, for colours that stay the same across the charts. */
    SortedSet<String> allImplementations() {
        return collect(m -> true, PeerMeasurement::implementation, new TreeSet<>(Names.PEER_ORDER));
    }

    private <V> SortedSet<V> collect(Predicate<PeerMeasurement> filter, Function<PeerMeasurement, V> value,
            SortedSet<V> into) {
        return measurements.stream().filter(filter).map(value).collect(Collectors.toCollection(() -> into));
    }
}
