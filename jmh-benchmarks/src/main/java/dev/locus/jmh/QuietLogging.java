package dev.locus.jmh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.LogManager;

/**
 * The benchmark JVMs' {@code java.util.logging} configuration, named by
 * {@code -Djava.util.logging.config.class} in {@link BenchmarkDefaults}: the JDK's defaults, except
 * that Multiverse's two INFO lines at start-up ("Initializing GlobalStmInstance …") are dropped,
 * since every forked JVM would print them between the results. Warnings still show.
 */
public final class QuietLogging {

    private static final String CONFIGURATION = String.join("\n",
            "handlers = java.util.logging.ConsoleHandler",
            ".level = INFO",
            "java.util.logging.ConsoleHandler.level = INFO",
            "dev.locus.multiverse.level = WARNING",
            "");

    /** Called by the LogManager, once, to read the configuration. */
    public QuietLogging() throws IOException {
        configure();
    }

    /** Applies the configuration to this JVM, for benchmarks run without forking. */
    static void configure() throws IOException {
        LogManager.getLogManager().readConfiguration(
                new ByteArrayInputStream(CONFIGURATION.getBytes(StandardCharsets.UTF_8)));
    }
}
