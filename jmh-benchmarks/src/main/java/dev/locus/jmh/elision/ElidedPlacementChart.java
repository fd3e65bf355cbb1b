package dev.locus.jmh.elision;

import dev.locus.jmh.report.Charts;
import dev.locus.jmh.report.SeriesStyles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.knowm.xchart.CategoryChart;

/**
 * The PNG of the elided-placement suite: two panels of bars, a group per map (one lock, 16
 * segments) and a bar per executor in each of ALE's forms ("adaptive", "adaptive (inline)"):
 * operations/s, with error bars of the 95% interval over rounds where a cell has two or more, and
 * get's fall-backs to the lock per 1,000 gets.
 */
public final class ElidedPlacementChart {

    static final String TITLE = "Elided critical sections on keyed executors";
    public static final String FILE = "elided-placement.png";

    private static final int PANEL_HEIGHT = 400;

    private final ElidedPlacementResults results;
    private final SeriesStyles styles;

    public ElidedPlacementChart(ElidedPlacementResults results) {
        this.results = results;
        this.styles = new SeriesStyles(results.series(), name -> false);
    }

    /** The chart in {@code directory}; empty if nothing was measured. */
    public Optional<Path> write(Path directory) throws IOException {
        if (results.isEmpty()) {
            return Optional.empty();
        }
        List<String> maps = results.segments().stream().map(ElidedPlacementResults::shape).toList();
        CategoryChart throughput = panel("operations/s", Charts.THROUGHPUT_PATTERN);
        CategoryChart fallbacks = panel("lock fall-backs per 1,000 gets", "0.###");
        for (String series : results.series()) {
            throughput.addSeries(series, maps, values(series, m -> m.rounds().mean()),
                    values(series, m -> m.rounds().count() < 2 ? 0 : m.rounds().halfWidth()))
                    .setFillColor(styles.colour(series));
            fallbacks.addSeries(series, maps, values(series, ElidedPlacementMeasurement::fallbacksPerThousandGets))
                    .setFillColor(styles.colour(series));
        }
        return Optional.of(Charts.save(TITLE, List.of(throughput, fallbacks), styles, results.series(),
                directory.resolve(FILE)));
    }

    /** {@code value} of each map's cell for {@code series}; 0, no bar, where not measured. */
    private List<Double> values(String series, Function<ElidedPlacementMeasurement, Double> value) {
        List<Double> values = new ArrayList<>();
        for (int segments : results.segments()) {
            double v = results.find(series, segments).map(value).orElse(0.0);
            values.add(Double.isFinite(v) ? v : 0.0);
        }
        return values;
    }

    private static CategoryChart panel(String yAxis, String pattern) {
        return Charts.barPanel(Charts.PANEL_WIDTH, PANEL_HEIGHT, yAxis, "map", yAxis, pattern);
    }
}
