package dev.locus.jmh.report;

import java.util.List;

/**
 * One cell's score in each round that measured it, in round order: a round is one JVM's
 * measurement of the cell, the mean of its measured iterations (a fork of a forked run; with JMH's
 * forks 0, the run itself, which the main job repeats in interleaved rounds).
 */
public record Rounds(List<Double> values) {

    /** A cell not measured. */
    public static final Rounds NONE = new Rounds(List.of());

    public Rounds {
        values = List.copyOf(values);
    }

    public int count() {
        return values.size();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** The mean over rounds; NaN if none. */
    public double mean() {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /**
     * The half-width of the 95% Student-t interval of the mean over rounds, for error bars; NaN
     * with fewer than two rounds.
     */
    public double halfWidth() {
        return Student.halfWidth(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
