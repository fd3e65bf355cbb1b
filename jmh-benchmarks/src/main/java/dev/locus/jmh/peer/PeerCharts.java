package dev.locus.jmh.peer;

import dev.locus.jmh.peer.PeerResults.Point;
import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SeriesStyles;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.knowm.xchart.CategoryChart;

/**
 * The PNG of each workload and worker count of the peer suite: tasks/s as bars, a
 * group per producer count and a bar per executor, in the same colour in every chart. Bars rather
 * than lines, since the quick profile measures most workloads at a single producer count.
 */
public final class PeerCharts {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 400;

    private final PeerResults results;
    private final SeriesStyles styles;

    public PeerCharts(PeerResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.allImplementations(), name -> false);
    }

    /** {@code workload}'s chart at {@code workers} in {@code directory}; empty if nothing of it was measured. */
    public Optional<Path> write(String workload, int workers, Path directory) throws IOException {
        SortedSet<Integer> producers = results.producers(workload, workers);
        CategoryChart chart = new CategoryChart(WIDTH, HEIGHT);
        chart.setTitle("locus (" + Names.ROUND_ROBIN + ", " + Names.FIXED_RANGE + ", " + Names.ADAPTIVE
                + ", " + Names.ADAPTIVE + "PerThread) and its peers, " + workers + (workers == 1 ? " worker" : " workers"));
        chart.setXAxisTitle("producers (JMH threads)");
        chart.setYAxisTitle("tasks/s");
        var styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendVisible(false);
        styler.setYAxisMin(0.0);
        styler.setYAxisDecimalPattern(Charts.THROUGHPUT_PATTERN);
        List<String> categories = producers.stream().map(String::valueOf).toList();
        SortedSet<String> plotted = new TreeSet<>(Names.PEER_ORDER);
        for (String implementation : results.implementations(workload)) {
            List<Double> values = new ArrayList<>();
            for (int n : producers) {
                double value = results.tasksPerSecond(workload, implementation, new Point(workers, n));
                values.add(Double.isNaN(value) ? 0 : value); // a cell not measured: no bar
            }
            if (values.stream().anyMatch(v -> v > 0)) {
                chart.addSeries(implementation, categories, values).setFillColor(styles.colour(implementation));
                plotted.add(implementation);
            }
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Charts.save(PeerSection.chartTitle(workload), List.of(chart), styles, plotted,
                directory.resolve(PeerSection.chartFile(workload, workers))));
    }
}
