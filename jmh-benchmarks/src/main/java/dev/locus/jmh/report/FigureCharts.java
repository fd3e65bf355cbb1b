package dev.locus.jmh.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

/**
 * Draws the PNGs shaped like paper 002's Figures 3–9: for Figures 3–8 one panel per distribution
 * side by side (uniform, Gaussian, exponential), for Figure 9 one panel; workers on the x axis and
 * one line with markers per executor. The figure's title goes above the panels and one legend
 * for all of them below, since a legend per panel would not fit seven executors.
 */
final class FigureCharts {

    /** Figure 9: empty transactions through an executor against threads running them in a loop. */
    static final int OVERHEAD_FIGURE = 9;
    static final String OVERHEAD_TITLE = "Figure 9 — executor overhead: empty transactions (txn/s)";
    static final String OVERHEAD_FILE = "fig9-executor-overhead.png";

    private static final int PANEL_WIDTH = 520;
    /** Figure 9 has one panel, which also has to hold the title and the legend. */
    private static final int OVERHEAD_WIDTH = 1000;
    private static final int PANEL_HEIGHT = 400;
    private static final int TITLE_HEIGHT = 44;
    private static final int LEGEND_HEIGHT = 40;
    private static final int LEGEND_GAP = 28;
    private static final String THROUGHPUT_PATTERN = "#,##0";

    private final Results results;
    private final SeriesStyles styles;

    FigureCharts(Results results) {
        // Before the first AWT class loads: the report runs on servers without a display.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        this.results = results;
        this.styles = new SeriesStyles(results.allExecutors());
    }

    /** Figure 3–8's PNG for {@code metric} of {@code structure}; empty if nothing of it was measured. */
    Optional<Path> write(Metric metric, Structure structure, Path directory) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        SortedSet<String> plotted = new TreeSet<>(Names.EXECUTOR_ORDER);
        for (String distribution : results.distributions(structure)) {
            XYChart panel = panel(PANEL_WIDTH, Names.distributionLabel(distribution), metric.axisTitle(),
                    metric == Metric.THROUGHPUT ? THROUGHPUT_PATTERN : null);
            for (String executor : results.executors(structure)) {
                if (addSeries(panel, executor, results.workers(structure, distribution),
                        w -> results.value(metric, structure, distribution, executor, w))) {
                    plotted.add(executor);
                }
            }
            panels.add(panel);
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        Path file = directory.resolve(metric.fileName(structure));
        return Optional.of(save(metric.title(structure), panels, plotted, file));
    }

    /** Figure 9's PNG; empty if the overhead benchmark was not measured. */
    Optional<Path> writeOverhead(Path directory) throws IOException {
        XYChart panel = panel(OVERHEAD_WIDTH, "k workers, or k threads in a loop", "txn/s", THROUGHPUT_PATTERN);
        SortedSet<String> plotted = new TreeSet<>(Names.EXECUTOR_ORDER);
        for (String executor : results.overheadExecutors()) {
            if (addSeries(panel, executor, results.overheadWorkers(), w -> results.overhead(executor, w))) {
                plotted.add(executor);
            }
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(save(OVERHEAD_TITLE, List.of(panel), plotted, directory.resolve(OVERHEAD_FILE)));
    }

    /** @param yPattern the y axis's decimal pattern; null for XChart's choice */
    private static XYChart panel(int width, String title, String yTitle, String yPattern) {
        XYChart chart = new XYChart(width, PANEL_HEIGHT);
        chart.setTitle(title);
        chart.setXAxisTitle("workers");
        chart.setYAxisTitle(yTitle);
        var styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendVisible(false);
        styler.setMarkerSize(SeriesStyles.MARKER_SIZE);
        styler.setYAxisMin(0.0);
        // Whole numbers only: XChart then steps the ticks until no two labels repeat, so 1.5 never shows.
        styler.setXAxisDecimalPattern("0");
        if (yPattern != null) {
            styler.setYAxisDecimalPattern(yPattern);
        }
        return chart;
    }

    /** One line through the measured points of {@code executor}; returns false, adding none, if it has none. */
    private boolean addSeries(XYChart chart, String executor, Collection<Integer> workers, IntToDoubleFunction value) {
        List<Integer> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int w : workers) {
            double y = value.applyAsDouble(w);
            if (!Double.isNaN(y)) {
                xs.add(w);
                ys.add(y);
            }
        }
        if (xs.isEmpty()) {
            return false;
        }
        styles.apply(executor, chart.addSeries(executor, xs, ys));
        return true;
    }

    /** The panels side by side under {@code title}, above a legend of {@code executors}, as one PNG. */
    private Path save(String title, List<XYChart> panels, Collection<String> executors, Path file)
            throws IOException {
        int width = panels.stream().mapToInt(XYChart::getWidth).sum();
        BufferedImage image = new BufferedImage(width, TITLE_HEIGHT + PANEL_HEIGHT + LEGEND_HEIGHT,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        try {
            graphics.setColor(Color.WHITE);
            graphics.fillRect(0, 0, image.getWidth(), image.getHeight());
            graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            graphics.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            graphics.setColor(Color.BLACK);
            graphics.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
            graphics.drawString(title, (width - graphics.getFontMetrics().stringWidth(title)) / 2,
                    TITLE_HEIGHT - 14);
            int x = 0;
            for (XYChart panel : panels) {
                graphics.drawImage(BitmapEncoder.getBufferedImage(panel), x, TITLE_HEIGHT, null);
                x += panel.getWidth();
            }
            paintLegend(graphics, executors, width, TITLE_HEIGHT + PANEL_HEIGHT + LEGEND_HEIGHT / 2);
        } finally {
            graphics.dispose();
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM for " + file);
        }
        return file;
    }

    /** One row of keys, centred on {@code width}, at height {@code y}. */
    private void paintLegend(Graphics2D graphics, Collection<String> executors, int width, int y) {
        graphics.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        FontMetrics metrics = graphics.getFontMetrics();
        int total = -LEGEND_GAP;
        for (String executor : executors) {
            total += SeriesStyles.KEY_WIDTH + 6 + metrics.stringWidth(executor) + LEGEND_GAP;
        }
        int x = Math.max(0, (width - total) / 2);
        for (String executor : executors) {
            styles.paintKey(executor, graphics, x, y);
            x += SeriesStyles.KEY_WIDTH + 6;
            graphics.setColor(Color.BLACK);
            graphics.drawString(executor, x, y + metrics.getAscent() / 2 - 1);
            x += metrics.stringWidth(executor) + LEGEND_GAP;
        }
    }
}
