package dev.locus.jmh.report;

import dev.locus.jmh.dictionary.DictionaryMeasurement;
import dev.locus.jmh.dictionary.Metric;
import dev.locus.jmh.dictionary.OverheadMeasurement;
import dev.locus.jmh.dictionary.Structure;
import dev.locus.jmh.elision.ElidedPlacementMeasurement;
import dev.locus.jmh.elision.ElidedPlacementResults;
import dev.locus.jmh.elision.ElisionMeasurement;
import dev.locus.jmh.elision.ElisionResults;
import dev.locus.jmh.oversubscription.OversubscriptionMeasurement;
import dev.locus.jmh.oversubscription.OversubscriptionResults;
import dev.locus.jmh.peer.PeerMeasurement;
import dev.locus.jmh.peer.PeerResults;
import dev.locus.jmh.toggle.ToggleMeasurement;
import dev.locus.jmh.toggle.ToggleResults;
import dev.locus.jmh.toggle.ToggleStmMeasurement;
import dev.locus.jmh.toggle.ToggleStmResults;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The measurements of one JMH result file, at most one per cell, with the lookups the tables,
 * charts and claims make: [Bai06]'s here, the oversubscription suite's in
 * {@link #oversubscription()}, the elision suite's in {@link #elision()}, the Toggle suite's in
 * {@link #toggle()}, the peer suite's in {@link #peers()}, the Toggle + STM suite's in
 * {@link #toggleStm()}. A lookup of a cell that
 * was not measured gives NaN (or an empty Optional), which the report prints as "—".
 */
public final class Results {

    private final List<DictionaryMeasurement> dictionary;
    private final List<OverheadMeasurement> overhead;
    private final OversubscriptionResults oversubscription;
    private final ElisionResults elision;
    private final ToggleResults toggle;
    private final PeerResults peers;
    private final ToggleStmResults toggleStm;
    private final ElidedPlacementResults elidedPlacement;
    private final List<String> settings;
    private final OptionalInt processors;

    /**
     * @param settings the distinct JMH settings of the rows, each in words
     * @param processors the processors of the machine that ran them, if recorded
     * @throws IllegalArgumentException if a cell is measured twice
     */
    Results(List<DictionaryMeasurement> dictionary, List<OverheadMeasurement> overhead,
            List<OversubscriptionMeasurement> oversubscription, List<ElisionMeasurement> elision,
            List<ToggleMeasurement> toggle, List<PeerMeasurement> peers, List<ToggleStmMeasurement> toggleStm,
            List<ElidedPlacementMeasurement> elidedPlacement, List<String> settings, OptionalInt processors) {
        this.dictionary = List.copyOf(dictionary);
        this.overhead = List.copyOf(overhead);
        this.oversubscription = new OversubscriptionResults(oversubscription);
        this.elision = new ElisionResults(elision);
        this.toggle = new ToggleResults(toggle);
        this.peers = new PeerResults(peers);
        this.toggleStm = new ToggleStmResults(toggleStm);
        this.elidedPlacement = new ElidedPlacementResults(elidedPlacement);
        this.settings = List.copyOf(settings);
        this.processors = processors;
        requireUnique(this.dictionary, m -> m.structure().method() + ", " + m.distribution() + ", "
                + m.executor() + ", " + m.workers() + " workers");
        requireUnique(this.overhead, m -> "overhead, " + m.executor() + ", " + m.workers() + " workers");
    }

    boolean isEmpty() {
        return dictionary.isEmpty() && overhead.isEmpty() && oversubscription.isEmpty() && elision.isEmpty()
                && toggle.isEmpty() && peers.isEmpty() && toggleStm.isEmpty() && elidedPlacement.isEmpty();
    }

    /**
     * The processors of the machine that ran the benchmarks ({@link RunFacts#processors}): a claim
     * about more workers or threads than cores can be tested only where there are that many.
     */
    public OptionalInt processors() {
        return processors;
    }

    /** The elided-placement suite's measurements. */
    public ElidedPlacementResults elidedPlacement() {
        return elidedPlacement;
    }

    /** The Toggle + STM suite's measurements. */
    public ToggleStmResults toggleStm() {
        return toggleStm;
    }

    /** The peer suite's measurements. */
    public PeerResults peers() {
        return peers;
    }

    /** The Toggle suite's measurements ([Kalikar19]). */
    public ToggleResults toggle() {
        return toggle;
    }

    /** The elision suite's measurements ([Dice14]). */
    public ElisionResults elision() {
        return elision;
    }

    /** The oversubscription suite's measurements ([Maldonado10] and [Nicacio10]). */
    public OversubscriptionResults oversubscription() {
        return oversubscription;
    }

    public List<String> settings() {
        return settings;
    }

    /** Whether any cell of {@code structure} has a value of {@code metric}. */
    public boolean has(Metric metric, Structure structure) {
        return dictionary.stream().anyMatch(m -> m.structure() == structure && !Double.isNaN(metric.value(m)));
    }

    public Optional<DictionaryMeasurement> dictionary(Structure structure, String distribution, String executor,
            int workers) {
        return dictionary.stream()
                .filter(m -> m.structure() == structure && m.distribution().equals(distribution)
                        && m.executor().equals(executor) && m.workers() == workers)
                .findFirst();
    }

    /** The metric's value in one cell; NaN if not measured. */
    public double value(Metric metric, Structure structure, String distribution, String executor, int workers) {
        return dictionary(structure, distribution, executor, workers).map(metric::value).orElse(Double.NaN);
    }

    /** The throughput of one cell in each round; none if not measured. */
    public Rounds rounds(Structure structure, String distribution, String executor, int workers) {
        return dictionary(structure, distribution, executor, workers).map(DictionaryMeasurement::rounds)
                .orElse(Rounds.NONE);
    }

    /** Throughput in one cell, transactions/s; NaN if not measured. */
    public double throughput(Structure structure, String distribution, String executor, int workers) {
        return value(Metric.THROUGHPUT, structure, distribution, executor, workers);
    }

    /** The distributions measured on {@code structure}, in report order. */
    public SortedSet<String> distributions(Structure structure) {
        return collect(dictionary, m -> m.structure() == structure, DictionaryMeasurement::distribution,
                new TreeSet<>(Names.DISTRIBUTION_ORDER));
    }

    /** The executors measured on {@code structure}, in report order. */
    public SortedSet<String> executors(Structure structure) {
        return collect(dictionary, m -> m.structure() == structure, DictionaryMeasurement::executor,
                new TreeSet<>(Names.EXECUTOR_ORDER));
    }

    /** The worker counts measured on {@code structure} and {@code distribution} by any executor. */
    public SortedSet<Integer> workers(Structure structure, String distribution) {
        return collect(dictionary, m -> m.structure() == structure && m.distribution().equals(distribution),
                DictionaryMeasurement::workers, new TreeSet<>());
    }

    /** Figure 9's throughput for one executor (or {@link Names#LOOP}); NaN if not measured. */
    public double overhead(String executor, int workers) {
        return findOverhead(executor, workers).map(OverheadMeasurement::throughput).orElse(Double.NaN);
    }

    public Optional<OverheadMeasurement> findOverhead(String executor, int workers) {
        return overhead.stream()
                .filter(m -> m.executor().equals(executor) && m.workers() == workers)
                .findFirst();
    }

    /** Figure 9's executors, {@link Names#LOOP} last. */
    public SortedSet<String> overheadExecutors() {
        return collect(overhead, m -> true, OverheadMeasurement::executor, new TreeSet<>(Names.EXECUTOR_ORDER));
    }

    public SortedSet<Integer> overheadWorkers() {
        return collect(overhead, m -> true, OverheadMeasurement::workers, new TreeSet<>());
    }

    /** Every executor in the file, for colours that stay the same across all figures. */
    public SortedSet<String> allExecutors() {
        SortedSet<String> all = collect(dictionary, m -> true, DictionaryMeasurement::executor,
                new TreeSet<>(Names.EXECUTOR_ORDER));
        all.addAll(overheadExecutors());
        return all;
    }

    private static <M, V> SortedSet<V> collect(List<M> measurements, Predicate<M> filter, Function<M, V> value,
            SortedSet<V> into) {
        return measurements.stream().filter(filter).map(value).collect(Collectors.toCollection(() -> into));
    }

    /** @throws IllegalArgumentException naming the first cell of {@code measurements} measured twice */
    public static <M> void requireUnique(List<M> measurements, Function<M, String> cell) {
        Set<String> seen = new HashSet<>();
        for (M measurement : measurements) {
            if (!seen.add(cell.apply(measurement))) {
                throw new IllegalArgumentException("measured twice: " + cell.apply(measurement));
            }
        }
    }
}
