package dev.locus.jmh.report;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Builds result files in the shape JMH 1.37's {@code ResultFormatType.JSON} writes, field for
 * field, with the scores a test chooses.
 */
public final class JmhJson {

    static final String DICTIONARY = "dev.locus.jmh.DictionaryBenchmark.";
    static final String INLINE = "dev.locus.jmh.InlineDictionaryBenchmark.";
    static final String OVERHEAD = "dev.locus.jmh.TransactionOverheadBenchmark.";
    static final String OVERSUBSCRIPTION = "dev.locus.jmh.OversubscriptionBenchmark.";
    static final String ELISION = "dev.locus.jmh.ElisionBenchmark.";
    static final String TOGGLE = "dev.locus.jmh.ToggleBenchmark.";
    static final String PEER = "dev.locus.jmh.PeerBenchmark.tasks";
    static final String TOGGLE_STM = "dev.locus.jmh.ToggleStmBenchmark.";
    static final String ELIDED_PLACEMENT = "dev.locus.jmh.ElidedPlacementBenchmark.mixed";
    /** The module's older benchmark, whose rows the report skips. */
    static final String UNRELATED = "dev.locus.jmh.ExecutorOverheadBenchmark.emptyTasks";
    private static final int PRODUCERS = 4;

    private final JsonArray rows = new JsonArray();
    /** The processors {@link #write} records in {@code run.properties}; none if 0. */
    private int processors;

    /** A DictionaryBenchmark row: throughput txn/s and contention instances/s. */
    public JmhJson dictionary(String structure, String distribution, String executor, int workers, double throughput,
            double contentionPerSecond) {
        JsonObject row = row(DICTIONARY + structure, PRODUCERS,
                Map.of("distribution", distribution, "executor", executor, "workers", Integer.toString(workers)),
                throughput);
        row.add("secondaryMetrics", contention(contentionPerSecond));
        rows.add(row);
        return this;
    }

    /** A DictionaryBenchmark row with no contention instances. */
    public JmhJson dictionary(String structure, String distribution, String executor, int workers, double throughput) {
        return dictionary(structure, distribution, executor, workers, throughput, 0);
    }

    /** An InlineDictionaryBenchmark row: {@code threads} threads each running their own transactions. */
    JmhJson inline(String structure, String distribution, int threads, double throughput, double contentionPerSecond) {
        JsonObject row = row(INLINE + structure, threads, Map.of("distribution", distribution), throughput);
        row.add("secondaryMetrics", contention(contentionPerSecond));
        rows.add(row);
        return this;
    }

    public JmhJson overhead(String executor, int workers, double throughput) {
        rows.add(row(OVERHEAD + "executor", 6, Map.of("executor", executor, "workers", Integer.toString(workers)),
                throughput));
        return this;
    }

    /** TransactionOverheadBenchmark.loop: no params, as JMH writes a benchmark without {@code @Param}. */
    JmhJson loop(int threads, double throughput) {
        rows.add(row(OVERHEAD + "loop", threads, Map.of(), throughput));
        return this;
    }

    /**
     * An OversubscriptionBenchmark row: one JMH thread, {@code threads} its own parameter; commits/s
     * and aborts/s.
     */
    public JmhJson oversubscription(String workload, String configuration, int threads, double commitRate,
            double abortsPerSecond) {
        JsonObject row = row(OVERSUBSCRIPTION + workload, 1,
                Map.of("configuration", configuration, "threads", Integer.toString(threads)), commitRate);
        row.add("secondaryMetrics", secondary("aborts", abortsPerSecond));
        rows.add(row);
        return this;
    }

    /** As {@link #oversubscription(String, String, int, double, double)}, with LUTS's switches/s too. */
    public JmhJson oversubscription(String workload, String configuration, int threads, double commitRate,
            double abortsPerSecond, double switchesPerSecond) {
        oversubscription(workload, configuration, threads, commitRate, abortsPerSecond);
        last().getAsJsonObject("secondaryMetrics").add("switches", metric(switchesPerSecond, Double.NaN));
        return this;
    }

    /** An ElisionBenchmark getOnly row: {@code threads} JMH threads, ops/s of them all. */
    public JmhJson getOnly(String implementation, int valueSize, int threads, double opsPerSecond) {
        rows.add(row(ELISION + "getOnly", threads,
                Map.of("implementation", implementation, "valueSize", Integer.toString(valueSize)), opsPerSecond));
        return this;
    }

    /**
     * Gives the last (getOnly) row ElisionBenchmark.AttemptTimes's counters: ALE's mean time of a
     * successful LOCK and SWOPT attempt, {@code lockNanos} and {@code swoptNanos}, as JMH writes them,
     * sampled nanoseconds and timed successes per second (100,000 of them; none where 0 ns).
     */
    public JmhJson attemptTimes(double lockNanos, double swoptNanos) {
        double timed = 100_000;
        JsonObject secondary = last().getAsJsonObject("secondaryMetrics");
        secondary.add("lockSuccessNanos", metric(lockNanos * timed, Double.NaN));
        secondary.add("lockTimedSuccesses", metric(lockNanos > 0 ? timed : 0, Double.NaN));
        secondary.add("swoptSuccessNanos", metric(swoptNanos * timed, Double.NaN));
        secondary.add("swoptTimedSuccesses", metric(swoptNanos > 0 ? timed : 0, Double.NaN));
        return this;
    }

    /** An ElisionBenchmark mixed row, which has no valueSize param. */
    public JmhJson mixed(String implementation, int threads, double opsPerSecond) {
        rows.add(row(ELISION + "mixed", threads, Map.of("implementation", implementation), opsPerSecond));
        return this;
    }

    /**
     * A ToggleBenchmark row of {@code method}: one JMH thread, {@code scheduler}, {@code lockManager}
     * and {@code workers} params, and the figure's {@code params}; tasks/s.
     */
    public JmhJson toggle(String method, String scheduler, String lockManager, int workers, Map<String, String> params,
            double tasksPerSecond) {
        Map<String, String> all = new HashMap<>(params);
        all.put("scheduler", scheduler);
        all.put("lockManager", lockManager);
        all.put("workers", Integer.toString(workers));
        rows.add(row(TOGGLE + method, 1, all, tasksPerSecond));
        return this;
    }

    /** A ToggleBenchmark stealing row: tasks/s, and each worker's tasks/s as {@code worker0} … , and steals/s. */
    public JmhJson stealing(String distribution, String scheduler, double tasksPerSecond, double stealsPerSecond,
            double... perWorker) {
        toggle("stealing", scheduler, "domLock", perWorker.length, Map.of("distribution", distribution),
                tasksPerSecond);
        JsonObject secondary = last().getAsJsonObject("secondaryMetrics");
        for (int i = 0; i < perWorker.length; i++) {
            secondary.add("worker" + i, metric(perWorker[i], Double.NaN));
        }
        secondary.add("steals", metric(stealsPerSecond, Double.NaN));
        return this;
    }

    /** A PeerBenchmark row: {@code producers} JMH threads, tasks/s with JMH's error {@code error}. */
    public JmhJson peer(String implementation, String workload, int workers, int producers, double tasksPerSecond,
            double error) {
        JsonObject row = row(PEER, producers, Map.of("implementation", implementation, "workload", workload,
                "workers", Integer.toString(workers)), tasksPerSecond);
        row.add("primaryMetric", metric(tasksPerSecond, error));
        rows.add(row);
        return this;
    }

    /**
     * A ToggleStmBenchmark row: one JMH thread, {@code scheduler} and {@code workers} params and
     * {@code mix} (stmBench7) or {@code scale} (xml) as {@code setting}; commits/s, and aborts/s
     * and conflicts/s as JMH writes its auxiliary counters.
     */
    public JmhJson toggleStm(String method, String setting, String scheduler, int workers, double commitsPerSecond,
            double abortsPerSecond) {
        JsonObject row = row(TOGGLE_STM + method, 1, Map.of(method.equals("xml") ? "scale" : "mix", setting,
                "scheduler", scheduler, "workers", Integer.toString(workers)), commitsPerSecond);
        JsonObject secondary = secondary("aborts", abortsPerSecond);
        secondary.add("conflicts", metric(abortsPerSecond, Double.NaN));
        row.add("secondaryMetrics", secondary);
        rows.add(row);
        return this;
    }

    /**
     * An ElidedPlacementBenchmark.mixed row as results written before the inline form have it: one JMH thread, {@code executor}
     * and {@code segments} params, no form; operations/s, and get's counts per second as JMH writes
     * its auxiliary counters.
     */
    public JmhJson elidedPlacement(String executor, int segments, double opsPerSecond, double successes, double failures,
            double fallbacks) {
        return elidedPlacement(Map.of("executor", executor, "segments", Integer.toString(segments)), opsPerSecond,
                successes, failures, fallbacks);
    }

    /** As {@link #elidedPlacement(String, int, double, double, double, double)}, with a {@code form} param. */
    public JmhJson elidedPlacement(String executor, String form, int segments, double opsPerSecond, double successes,
            double failures, double fallbacks) {
        return elidedPlacement(Map.of("executor", executor, "form", form, "segments", Integer.toString(segments)),
                opsPerSecond, successes, failures, fallbacks);
    }

    private JmhJson elidedPlacement(Map<String, String> params, double opsPerSecond, double successes,
            double failures, double fallbacks) {
        JsonObject row = row(ELIDED_PLACEMENT, 1, params, opsPerSecond);
        JsonObject secondary = secondary("optimisticSuccesses", successes);
        secondary.add("optimisticFailures", metric(failures, Double.NaN));
        secondary.add("lockFallbacks", metric(fallbacks, Double.NaN));
        row.add("secondaryMetrics", secondary);
        rows.add(row);
        return this;
    }

    public JmhJson unrelated(double throughput) {
        rows.add(row(UNRELATED, 1, Map.of("implementation", "roundRobin"), throughput));
        return this;
    }

    /**
     * Adds the rows {@code cells} writes {@code rounds} times, a round after another as the main
     * job interleaves them, each score times a factor drawn uniformly from 1 ± {@code jitter}
     * with a fixed seed, so that every run of a test reads the same rounds.
     */
    public JmhJson inRounds(int rounds, double jitter, Consumer<JmhJson> cells) {
        Random random = new Random(15);
        for (int round = 0; round < rounds; round++) {
            int first = rows.size();
            cells.accept(this);
            for (int i = first; i < rows.size(); i++) {
                JsonObject row = rows.get(i).getAsJsonObject();
                double score = row.getAsJsonObject("primaryMetric").get("score").getAsDouble();
                row.add("primaryMetric", metric(score * (1 + jitter * (2 * random.nextDouble() - 1)), score / 100));
            }
        }
        return this;
    }

    /** Gives the last row JMH's per-fork iterations, {@code rawData}: one array per fork. */
    JmhJson rawData(double[]... forks) {
        JsonArray raw = new JsonArray();
        for (double[] fork : forks) {
            JsonArray iterations = new JsonArray();
            for (double iteration : fork) {
                iterations.add(iteration);
            }
            raw.add(iterations);
        }
        last().getAsJsonObject("primaryMetric").add("rawData", raw);
        return this;
    }

    /** The last row added, to change a field the way another JMH setting would. */
    JsonObject last() {
        return rows.get(rows.size() - 1).getAsJsonObject();
    }

    String json() {
        return new GsonBuilder().setPrettyPrinting().create().toJson(rows);
    }

    /** Writes {@code jmh-results.json} into {@code directory}. */
    /** Makes {@link #write} record that the machine had {@code count} processors, as the runner does. */
    public JmhJson processors(int count) {
        this.processors = count;
        return this;
    }

    public Path write(Path directory) throws IOException {
        if (processors > 0) {
            Files.writeString(directory.resolve(RunFacts.FILE_NAME), RunFacts.PROCESSORS + "=" + processors + "\n",
                    StandardCharsets.UTF_8);
        }
        return Files.writeString(directory.resolve("jmh-results.json"), json(), StandardCharsets.UTF_8);
    }

    private static JsonObject row(String benchmark, int threads, Map<String, String> params, double score) {
        JsonObject row = new JsonObject();
        row.addProperty("jmhVersion", "1.37");
        row.addProperty("benchmark", benchmark);
        row.addProperty("mode", "thrpt");
        row.addProperty("threads", threads);
        row.addProperty("forks", 1);
        row.addProperty("jvm", "/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
        JsonArray jvmArgs = new JsonArray();
        jvmArgs.add("-Xms2g");
        jvmArgs.add("-Xmx2g");
        row.add("jvmArgs", jvmArgs);
        row.addProperty("jdkVersion", "17.0.15");
        row.addProperty("vmName", "OpenJDK 64-Bit Server VM");
        row.addProperty("vmVersion", "17.0.15+6-Debian-1deb12u1");
        row.addProperty("warmupIterations", 2);
        row.addProperty("warmupTime", "1 s");
        row.addProperty("warmupBatchSize", 1);
        row.addProperty("measurementIterations", 3);
        row.addProperty("measurementTime", "1 s");
        row.addProperty("measurementBatchSize", 1);
        if (!params.isEmpty()) { // JMH leaves "params" out for a benchmark without any
            JsonObject paramsJson = new JsonObject();
            params.forEach(paramsJson::addProperty);
            row.add("params", paramsJson);
        }
        row.add("primaryMetric", metric(score, score / 100));
        row.add("secondaryMetrics", new JsonObject());
        return row;
    }

    private static JsonObject contention(double perSecond) {
        return secondary("contentionInstances", perSecond);
    }

    /** Secondary metrics holding one auxiliary counter, as JMH writes an {@code @AuxCounters} field. */
    private static JsonObject secondary(String counter, double perSecond) {
        JsonObject secondary = new JsonObject();
        secondary.add(counter, metric(perSecond, Double.NaN));
        return secondary;
    }

    /** As JMH's JSONResultFormat.emit: NaN and the infinities become strings. */
    private static JsonPrimitive emit(double value) {
        if (Double.isNaN(value)) {
            return new JsonPrimitive("NaN");
        }
        if (Double.isInfinite(value)) {
            return new JsonPrimitive(value > 0 ? "+INF" : "-INF");
        }
        return new JsonPrimitive(value);
    }

    /** A metric as JMH writes it, percentiles and raw data included. */
    private static JsonObject metric(double score, double error) {
        JsonObject metric = new JsonObject();
        metric.add("score", emit(score));
        metric.add("scoreError", emit(error));
        JsonArray confidence = new JsonArray();
        confidence.add(emit(score - error));
        confidence.add(emit(score + error));
        metric.add("scoreConfidence", confidence);
        JsonObject percentiles = new JsonObject();
        for (String percentile : new String[] {"0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999",
                "99.9999", "100.0"}) {
            percentiles.addProperty(percentile, score);
        }
        metric.add("scorePercentiles", percentiles);
        metric.addProperty("scoreUnit", "ops/s");
        JsonArray fork = new JsonArray();
        fork.add(score);
        fork.add(score);
        fork.add(score);
        JsonArray raw = new JsonArray();
        raw.add(fork);
        metric.add("rawData", raw);
        return metric;
    }
}
