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
import java.util.OptionalInt;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the runner recorded about a run in {@code run.properties} beside the JSON: the machine and
 * its processors, JVM, OS, JMH profile, command, start and duration. Each is optional.
 */
public final class RunFacts {

    /** The file's name; it sits in the results JSON's directory. */
    static final String FILE_NAME = "run.properties";

    /** The key of the processors the JVM saw, which the claims read. */
    static final String PROCESSORS = "processors";
    /** The keys the runner writes, in the order the report lists them, with their labels. */
    private static final Map<String, String> KNOWN = labels();
    /** The processors in the machine's description, which files written before PROCESSORS have. */
    private static final Pattern DESCRIBED_PROCESSORS = Pattern.compile("(\\d+) processors");

    /** Label and value of each fact present, known keys first; empty if there is no file. */
    private final Map<String, String> facts;
    private final Path file;
    private final OptionalInt processors;

    private RunFacts(Path file, Map<String, String> facts, OptionalInt processors) {
        this.file = file;
        this.facts = facts;
        this.processors = processors;
    }

    /** Reads the {@code run.properties} beside {@code resultsJson}; no file is no facts, not an error. */
    public static RunFacts besides(Path resultsJson) throws IOException {
        Path file = resultsJson.toAbsolutePath().resolveSibling(FILE_NAME);
        Map<String, String> facts = new LinkedHashMap<>();
        OptionalInt processors = OptionalInt.empty();
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
            processors = processors(properties);
        }
        return new RunFacts(file, facts, processors);
    }

    /**
     * The processors the run's JVM saw, which decide what the claims can test there (more workers
     * than cores time-slice): the {@value #PROCESSORS} fact, else the count in the machine's
     * description; empty if neither is recorded.
     */
    OptionalInt processors() {
        return processors;
    }

    private static OptionalInt processors(Properties properties) {
        String recorded = properties.getProperty(PROCESSORS);
        if (recorded != null) {
            return OptionalInt.of(Integer.parseInt(recorded.trim()));
        }
        Matcher described = DESCRIBED_PROCESSORS.matcher(properties.getProperty("machine", ""));
        return described.find() ? OptionalInt.of(Integer.parseInt(described.group(1))) : OptionalInt.empty();
    }

    /** Markdown bullet lines, or one line saying there was no file. */
    public List<String> lines() {
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
        labels.put(PROCESSORS, "Processors");
        labels.put("jvm", "JVM");
        labels.put("os", "OS");
        labels.put("profile", "Profile");
        labels.put("command", "Command");
        labels.put("started", "Started");
        labels.put("duration", "Duration");
        return labels;
    }
}
