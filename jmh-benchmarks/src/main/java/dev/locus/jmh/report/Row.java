package dev.locus.jmh.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The rows of one cell, one per round in the file's order (the main job's quick profile runs a
 * cell once per round; a forked run holds a round per fork); its getters throw
 * IllegalStateException for a missing field. Settings and params are the first row's; the
 * primary score is the mean over rounds, a secondary metric the mean over rows.
 */
public final class Row {

    /** JMH's unit for a throughput per second; the report reads no other. */
    private static final String OPS_PER_SECOND = "ops/s";

    private final String benchmark;
    private final JsonObject json;
    private final List<JsonObject> rounds;
    private final String className;
    private final String method;

    Row(List<JsonObject> rows) {
        this.json = rows.get(0);
        this.rounds = rows;
        this.benchmark = string(json, "benchmark");
        int dot = benchmark.lastIndexOf('.');
        // By its simple name, so that results written before a benchmark moved package still read.
        this.className = dot < 0 ? "" : benchmark.substring(benchmark.lastIndexOf('.', dot - 1) + 1, dot);
        this.method = benchmark.substring(dot + 1);
    }

    /** The benchmark, e.g. {@code dev.locus.jmh.dictionary.DictionaryBenchmark.hashTable}. */
    String benchmark() {
        return benchmark;
    }

    /** The benchmark's class by its simple name. */
    public String className() {
        return className;
    }

    /** The benchmark's method. */
    public String method() {
        return method;
    }

    /** What identifies a row's cell: benchmark, mode, JMH threads and params. */
    static String cell(JsonObject row) {
        JsonElement params = row.get("params");
        Map<String, String> sorted = new TreeMap<>();
        if (params != null && params.isJsonObject()) {
            params.getAsJsonObject().entrySet().forEach(p -> sorted.put(p.getKey(), p.getValue().getAsString()));
        }
        return string(row, "benchmark") + " " + string(row, "mode") + " " + field(row, "threads").getAsInt()
                + " " + sorted;
    }

    /** E.g. "JMH 1.37, JDK 17.0.15 (OpenJDK 64-Bit Server VM), 1 fork, warm-up 2 × 1 s, measurement 3 × 1 s". */
    String settings() {
        int forks = field(json, "forks").getAsInt();
        return "JMH " + string(json, "jmhVersion") + ", JDK " + string(json, "jdkVersion")
                + " (" + string(json, "vmName") + "), " + forks + (forks == 1 ? " fork" : " forks")
                + ", warm-up " + field(json, "warmupIterations").getAsInt() + " × " + string(json, "warmupTime")
                + ", measurement " + field(json, "measurementIterations").getAsInt() + " × "
                + string(json, "measurementTime");
    }

    public int threads() {
        return field(json, "threads").getAsInt();
    }

    public String param(String name) {
        JsonElement params = json.get("params");
        if (params == null || !params.isJsonObject()) {
            throw new IllegalStateException("no params, expected " + name);
        }
        return string(params.getAsJsonObject(), name);
    }

    public Map<String, String> params() {
        Map<String, String> params = new HashMap<>();
        JsonElement json = this.json.get("params");
        if (json != null && json.isJsonObject()) {
            json.getAsJsonObject().entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
        }
        return params;
    }

    /** Every secondary metric of the first row per second, each the mean over rows. */
    public Map<String, Double> secondaries() {
        Map<String, Double> secondaries = new HashMap<>();
        JsonElement secondary = json.get("secondaryMetrics");
        if (secondary != null && secondary.isJsonObject()) {
            secondary.getAsJsonObject().keySet().forEach(name -> secondaries.put(name, secondary(name)));
        }
        return secondaries;
    }

    /** The primary score in each round: each row's forks, each the mean of its measured iterations. */
    public Rounds primaryRounds() {
        return rounds(row -> field(row, "primaryMetric").getAsJsonObject());
    }

    /** The secondary metric {@code name} in each round, as {@link #primaryRounds()}; none if a row lacks it. */
    public Rounds secondaryRounds(String name) {
        for (JsonObject row : rounds) {
            JsonElement secondary = row.get("secondaryMetrics");
            if (secondary == null || !secondary.isJsonObject() || !secondary.getAsJsonObject().has(name)) {
                return Rounds.NONE;
            }
        }
        return rounds(row -> row.getAsJsonObject("secondaryMetrics").getAsJsonObject(name));
    }

    /** A metric of each row, {@code metricOf} it, in each round: each row's forks, each the mean of its iterations. */
    private Rounds rounds(Function<JsonObject, JsonObject> metricOf) {
        List<Double> values = new ArrayList<>();
        for (JsonObject row : rounds) {
            JsonObject metric = metricOf.apply(row);
            double score = score(metric);
            JsonElement raw = metric.get("rawData");
            if (raw == null || !raw.isJsonArray() || raw.getAsJsonArray().isEmpty()) {
                values.add(score);
                continue;
            }
            for (JsonElement fork : raw.getAsJsonArray()) {
                double sum = 0;
                int iterations = 0;
                for (JsonElement iteration : fork.getAsJsonArray()) {
                    sum += number(iteration);
                    iterations++;
                }
                values.add(sum / iterations);
            }
        }
        return new Rounds(values);
    }

    /** The primary score's mean over rounds. */
    public double mean() {
        return primaryRounds().mean();
    }

    /** JMH's 99.9% error of a cell measured in one row; NaN for several rows, whose spread is their rounds'. */
    public double error() {
        return rounds.size() == 1 ? error(field(json, "primaryMetric").getAsJsonObject()) : Double.NaN;
    }

    /** The secondary metric {@code name} per second, the mean over rows; NaN if a row has none. */
    public double secondary(String name) {
        double sum = 0;
        for (JsonObject row : rounds) {
            JsonElement secondary = row.get("secondaryMetrics");
            if (secondary == null || !secondary.isJsonObject() || !secondary.getAsJsonObject().has(name)) {
                return Double.NaN;
            }
            sum += score(secondary.getAsJsonObject().getAsJsonObject(name));
        }
        return sum / rounds.size();
    }

    /** A metric's score, which must be a throughput per second. */
    private double score(JsonObject metric) {
        String unit = string(metric, "scoreUnit");
        if (!unit.equals(OPS_PER_SECOND)) {
            throw new IllegalStateException("scores in " + unit + ", the report reads throughput in "
                    + OPS_PER_SECOND + " (JMH -bm thrpt -tu s)");
        }
        return number(field(metric, "score"));
    }

    private double error(JsonObject metric) {
        JsonElement error = metric.get("scoreError");
        return error == null || error.isJsonNull() ? Double.NaN : number(error);
    }

    /** JMH writes NaN and the infinities as the strings "NaN", "+INF" and "-INF". */
    private static double number(JsonElement value) {
        if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isString()) {
            return switch (value.getAsString()) {
                case "+INF" -> Double.POSITIVE_INFINITY;
                case "-INF" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(value.getAsString());
            };
        }
        return value.getAsDouble();
    }

    private static JsonElement field(JsonObject object, String name) {
        JsonElement value = object.get(name);
        if (value == null || value.isJsonNull()) {
            throw new IllegalStateException("no \"" + name + "\"");
        }
        return value;
    }

    private static String string(JsonObject object, String name) {
        return field(object, name).getAsString();
    }
}
