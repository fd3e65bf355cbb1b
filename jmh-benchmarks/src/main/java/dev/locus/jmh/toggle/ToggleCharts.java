package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.knowm.xchart.XYChart;

/**
 * The PNG of each Toggle figure ([Kalikar19] §4), shaped like the paper's: one panel per group
 * (STMBench7 mix, document scale, worker count) side by side, tasks/s on the y axis, a line per
 * configuration, the round-robin ones dashed. Thread counts, skewness and nodes per task go on a
 * log2 axis, hierarchy sizes on a log10 axis. The y axis is linear everywhere, also for Figure
 * 4(b), which the paper draws on a log scale: XChart labels a log axis only at powers of ten, so a
 * figure whose values lie within one decade would show no y labels at all. Figure 5 draws the
 * tasks/s each worker ran against the worker's index.
 */
public final class ToggleCharts {

    /** One panel alone is as wide as the [Bai06] overhead figure, so that title and legend fit. */
    private static final int SINGLE_PANEL_WIDTH = 1000;

    private final ToggleResults results;
    private final SeriesStyles styles;

    public ToggleCharts(ToggleResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.allConfigurations(), c -> c.startsWith(Names.ROUND_ROBIN));
    }

    /** {@code figure}'s PNG in {@code directory}; empty if nothing of it was measured. */
    public Optional<Path> write(ToggleFigure figure, Path directory) throws IOException {
        List<String> groups = results.groups(figure);
        int width = groups.size() == 1 ? SINGLE_PANEL_WIDTH : Charts.PANEL_WIDTH;
        List<XYChart> panels = new ArrayList<>();
        SortedSet<String> plotted = new TreeSet<>(Names.TOGGLE_ORDER);
        for (String group : groups) {
            XYChart panel = figure == ToggleFigure.STEALING ? workerPanel(group, width) : panel(figure, group, width);
            for (String configuration : results.configurations(figure, group)) {
                if (figure == ToggleFigure.STEALING ? addWorkerSeries(panel, group, configuration)
                        : Charts.addRoundsSeries(panel, styles, configuration, results.xs(figure, group),
                                axis(figure), x -> results.rounds(figure, group, configuration, x))) {
                    plotted.add(configuration);
                }
            }
            panels.add(panel);
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        String title = "[Kalikar19] " + figure.title() + (figure == ToggleFigure.STEALING ? ": tasks/s by worker"
                : ": tasks/s");
        return Optional.of(Charts.save(title, panels, styles, plotted, directory.resolve(figure.fileName())));
    }

    private XYChart panel(ToggleFigure figure, String group, int width) {
        boolean sizes = figure == ToggleFigure.HIERARCHY_SIZE;
        XYChart panel = Charts.panel(width, group, figure.xTitle() + (sizes ? " (log10 axis)" : " (log2 axis)"),
                "tasks/s", Charts.THROUGHPUT_PATTERN);
        panel.getStyler().setxAxisTickLabelsFormattingFunction(sizes ? ToggleCharts::powerOfTen : Charts::powerOfTwo);
        return panel;
    }

    private static XYChart workerPanel(String group, int width) {
        return Charts.panel(width, group, "worker", "tasks/s run by the worker", Charts.THROUGHPUT_PATTERN);
    }

    private boolean addWorkerSeries(XYChart panel, String group, String configuration) {
        return results.find(ToggleFigure.STEALING, group, configuration, results.xs(ToggleFigure.STEALING, group).last())
                .map(m -> Charts.addSeries(panel, styles, configuration,
                        IntStream.range(0, m.workers()).boxed().toList(), i -> i,
                        i -> m.secondary(ToggleSection.workerCounter(i))))
                .orElse(false);
    }

    /** The x coordinate of an x value: log10 for hierarchy sizes, log2 for the rest. */
    private static IntToDoubleFunction axis(ToggleFigure figure) {
        return figure == ToggleFigure.HIERARCHY_SIZE ? Math::log10 : x -> Math.log(x) / Math.log(2);
    }

    /** The tick label at {@code exponent} on a log10 axis: the power of ten, or nothing between them. */
    private static String powerOfTen(double exponent) {
        long rounded = Math.round(exponent);
        return Math.abs(exponent - rounded) < 1e-9 ? String.format(Locale.ROOT, "%,d", (long) Math.pow(10, rounded))
                : "";
    }
}
