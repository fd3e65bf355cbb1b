package dev.locus.jmh.elision;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Draws one chart per workload of the elision suite ([Dice14]): JMH threads on a log2 axis, a
 * line per HashMap implementation, ALE's inline form dotted beside its lambda form, the JDK's
 * peers dashed.
 */
public final class ElisionCharts {

    private final ElisionResults results;
    private final SeriesStyles styles;

    public ElisionCharts(ElisionResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.allImplementations(), Names.ELISION_PEERS::contains,
                ElisionForm::lambdaTwin);
    }

    /**
     * The elision suite's {@code workload}: operations/s against JMH threads, x = log2(threads),
     * one line per implementation, the JDK's peers dashed; empty if the workload was not measured.
     */
    public Optional<Path> write(ElisionWorkload workload, Path directory) throws IOException {
        return Charts.writeAgainstThreads(new Charts.ThreadsChart(title(workload),
                "ALE and the uninstrumented lock (solid; ALE's inline form dotted, in its lambda twin's colour),"
                        + " the JDK's peers (dashed)", "ops/s", styles,
                results.implementations(workload), results.threads(workload),
                (implementation, n) -> results.rounds(workload, implementation, n)),
                directory.resolve(workload.fileName()));
    }

    /** E.g. "[Dice14] — get-only, key range 16, 4 B values: ops/s". */
    public static String title(ElisionWorkload workload) {
        return "[Dice14] — " + workload.label() + ": ops/s";
    }
}
