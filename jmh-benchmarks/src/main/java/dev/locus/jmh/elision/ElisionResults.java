package dev.locus.jmh.elision;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The elision suite's measurements of one JMH result file, at most one per cell (workload,
 * implementation, threads). A lookup of a cell not measured gives NaN or an empty Optional.
 */
public final class ElisionResults {

    private final List<ElisionMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public ElisionResults(List<ElisionMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Results.requireUnique(this.measurements,
                m -> m.workload().label() + ", " + m.implementation() + ", " + m.threads() + " threads");
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    Optional<ElisionMeasurement> find(ElisionWorkload workload, String implementation, int threads) {
        return measurements.stream()
                .filter(m -> m.workload().equals(workload) && m.implementation().equals(implementation)
                        && m.threads() == threads)
                .findFirst();
    }

    /** The ops/s of one cell in each round; none if not measured. */
    public Rounds rounds(ElisionWorkload workload, String implementation, int threads) {
        return find(workload, implementation, threads).map(ElisionMeasurement::rounds).orElse(Rounds.NONE);
    }

    /** ALE's mean time of a successful LOCK attempt of get in each round; none if not recorded. */
    Rounds lockAttemptNanos(ElisionWorkload workload, String implementation, int threads) {
        return find(workload, implementation, threads).map(ElisionMeasurement::lockAttemptNanos).orElse(Rounds.NONE);
    }

    /** ALE's mean time of a successful SWOPT attempt of get in each round; none if not recorded. */
    Rounds swoptAttemptNanos(ElisionWorkload workload, String implementation, int threads) {
        return find(workload, implementation, threads).map(ElisionMeasurement::swoptAttemptNanos)
                .orElse(Rounds.NONE);
    }

    /** Operations/s in one cell; NaN if not measured. */
    double opsPerSecond(ElisionWorkload workload, String implementation, int threads) {
        return find(workload, implementation, threads).map(ElisionMeasurement::opsPerSecond).orElse(Double.NaN);
    }

    public SortedSet<ElisionWorkload> workloads() {
        return measurements.stream().map(ElisionMeasurement::workload).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The implementations measured on {@code workload}, in report order. */
    public SortedSet<String> implementations(ElisionWorkload workload) {
        return measurements.stream().filter(m -> m.workload().equals(workload))
                .map(ElisionMeasurement::implementation)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.ELISION_ORDER)));
    }

    /** The thread counts measured on {@code workload} by any implementation. */
    public SortedSet<Integer> threads(ElisionWorkload workload) {
        return measurements.stream().filter(m -> m.workload().equals(workload)).map(ElisionMeasurement::threads)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Every implementation in the file, for colours that stay the same across the charts. */
    public SortedSet<String> allImplementations() {
        return measurements.stream().map(ElisionMeasurement::implementation)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.ELISION_ORDER)));
    }

    /** Whether {@code implementation} was measured at all. */
    boolean has(String implementation) {
        return measurements.stream().anyMatch(m -> m.implementation().equals(implementation));
    }
}
