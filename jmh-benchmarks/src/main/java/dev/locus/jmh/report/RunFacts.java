package dev.locus.jmh.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * What the runner recorded about a run in {@code run.properties} beside the JSON: the machine,
 * JVM, OS, JMH profile, command, start and duration. Each is optional.
 */
final class RunFacts {

    /** The file's name; it sits in the results JSON's directory. */
    static final String FILE_NAME = "run.properties";

    /** The keys the runner writes, in the order the report lists them, with their labels. */
    private static final Map<String, String> KNOWN = labels();

    /** Label and value of each fact present, known keys first; empty if there is no file. */
    private final Map<String, String> facts;
    private final Path file;

    private RunFacts(Path file, Map<String, String> facts) {
        this.file = file;
        this.facts = facts;
    }

    /** Reads the {@code run.properties} beside {@code resultsJson}; no file is no facts, not an error. */
    static RunFacts besides(Path resultsJson) throws IOException {
        Path file = resultsJson.toAbsolutePath().resolveSibling(FILE_NAME);
        Map<String, String> facts = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            }
            KNOWN.forEach((key, label) -> {
                if (properties.containsKey(key)) {
                    String value = properties.getProperty(key);
                    facts.put(label, key.equals("command") ? "`" + value + "`" : value);
                }
            });
            for (String key : new TreeSet<>(properties.stringPropertyNames())) {
                if (!KNOWN.containsKey(key)) {
                    facts.put(key, properties.getProperty(key));
                }
            }
        }
        return new RunFacts(file, facts);
    }

    /** Markdown bullet lines, or one line saying there was no file. */
    List<String> lines() {
        if (facts.isEmpty()) {
            return List.of("- " + (Files.exists(file) ? file + " records nothing"
                    : "No " + FILE_NAME + " beside the results (looked for " + file + ")")
                    + ", so the machine and profile are not recorded.");
        }
        List<String> lines = new ArrayList<>();
        facts.forEach((label, value) -> lines.add("- " + label + ": " + value));
        return lines;
    }

    private static Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("machine", "Machine");
        labels.put("jvm", "JVM");
        labels.put("os", "OS");
        labels.put("profile", "Profile");
        labels.put("command", "Command");
        labels.put("started", "Started");
        labels.put("duration", "Duration");
        return labels;
    }
}
