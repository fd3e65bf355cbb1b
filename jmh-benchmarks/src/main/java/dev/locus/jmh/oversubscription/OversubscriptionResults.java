package dev.locus.jmh.oversubscription;

import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Rounds;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The oversubscription suite's measurements of one JMH result file, at most one per cell
 * (workload, configuration, threads), with the lookups its tables, charts and claims make. A
 * lookup of a cell that was not measured gives NaN or an empty Optional.
 */
public final class OversubscriptionResults {

    private final List<OversubscriptionMeasurement> measurements;

    /** @throws IllegalArgumentException if a cell is measured twice */
    public OversubscriptionResults(List<OversubscriptionMeasurement> measurements) {
        this.measurements = List.copyOf(measurements);
        Set<String> seen = new HashSet<>();
        for (OversubscriptionMeasurement m : this.measurements) {
            String cell = m.workload().method() + ", " + m.configuration() + ", " + m.threads() + " threads";
            if (!seen.add(cell)) {
                throw new IllegalArgumentException("measured twice: " + cell);
            }
        }
    }

    public boolean isEmpty() {
        return measurements.isEmpty();
    }

    public Optional<OversubscriptionMeasurement> find(Workload workload, String configuration, int threads) {
        return measurements.stream()
                .filter(m -> m.workload() == workload && m.configuration().equals(configuration)
                        && m.threads() == threads)
                .findFirst();
    }

    /** The commit rate of one cell in each round; none if not measured. */
    public Rounds rounds(Workload workload, String configuration, int threads) {
        return find(workload, configuration, threads).map(OversubscriptionMeasurement::rounds).orElse(Rounds.NONE);
    }

    /** Committed transactions/s in one cell; NaN if not measured. */
    public double commitRate(Workload workload, String configuration, int threads) {
        return find(workload, configuration, threads).map(OversubscriptionMeasurement::commitRate)
                .orElse(Double.NaN);
    }

    /** The configurations measured on {@code workload}, platform threads first. */
    public SortedSet<String> configurations(Workload workload) {
        return measurements.stream().filter(m -> m.workload() == workload)
                .map(OversubscriptionMeasurement::configuration)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.CONFIGURATION_ORDER)));
    }

    /** The thread counts measured on {@code workload} by any configuration. */
    public SortedSet<Integer> threads(Workload workload) {
        return measurements.stream().filter(m -> m.workload() == workload)
                .map(OversubscriptionMeasurement::threads)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Every configuration in the file, for colours that stay the same across the charts. */
    public SortedSet<String> allConfigurations() {
        return measurements.stream().map(OversubscriptionMeasurement::configuration)
                .collect(Collectors.toCollection(() -> new TreeSet<>(Names.CONFIGURATION_ORDER)));
    }
}
