package dev.locus.examples.ledger;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs one service's load in a JVM of its own, as a server runs alone in production: the child
 * warms the service up, runs the measured load, and hands its {@link LoadReport} back through a
 * file. Two services measured one after the other in one JVM are not measured alike: the JIT has
 * compiled the shared paths (Jetty, the HTTP client, the futures) for both, and recompiles them
 * while the first one measured runs, which slows that one, whichever service it is.
 */
final class FreshJvm {

    /** The flag that makes {@link LedgerLoad#main} a child: {@code --child SERVICE REPORT_FILE flags...}. */
    static final String CHILD = "--child";

    /** How long a child may run: the load's own deadline, its warm-up's, and a JVM's start. */
    private static final long LIMIT_SECONDS = 2 * LoadGenerator.DEADLINE.toSeconds() + 60;

    private FreshJvm() {
    }

    /**
     * Runs {@code service} under {@code options} in a new JVM, with this JVM's class path, and
     * returns what it measured.
     *
     * @throws IllegalStateException if the child failed, or ran past {@link #LIMIT_SECONDS}
     */
    static LoadReport run(LedgerLoad.Service service, LedgerLoad.Options options) throws InterruptedException {
        Path report = null;
        Process child = null;
        try {
            report = Files.createTempFile("ledger-" + service.name().toLowerCase(Locale.ROOT), ".report");
            List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                    "-cp", System.getProperty("java.class.path"), LedgerLoad.class.getName(),
                    CHILD, service.name(), report.toString()));
            command.addAll(options.toArgs());
            child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!child.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException(service.label() + " ran past " + LIMIT_SECONDS + " s");
            }
            if (child.exitValue() != 0) {
                throw new IllegalStateException(service.label() + "'s JVM exited with " + child.exitValue());
            }
            try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(report))) {
                return (LoadReport) in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("could not run " + service.label() + " in a JVM of its own", e);
        } finally {
            if (child != null) {
                child.destroyForcibly();
            }
            if (report != null) {
                try {
                    Files.deleteIfExists(report);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    /** The child's side: warm up, measure, write the report to {@code report}. */
    static void child(LedgerLoad.Service service, Path report, LedgerLoad.Options options)
            throws InterruptedException, IOException {
        LoadGenerator.Settings load = options.load();
        if (options.warmupRequests() > 0) {
            LedgerLoad.runOnce(service, options.workers(), new LoadGenerator.Settings(options.warmupRequests(),
                    load.clients(), load.accounts(), load.zipfExponent(), ~load.seed()));
        }
        LoadReport measured = LedgerLoad.runOnce(service, options.workers(), load);
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(report))) {
            out.writeObject(measured);
        }
    }
}
