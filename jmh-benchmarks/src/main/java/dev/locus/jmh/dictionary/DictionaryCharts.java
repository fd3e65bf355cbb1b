package dev.locus.jmh.dictionary;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;

/**
 * Draws the PNGs shaped like [Bai06]'s Figures 3–9: for Figures 3–8 one panel per distribution
 * side by side (uniform, Gaussian, exponential), for Figure 9 one panel; workers on the x axis and
 * one line per executor, each executor in the same colour in every figure.
 */
public final class DictionaryCharts {

    /** Figure 9: empty transactions through an executor against threads running them in a loop. */
    public static final int OVERHEAD_FIGURE = 9;
    public static final String OVERHEAD_TITLE = "Figure 9 — executor overhead: empty transactions (txn/s)";
    public static final String OVERHEAD_FILE = "fig9-executor-overhead.png";

    private final Results results;
    private final SeriesStyles styles;

    public DictionaryCharts(Results results) {
        this.results = results;
        this.styles = new SeriesStyles(results.allExecutors(), Names::isBaseline);
    }

    /** Figure 3–8's PNG for {@code metric} of {@code structure}; empty if nothing of it was measured. */
    public Optional<Path> write(Metric metric, Structure structure, Path directory) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        SortedSet<String> plotted = new TreeSet<>(Names.EXECUTOR_ORDER);
        for (String distribution : results.distributions(structure)) {
            XYChart panel = Charts.panel(Charts.PANEL_WIDTH, Names.distributionLabel(distribution), "workers", metric.axisTitle(),
                    metric == Metric.THROUGHPUT ? Charts.THROUGHPUT_PATTERN : null);
            for (String executor : results.executors(structure)) {
                boolean added = metric == Metric.THROUGHPUT
                        ? Charts.addRoundsSeries(panel, styles, executor, results.workers(structure, distribution), w -> w,
                                w -> results.rounds(structure, distribution, executor, w))
                        : Charts.addSeries(panel, styles, executor, results.workers(structure, distribution), w -> w,
                                w -> results.value(metric, structure, distribution, executor, w));
                if (added) {
                    plotted.add(executor);
                }
            }
            panels.add(panel);
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        Path file = directory.resolve(metric.fileName(structure));
        return Optional.of(Charts.save(metric.title(structure), panels, styles, plotted, file));
    }

    /** Figure 9's PNG; empty if the overhead benchmark was not measured. */
    public Optional<Path> writeOverhead(Path directory) throws IOException {
        XYChart panel = Charts.panel(Charts.ONE_PANEL_WIDTH, "k workers, or k threads in a loop", "workers", "txn/s", Charts.THROUGHPUT_PATTERN);
        SortedSet<String> plotted = new TreeSet<>(Names.EXECUTOR_ORDER);
        for (String executor : results.overheadExecutors()) {
            if (Charts.addRoundsSeries(panel, styles, executor, results.overheadWorkers(), w -> w,
                    w -> results.findOverhead(executor, w).map(OverheadMeasurement::rounds).orElse(Rounds.NONE))) {
                plotted.add(executor);
            }
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Charts.save(OVERHEAD_TITLE, List.of(panel), styles, plotted, directory.resolve(OVERHEAD_FILE)));
    }
}
