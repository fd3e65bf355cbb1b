package dev.locus.jmh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.openjdk.jmh.runner.BenchmarkException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The main job's failed runs and why they failed: each failure's stack traces, and what JMH printed
 * for the run, go to {@value #LOG} in the output directory; the benchmark's own exceptions, each
 * with its first frames and its root cause, go to the summary at the end of the job.
 *
 * <p>The job runs JMH silently, and JMH reports a benchmark that threw as a
 * {@link BenchmarkException} ("Benchmark error during the run") whose suppressed exceptions are
 * those the benchmark threads threw, in this JVM and, sent back by the forked JVM, in a forked run
 * alike; those are the causes shown. A forked JVM that died without sending one leaves only JMH's
 * transcript, which holds its last lines of output, so each run's transcript is kept in memory
 * ({@link #transcript()}) until the next run starts.
 */
final class FailedRuns {

    /** The log file's name in the output directory. */
    static final String LOG = "failures.log";
    /** Frames of each exception shown in the summary. */
    private static final int FRAMES = 4;

    private final Path log;
    private final List<String> summary = new ArrayList<>();
    private int runs;
    private ByteArrayOutputStream transcript = new ByteArrayOutputStream();

    /** Failures of a job writing to {@code outputDirectory}; removes the log of an earlier job. */
    FailedRuns(Path outputDirectory) throws IOException {
        this.log = outputDirectory.resolve(LOG);
        Files.deleteIfExists(log);
    }

    /** Where JMH writes its output for the next run, at normal verbosity; {@link #add} logs it. */
    OutputFormat transcript() {
        transcript = new ByteArrayOutputStream();
        return OutputFormatFactory.createFormatInstance(new PrintStream(transcript, true, StandardCharsets.UTF_8),
                VerboseMode.NORMAL);
    }

    /**
     * Records that {@code run} failed with {@code failure}: appends its stack trace, JMH's
     * transcript and what went wrong in closing the trial it left open ({@link OpenTrials}) to the
     * log.
     *
     * @return the first cause, one line, for the progress line
     */
    String add(String run, Throwable failure, List<Throwable> closing) throws IOException {
        List<Throwable> causes = causes(failure);
        runs++;
        summary.add(run + ":");
        causes.forEach(cause -> summary.addAll(describe(cause)));
        try (Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND)) {
            out.write("=== " + run + System.lineSeparator());
            out.write(stackTrace(failure));
            out.write("--- JMH's output for the run:" + System.lineSeparator());
            out.write(transcript.toString(StandardCharsets.UTF_8));
            out.write(System.lineSeparator());
            for (Throwable problem : closing) {
                out.write("--- closing the trial it left open:" + System.lineSeparator());
                out.write(stackTrace(problem));
            }
        }
        return causes.get(0).toString();
    }

    /** The number of failed runs. */
    int size() {
        return runs;
    }

    /** The summary: each failed run and the first lines of each of its causes. */
    List<String> summary() {
        return List.copyOf(summary);
    }

    Path log() {
        return log;
    }

    /**
     * The exceptions that made the run fail: those the benchmark threw, as JMH's
     * {@link BenchmarkException} holds them (suppressed, one per benchmark thread that threw), or,
     * where there is none, the innermost cause (JMH's own refusal, such as a held lock).
     */
    static List<Throwable> causes(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BenchmarkException) {
                Set<Throwable> thrown = new LinkedHashSet<>(Arrays.asList(t.getSuppressed()));
                if (!thrown.isEmpty()) {
                    return List.copyOf(thrown);
                }
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return List.of(root);
    }

    /** {@code cause} and its first frames, then its root cause, if another, with its first frames. */
    private static List<String> describe(Throwable cause) {
        List<String> lines = new ArrayList<>(frames(cause, "  "));
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != cause) {
            lines.addAll(frames(root, "  caused by "));
        }
        return lines;
    }

    private static List<String> frames(Throwable t, String prefix) {
        List<String> lines = new ArrayList<>();
        lines.add(prefix + t);
        StackTraceElement[] trace = t.getStackTrace();
        for (int i = 0; i < Math.min(FRAMES, trace.length); i++) {
            lines.add("      at " + trace[i]);
        }
        return lines;
    }

    private static String stackTrace(Throwable failure) {
        StringWriter trace = new StringWriter();
        try (PrintWriter writer = new PrintWriter(trace)) {
            failure.printStackTrace(writer);
        }
        return trace.toString();
    }
}
