package dev.locus.jmh.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.locus.jmh.dictionary.DictionaryMeasurement;
import dev.locus.jmh.dictionary.OverheadMeasurement;
import dev.locus.jmh.elision.ElidedPlacementMeasurement;
import dev.locus.jmh.elision.ElisionMeasurement;
import dev.locus.jmh.oversubscription.OversubscriptionMeasurement;
import dev.locus.jmh.peer.PeerMeasurement;
import dev.locus.jmh.toggle.ToggleMeasurement;
import dev.locus.jmh.toggle.ToggleStmMeasurement;
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
import java.util.TreeSet;

/**
 * Reads a JMH JSON result file (the array {@code ResultFormatType.JSON} writes) into
 * {@link Results}, keeping the rows of the suites' benchmarks and skipping all others. Each suite
 * reads its own rows ({@code read(Row)} on its measurement); a benchmark is known by its class's
 * simple name, so that results written before a benchmark moved package still read.
 *
 * <p>Several rows of the same cell (benchmark, mode, JMH threads and params) are its rounds, in the
 * file's order, and become one measurement: the mean over rounds with each round's score
 * ({@link Rounds}).
 */
public final class ResultsReader {

    /** The benchmarks whose rows the report reads, for the message of a file that has none. */
    private static final String BENCHMARKS = "DictionaryBenchmark, InlineDictionaryBenchmark,"
            + " TransactionOverheadBenchmark, OversubscriptionBenchmark, ElisionBenchmark, ToggleBenchmark,"
            + " PeerBenchmark, ToggleStmBenchmark or ElidedPlacementBenchmark";

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
                Optional<DictionaryMeasurement> dictionaryRow = DictionaryMeasurement.read(row);
                Optional<OverheadMeasurement> overheadRow = OverheadMeasurement.read(row);
                Optional<OversubscriptionMeasurement> oversubscriptionRow = OversubscriptionMeasurement.read(row);
                Optional<ElisionMeasurement> elisionRow = ElisionMeasurement.read(row);
                Optional<ToggleMeasurement> toggleRow = ToggleMeasurement.read(row);
                Optional<PeerMeasurement> peerRow = PeerMeasurement.read(row);
                Optional<ToggleStmMeasurement> toggleStmRow = ToggleStmMeasurement.read(row);
                Optional<ElidedPlacementMeasurement> elidedPlacementRow = ElidedPlacementMeasurement.read(row);
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
                    skipped.add(row.benchmark());
                }
            } catch (IllegalStateException | UnsupportedOperationException | NumberFormatException e) {
                throw new IOException(where + " is malformed: " + e.getMessage(), e);
            }
        }
        if (dictionary.isEmpty() && overhead.isEmpty() && oversubscription.isEmpty() && elision.isEmpty()
                && toggle.isEmpty() && peers.isEmpty() && toggleStm.isEmpty() && elidedPlacement.isEmpty()) {
            throw new IOException(json + " has no results of " + BENCHMARKS
                    + (skipped.isEmpty() ? "" : "; it holds only " + String.join(", ", skipped)));
        }
        try {
            return new Results(dictionary, overhead, oversubscription, elision, toggle, peers, toggleStm,
                    elidedPlacement, new ArrayList<>(settings), RunFacts.besides(json).processors());
        } catch (IllegalArgumentException e) {
            throw new IOException(json + ": " + e.getMessage(), e);
        }
    }
}
