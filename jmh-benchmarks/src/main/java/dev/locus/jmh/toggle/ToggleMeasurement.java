package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.Row;
import java.util.Map;
import java.util.Optional;

/**
 * One run of the Toggle suite ([Kalikar19] §4): a figure's benchmark method with its params.
 *
 * @param figure the figure the method measures
 * @param params every {@code @Param} of the run: {@code scheduler}, {@code lockManager},
 *     {@code workers} and the figure's own
 * @param tasksPerSecond tasks completed per second (JMH's primary score)
 * @param error JMH's 99.9% confidence half-width; NaN when JMH could not give one
 * @param rounds the tasks/s in each round; {@code tasksPerSecond} is their mean
 * @param secondary the auxiliary counters, per second: {@code worker0} … tasks run by each
 *     worker, {@code steals}; empty for figures without them
 */
public record ToggleMeasurement(ToggleFigure figure, Map<String, String> params, double tasksPerSecond, double error,
        Rounds rounds, Map<String, Double> secondary) {

    static final String SCHEDULER = "scheduler";
    static final String LOCK_MANAGER = "lockManager";
    static final String WORKERS = "workers";
    /** The scheduler whose tasks take no locks; its lock manager param is not used. */
    static final String EXCLUSIVE = "toggleExclusive";

    public ToggleMeasurement {
        params = Map.copyOf(params);
        secondary = Map.copyOf(secondary);
    }

    /**
     * This measurement, once every param the report reads is there and numeric where it must be.
     *
     * @throws IllegalStateException if a param is missing
     * @throws NumberFormatException if the worker count or the x value is not an integer
     */
    public ToggleMeasurement checked() {
        configuration();
        workers();
        x();
        group();
        return this;
    }

    /** The scheduler and lock manager, e.g. "roundRobin + domLock", or "toggleExclusive", which locks nothing. */
    String configuration() {
        String scheduler = param(SCHEDULER);
        return scheduler.equals(EXCLUSIVE) ? scheduler : scheduler + " + " + param(LOCK_MANAGER);
    }

    int workers() {
        return Integer.parseInt(param(WORKERS));
    }

    /** The figure's x value: workers, skewness, nodes per task or hierarchy size. */
    int x() {
        return Integer.parseInt(param(figure.xParam()));
    }

    /** The values of the figure's group params, e.g. "readDominated" or "2 workers". */
    String group() {
        return figure.group(this::param);
    }

    /**
     * @throws IllegalStateException if the run has no such param
     */
    String param(String name) {
        String value = params.get(name);
        if (value == null) {
            throw new IllegalStateException("no param " + name + " in " + figure.method() + " " + params);
        }
        return value;
    }

    /** The auxiliary counter {@code name} per second; NaN if the run has none. */
    double secondary(String name) {
        return secondary.getOrDefault(name, Double.NaN);
    }

    /**
     * A row of {@link ToggleBenchmark}: every param ({@code scheduler}, {@code lockManager},
     * {@code workers} and its figure's), tasks/s, and every auxiliary counter by name, such as the
     * {@code stealing} rows' {@code worker0} … and {@code steals} per second.
     */
    public static Optional<ToggleMeasurement> read(Row row) {
        if (!row.className().equals(ToggleBenchmark.class.getSimpleName())) {
            return Optional.empty();
        }
        return ToggleFigure.ofMethod(row.method()).map(figure -> new ToggleMeasurement(figure, row.params(),
                row.mean(), row.error(), row.primaryRounds(), row.secondaries()).checked());
    }
}
