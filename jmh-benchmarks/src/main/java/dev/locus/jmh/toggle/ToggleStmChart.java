package dev.locus.jmh.toggle;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Rounds;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.knowm.xchart.CategoryChart;

/**
 * The PNG of the Toggle + STM suite: commits/s as bars, a group per hierarchy and a bar per
 * scheduler, with error bars of the 95% interval of each mean over rounds where a cell has two
 * rounds or more; one panel per worker count, side by side. Bars rather than lines, since the
 * hierarchies are categories, not points on an axis.
 */
public final class ToggleStmChart {

    static final String TITLE = "Transactions on Toggle + STM: commits/s";
    public static final String FILE = "toggle-stm.png";
    /** One panel alone is as wide as the [Bai06] overhead figure, so that title and legend fit. */
    private static final int SINGLE_PANEL_WIDTH = 1000;
    private static final int PANEL_HEIGHT = 400;

    private final ToggleStmResults results;
    private final SeriesStyles styles;

    public ToggleStmChart(ToggleStmResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.schedulers(), name -> false);
    }

    /** The chart in {@code directory}; empty if nothing was measured. */
    public Optional<Path> write(Path directory) throws IOException {
        SortedSet<Integer> workers = results.allWorkers();
        int width = workers.size() == 1 ? SINGLE_PANEL_WIDTH : Charts.PANEL_WIDTH;
        List<CategoryChart> panels = new ArrayList<>();
        SortedSet<String> plotted = new TreeSet<>(Names.TOGGLE_STM_ORDER);
        for (int w : workers) {
            CategoryChart panel = panel(width, w);
            List<ToggleStmWorkload> workloads = results.workloads().stream()
                    .filter(workload -> results.workers(workload).contains(w)).toList();
            List<String> categories = workloads.stream().map(ToggleStmWorkload::label).toList();
            for (String scheduler : results.schedulers()) {
                List<Double> means = new ArrayList<>();
                List<Double> errors = new ArrayList<>();
                for (ToggleStmWorkload workload : workloads) {
                    Rounds rounds = results.rounds(workload, scheduler, w);
                    means.add(rounds.isEmpty() ? 0 : rounds.mean()); // a cell not measured: no bar
                    errors.add(rounds.count() < 2 ? 0 : rounds.halfWidth());
                }
                if (means.stream().anyMatch(v -> v > 0)) {
                    panel.addSeries(scheduler, categories, means, errors).setFillColor(styles.colour(scheduler));
                    plotted.add(scheduler);
                }
            }
            panels.add(panel);
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Charts.save(TITLE, panels, styles, plotted, directory.resolve(FILE)));
    }

    private static CategoryChart panel(int width, int workers) {
        return Charts.barPanel(width, PANEL_HEIGHT, workers + (workers == 1 ? " worker" : " workers"),
                "hierarchy", "commits/s", Charts.THROUGHPUT_PATTERN);
    }
}
