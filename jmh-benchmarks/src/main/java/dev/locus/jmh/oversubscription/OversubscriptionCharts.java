package dev.locus.jmh.oversubscription;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Draws one chart per workload of the oversubscription suite, shaped like [Maldonado10]'s Figure 4:
 * threads on a log2 axis, one line per configuration, the platform-thread ones dashed.
 */
public final class OversubscriptionCharts {

    private final OversubscriptionResults results;
    private final SeriesStyles styles;

    public OversubscriptionCharts(OversubscriptionResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.allConfigurations(), Names.PLATFORM_THREAD_CONFIGURATIONS::contains);
    }

    /**
     * {@code workload}'s commit rate against threads, x = log2(threads) labelled with the thread
     * count; empty if the workload was not measured.
     */
    public Optional<Path> write(Workload workload, Path directory) throws IOException {
        return Charts.writeAgainstThreads(new Charts.ThreadsChart(title(workload),
                "platform threads (dashed) or logical threads on LUTS (solid)", "commits/s", styles,
                results.configurations(workload), results.threads(workload),
                (configuration, n) -> results.rounds(workload, configuration, n)),
                directory.resolve(workload.fileName()));
    }

    /** E.g. "Oversubscription — red-black tree, 16K keys, 20% updates: commits/s". */
    public static String title(Workload workload) {
        return "Oversubscription — " + workload.label() + ": commits/s";
    }
}
