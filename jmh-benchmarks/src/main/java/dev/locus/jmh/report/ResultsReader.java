package dev.locus.jmh.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.locus.jmh.dictionary.DictionaryMeasurement;
import dev.locus.jmh.dictionary.OverheadMeasurement;
import dev.locus.jmh.dictionary.Structure;
import dev.locus.jmh.elision.ElidedPlacementMeasurement;
import dev.locus.jmh.elision.ElisionForm;
import dev.locus.jmh.elision.ElisionMeasurement;
import dev.locus.jmh.elision.ElisionWorkload;
import dev.locus.jmh.oversubscription.OversubscriptionMeasurement;
import dev.locus.jmh.oversubscription.Workload;
import dev.locus.jmh.peer.PeerMeasurement;
import dev.locus.jmh.toggle.ToggleFigure;
import dev.locus.jmh.toggle.ToggleMeasurement;
import dev.locus.jmh.toggle.ToggleStmMeasurement;
import dev.locus.jmh.toggle.ToggleStmWorkload;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads a JMH JSON result file (the array {@code ResultFormatType.JSON} writes) into
 * {@link Results}, keeping the rows of the paper-002 benchmarks and of the oversubscription suite
 * and skipping all others.
 *
 * <p>{@code DictionaryBenchmark} rows carry {@code distribution}, {@code executor} and
 * {@code workers} params; {@code InlineDictionaryBenchmark} rows, {@code distribution} only, and
 * become executor {@link Names#NONE} with workers = JMH threads. Both score transactions/s with
 * the secondary metric {@code contentionInstances}/s. {@code TransactionOverheadBenchmark.executor}
 * rows carry {@code executor} and {@code workers}; its {@code loop} rows become executor
 * {@link Names#LOOP} with workers = JMH threads. {@code OversubscriptionBenchmark} rows carry
 * {@code configuration} and {@code threads} (its own threads, not JMH's) and score committed
 * transactions/s with the secondary metrics {@code aborts}/s and {@code switches}/s.
 * {@code ElisionBenchmark} rows carry {@code implementation} (and for {@code getOnly},
 * {@code valueSize}; an implementation in ALE's inline form ends in {@code _INLINE}) and score
 * operations/s of all JMH threads. {@code ToggleBenchmark} rows carry
 * {@code scheduler}, {@code lockManager}, {@code workers} and their figure's params, and score
 * tasks/s; its {@code stealing} rows add the auxiliary counters {@code worker0} … and
 * {@code steals} per second. {@code PeerBenchmark.tasks} rows carry {@code implementation},
 * {@code workload} and {@code workers}, producers being JMH threads, and score tasks/s.
 * {@code ToggleStmBenchmark} rows carry {@code scheduler}, {@code workers} and {@code mix} (for
 * {@code stmBench7}) or {@code scale} (for {@code xml}), and score commits/s with the auxiliary
 * counter {@code aborts}/s. {@code ElidedPlacementBenchmark.mixed} rows carry {@code executor},
 * {@code segments} and, since issue 28, {@code form} (rows without it are the lambda form's), and
 * score map operations/s with the auxiliary counters
 * {@code optimisticSuccesses}, {@code optimisticFailures} and {@code lockFallbacks} per second.
 *
 * <p>Several rows of the same cell (benchmark, mode, JMH threads and params) are its rounds, in the
 * file's order, and become one measurement: the mean over rounds with each round's score
 * ({@link Rounds}).
 */
public final class ResultsReader {

    private static final String DICTIONARY = "DictionaryBenchmark";
    private static final String INLINE_DICTIONARY = "InlineDictionaryBenchmark";
    private static final String OVERHEAD = "TransactionOverheadBenchmark";
    private static final String OVERSUBSCRIPTION = "OversubscriptionBenchmark";
    private static final String ELISION = "ElisionBenchmark";
    private static final String TOGGLE = "ToggleBenchmark";
    private static final String PEER = "PeerBenchmark";
    private static final String TOGGLE_STM = "ToggleStmBenchmark";
    private static final String ELIDED_PLACEMENT = "ElidedPlacementBenchmark";
    private static final String CONTENTION = "contentionInstances";
    private static final String ABORTS = "aborts";
    private static final String SWITCHES = "switches";
    /** JMH's unit for a throughput per second; the report reads no other. */
    private static final String OPS_PER_SECOND = "ops/s";

    private ResultsReader() {
    }

    /**
     * @throws IOException if the file cannot be read, is not a JMH JSON array, has a malformed row
     *     of a benchmark the report reads, or has no such rows at all
     */
    public static Results read(Path json) throws IOException {
        if (!Files.isRegularFile(json)) {
            throw new NoSuchFileException(json.toString(), null, "no JMH results file");
        }
        JsonElement root;
        try (Reader reader = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
            root = JsonParser.parseReader(reader);
        } catch (JsonParseException e) {
            throw new IOException(json + " is not JSON: " + e.getMessage(), e);
        }
        if (!root.isJsonArray()) {
            throw new IOException(json + (root.isJsonNull() ? " is empty" : " is not a JMH result array")
                    + "; expected the JSON that JMH writes with -rf json");
        }

        List<DictionaryMeasurement> dictionary = new ArrayList<>();
        List<OverheadMeasurement> overhead = new ArrayList<>();
        List<OversubscriptionMeasurement> oversubscription = new ArrayList<>();
        List<ElisionMeasurement> elision = new ArrayList<>();
        List<ToggleMeasurement> toggle = new ArrayList<>();
        List<PeerMeasurement> peers = new ArrayList<>();
        List<ToggleStmMeasurement> toggleStm = new ArrayList<>();
        List<ElidedPlacementMeasurement> elidedPlacement = new ArrayList<>();
        Set<String> settings = new LinkedHashSet<>();
        Set<String> skipped = new TreeSet<>();
        Map<String, List<JsonObject>> cells = new LinkedHashMap<>();
        Map<String, String> firstRow = new HashMap<>();
        int index = 0;
        for (JsonElement element : root.getAsJsonArray()) {
            String where = json.getFileName() + " row " + index++;
            try {
                String cell = Row.cell(element.getAsJsonObject());
                cells.computeIfAbsent(cell, c -> new ArrayList<>()).add(element.getAsJsonObject());
                firstRow.putIfAbsent(cell, where);
            } catch (IllegalStateException | UnsupportedOperationException e) {
                throw new IOException(where + " is malformed: " + e.getMessage(), e);
            }
        }
        for (Map.Entry<String, List<JsonObject>> cell : cells.entrySet()) {
            String where = firstRow.get(cell.getKey());
            try {
                Row row = new Row(cell.getValue());
                Optional<DictionaryMeasurement> dictionaryRow = row.dictionary();
                Optional<OverheadMeasurement> overheadRow = row.overhead();
                Optional<OversubscriptionMeasurement> oversubscriptionRow = row.oversubscription();
                Optional<ElisionMeasurement> elisionRow = row.elision();
                Optional<ToggleMeasurement> toggleRow = row.toggle();
                Optional<PeerMeasurement> peerRow = row.peer();
                Optional<ToggleStmMeasurement> toggleStmRow = row.toggleStm();
                Optional<ElidedPlacementMeasurement> elidedPlacementRow = row.elidedPlacement();
                dictionaryRow.ifPresent(dictionary::add);
                overheadRow.ifPresent(overhead::add);
                oversubscriptionRow.ifPresent(oversubscription::add);
                elisionRow.ifPresent(elision::add);
                toggleRow.ifPresent(toggle::add);
                peerRow.ifPresent(peers::add);
                toggleStmRow.ifPresent(toggleStm::add);
                elidedPlacementRow.ifPresent(elidedPlacement::add);
                if (dictionaryRow.isPresent() || overheadRow.isPresent() || oversubscriptionRow.isPresent()
                        || elisionRow.isPresent() || toggleRow.isPresent() || peerRow.isPresent()
                        || toggleStmRow.isPresent() || elidedPlacementRow.isPresent()) {
                    settings.add(row.settings());
                } else {
                    skipped.add(row.benchmark);
                }
            } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                throw new IOException(where + " is malformed: " + e.getMessage(), e);
            }
        }
        if (dictionary.isEmpty() && overhead.isEmpty() && oversubscription.isEmpty() && elision.isEmpty()
                && toggle.isEmpty() && peers.isEmpty() && toggleStm.isEmpty() && elidedPlacement.isEmpty()) {
            throw new IOException(json + " has no results of " + DICTIONARY + ", " + INLINE_DICTIONARY + ", "
                    + OVERHEAD + ", " + OVERSUBSCRIPTION + ", " + ELISION + ", " + TOGGLE + ", " + PEER + ", "
                    + TOGGLE_STM + " or " + ELIDED_PLACEMENT
                    + (skipped.isEmpty() ? "" : "; it holds only " + String.join(", ", skipped)));
        }
        try {
            return new Results(dictionary, overhead, oversubscription, elision, toggle, peers, toggleStm,
                    elidedPlacement, new ArrayList<>(settings), RunFacts.besides(json).processors());
        } catch (IllegalArgumentException e) {
            throw new IOException(json + ": " + e.getMessage(), e);
        }
    }

    /**
     * The rows of one cell, one per round in the file's order (the main job's quick profile runs a
     * cell once per round; a forked run holds a round per fork); its getters throw
     * IllegalStateException for a missing field. Settings and params are the first row's; the
     * primary score is the mean over rounds, a secondary metric the mean over rows.
     */
    private static final class Row {

        final String benchmark;
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

        Optional<DictionaryMeasurement> dictionary() {
            boolean inline = className.equals(INLINE_DICTIONARY);
            if (!inline && !className.equals(DICTIONARY)) {
                return Optional.empty();
            }
            return Structure.ofMethod(method).map(structure -> new DictionaryMeasurement(structure,
                    param("distribution"),
                    inline ? Names.NONE : param("executor"),
                    inline ? threads() : Integer.parseInt(param("workers")),
                    mean(), error(), primaryRounds(), secondary(CONTENTION)));
        }

        Optional<OversubscriptionMeasurement> oversubscription() {
            if (!className.equals(OVERSUBSCRIPTION)) {
                return Optional.empty();
            }
            return Workload.ofMethod(method).map(workload -> new OversubscriptionMeasurement(workload,
                    param("configuration"), Integer.parseInt(param("threads")),
                    mean(), error(), primaryRounds(), secondary(ABORTS), secondary(SWITCHES)));
        }

        Optional<ElisionMeasurement> elision() {
            if (!className.equals(ELISION)) {
                return Optional.empty();
            }
            int valueSize = switch (method) {
                case ElisionWorkload.GET_ONLY -> Integer.parseInt(param("valueSize"));
                case ElisionWorkload.MIXED -> ElisionWorkload.MIXED_VALUE_SIZE;
                default -> -1;
            };
            return valueSize < 0 ? Optional.empty() : Optional.of(new ElisionMeasurement(
                    new ElisionWorkload(method, valueSize), param("implementation"), threads(),
                    mean(), error(), primaryRounds(),
                    quotient(secondaryRounds("lockSuccessNanos"), secondaryRounds("lockTimedSuccesses")),
                    quotient(secondaryRounds("swoptSuccessNanos"), secondaryRounds("swoptTimedSuccesses"))));
        }

        /**
         * {@code sums} over {@code counts} round by round, such as nanoseconds per timed attempt (both
         * per second, which divides out); none unless both have every round and each count is positive.
         */
        private static Rounds quotient(Rounds sums, Rounds counts) {
            if (sums.isEmpty() || sums.count() != counts.count()
                    || counts.values().stream().anyMatch(count -> !(count > 0))) {
                return Rounds.NONE;
            }
            List<Double> quotients = new ArrayList<>();
            for (int i = 0; i < sums.count(); i++) {
                quotients.add(sums.values().get(i) / counts.values().get(i));
            }
            return new Rounds(quotients);
        }

        /** A ToggleBenchmark row: every param, and every auxiliary counter by name. */
        Optional<ToggleMeasurement> toggle() {
            if (!className.equals(TOGGLE)) {
                return Optional.empty();
            }
            return ToggleFigure.ofMethod(method).map(figure -> new ToggleMeasurement(figure, params(),
                    mean(), error(), primaryRounds(), secondaries()).checked());
        }

        /** A PeerBenchmark.tasks row; producers are the JMH threads. */
        Optional<PeerMeasurement> peer() {
            if (!className.equals(PEER) || !method.equals("tasks")) {
                return Optional.empty();
            }
            return Optional.of(new PeerMeasurement(param("workload"), param("implementation"),
                    Integer.parseInt(param("workers")), threads(), mean(), error(), primaryRounds()));
        }

        /** A ToggleStmBenchmark row: its hierarchy is the method with its mix or scale. */
        Optional<ToggleStmMeasurement> toggleStm() {
            if (!className.equals(TOGGLE_STM)) {
                return Optional.empty();
            }
            String setting = switch (method) {
                case ToggleStmWorkload.STMBENCH7 -> param("mix");
                case ToggleStmWorkload.XML -> param("scale");
                default -> null;
            };
            return setting == null ? Optional.empty() : Optional.of(new ToggleStmMeasurement(
                    new ToggleStmWorkload(method, setting), param("scheduler"), Integer.parseInt(param("workers")),
                    mean(), error(), primaryRounds(), secondary(ABORTS)));
        }

        /** An ElidedPlacementBenchmark.mixed row, with get's counts in each round. */
        Optional<ElidedPlacementMeasurement> elidedPlacement() {
            if (!className.equals(ELIDED_PLACEMENT) || !method.equals("mixed")) {
                return Optional.empty();
            }
            return Optional.of(new ElidedPlacementMeasurement(param("executor"),
                    ElisionForm.ofParam(params().getOrDefault("form", ElisionForm.LAMBDA.param)),
                    Integer.parseInt(param("segments")),
                    mean(), error(), primaryRounds(), secondaryRounds("optimisticSuccesses"),
                    secondaryRounds("optimisticFailures"), secondaryRounds("lockFallbacks")));
        }

        Optional<OverheadMeasurement> overhead() {
            if (!className.equals(OVERHEAD)) {
                return Optional.empty();
            }
            return switch (method) {
                case "executor" -> Optional.of(new OverheadMeasurement(param("executor"),
                        Integer.parseInt(param("workers")), mean(), error(), primaryRounds()));
                case "loop" -> Optional.of(new OverheadMeasurement(Names.LOOP, threads(),
                        mean(), error(), primaryRounds()));
                default -> Optional.empty();
            };
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

        private int threads() {
            return field(json, "threads").getAsInt();
        }

        private String param(String name) {
            JsonElement params = json.get("params");
            if (params == null || !params.isJsonObject()) {
                throw new IllegalStateException("no params, expected " + name);
            }
            return string(params.getAsJsonObject(), name);
        }

        private Map<String, String> params() {
            Map<String, String> params = new HashMap<>();
            JsonElement json = this.json.get("params");
            if (json != null && json.isJsonObject()) {
                json.getAsJsonObject().entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
            }
            return params;
        }

        /** Every secondary metric of the first row per second, each the mean over rows. */
        private Map<String, Double> secondaries() {
            Map<String, Double> secondaries = new HashMap<>();
            JsonElement secondary = json.get("secondaryMetrics");
            if (secondary != null && secondary.isJsonObject()) {
                secondary.getAsJsonObject().keySet().forEach(name -> secondaries.put(name, secondary(name)));
            }
            return secondaries;
        }

        /** The primary score in each round: each row's forks, each the mean of its measured iterations. */
        private Rounds primaryRounds() {
            return rounds(row -> field(row, "primaryMetric").getAsJsonObject());
        }

        /** The secondary metric {@code name} in each round, as {@link #primaryRounds()}; none if a row lacks it. */
        private Rounds secondaryRounds(String name) {
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
        private double mean() {
            return primaryRounds().mean();
        }

        /** JMH's 99.9% error of a cell measured in one row; NaN for several rows, whose spread is their rounds'. */
        private double error() {
            return rounds.size() == 1 ? error(field(json, "primaryMetric").getAsJsonObject()) : Double.NaN;
        }

        /** The secondary metric {@code name} per second, the mean over rows; NaN if a row has none. */
        private double secondary(String name) {
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
}
