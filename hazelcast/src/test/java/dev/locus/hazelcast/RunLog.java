package dev.locus.hazelcast;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The tasks that started in one JVM, appended to a file of its own in a run's directory, one
 * write per task: a line reaches the operating system before the task returns, so it survives
 * the process being killed. Start times are System.nanoTime, which on Linux reads one monotonic
 * clock for every process of the machine, so the files of several JVMs merge into one order.
 */
final class RunLog {

    private static final Map<String, RunLog> OPEN = new ConcurrentHashMap<>();

    private final FileOutputStream out;

    private RunLog(Path file) throws IOException {
        this.out = new FileOutputStream(file.toFile(), true);
    }

    /** This JVM's log in {@code directory}. */
    static RunLog in(String directory) {
        return OPEN.computeIfAbsent(directory, d -> {
            try {
                return new RunLog(Path.of(d, ProcessHandle.current().pid() + ".log"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    synchronized void started(int submitter, long seq, long key) {
        byte[] line = (submitter + " " + seq + " " + key + " " + System.nanoTime() + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            out.write(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every line of every JVM's log in {@code directory}: {submitter, seq, key, startNanos}. */
    static List<long[]> readAll(Path directory) throws IOException {
        List<long[]> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                    String[] f = line.split(" ");
                    if (f.length == 4) { // a line cut short by the kill has fewer fields
                        entries.add(new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])});
                    }
                }
            }
        }
        return entries;
    }

    /** Logs its start in its JVM's file of {@code directory}; returns its sequence number. */
    static final class Task implements ClusterTask<Long> {

        private static final long serialVersionUID = 1L;

        private final String directory;
        private final int submitter;
        private final long seq;
        private final long key;

        Task(String directory, int submitter, long seq, long key) {
            this.directory = directory;
            this.submitter = submitter;
            this.seq = seq;
            this.key = key;
        }

        @Override
        public Long call() {
            RunLog.in(directory).started(submitter, seq, key);
            return seq;
        }
    }
}
