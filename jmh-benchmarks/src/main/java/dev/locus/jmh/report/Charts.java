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
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * The charts' shared drawing: panels on white with a figure's title above and one legend for all
 * panels below (a legend per panel would not fit seven series; it wraps into more rows where one
 * would be wider than the panels), lines with markers through the means over rounds with error
 * bars of the 95% interval of each mean where a point has two rounds or more, bar panels, and a
 * panel of a value against threads on a log2 axis. Each suite's chart class says what it draws.
 */
public final class Charts {

    public static final int PANEL_WIDTH = 520;
    /** A chart of one panel, which also has to hold the title and the legend. */
    public static final int ONE_PANEL_WIDTH = 1000;
    private static final int PANEL_HEIGHT = 400;
    private static final int TITLE_HEIGHT = 44;
    private static final int LEGEND_HEIGHT = 40;
    private static final int LEGEND_ROW_HEIGHT = 24;
    private static final int LEGEND_GAP = 28;
    public static final String THROUGHPUT_PATTERN = "#,##0";

    private Charts() {
    }

    /** Call before the first AWT class loads: the report runs on servers without a display. */
    public static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /** One panel of a value against threads on a log2 axis, a line per series; empty if no series has a point. */
    public static Optional<Path> writeAgainstThreads(ThreadsChart chart, Path file) throws IOException {
        XYChart panel = panel(ONE_PANEL_WIDTH, chart.subtitle(), "threads (log2 axis)", chart.yTitle(),
                THROUGHPUT_PATTERN);
        panel.getStyler().setxAxisTickLabelsFormattingFunction(Charts::powerOfTwo);
        List<String> plotted = new ArrayList<>();
        for (String series : chart.series()) {
            if (addRoundsSeries(panel, chart.styles(), series, chart.threads(), n -> Math.log(n) / Math.log(2),
                    n -> chart.value().at(series, n))) {
                plotted.add(series);
            }
        }
        if (plotted.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(save(chart.title(), List.of(panel), chart.styles(), plotted, file));
    }

    /** A chart against threads: its texts, its series in legend order, and each series' value at a thread count. */
    public record ThreadsChart(String title, String subtitle, String yTitle, SeriesStyles styles,
            SortedSet<String> series, SortedSet<Integer> threads, SeriesValue value) {
    }

    @FunctionalInterface
    public interface SeriesValue {
        /** The value of {@code series} at {@code threads} in each round; none if not measured. */
        Rounds at(String series, int threads);
    }

    /** The tick label at {@code exponent} on a log2 axis: the power of two, or nothing between them. */
    public static String powerOfTwo(double exponent) {
        long rounded = Math.round(exponent);
        return Math.abs(exponent - rounded) < 1e-9 ? Long.toString(1L << rounded) : "";
    }

    /**
     * A bar panel of categories on white, without its own legend (the figure's is shared), from 0
     * up, with black error bars.
     */
    public static CategoryChart barPanel(int width, int height, String title, String xTitle, String yTitle, String yPattern) {
        CategoryChart chart = plainPanel(new CategoryChart(width, height), title, xTitle, yTitle);
        chart.getStyler().setYAxisDecimalPattern(yPattern);
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        return chart;
    }

    /**
     * {@code chart} titled, on white, without its own legend (the figure's is shared), its y axis
     * from 0: what every panel of the report's figures has.
     */
    private static <C extends Chart<? extends AxesChartStyler, ?>> C plainPanel(C chart, String title, String xTitle,
            String yTitle) {
        chart.setTitle(title);
        chart.setXAxisTitle(xTitle);
        chart.setYAxisTitle(yTitle);
        AxesChartStyler styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendVisible(false);
        styler.setYAxisMin(0.0);
        return chart;
    }

    /** @param yPattern the y axis's decimal pattern; null for XChart's choice */
    public static XYChart panel(int width, String title, String xTitle, String yTitle, String yPattern) {
        XYChart chart = plainPanel(new XYChart(width, PANEL_HEIGHT), title, xTitle, yTitle);
        var styler = chart.getStyler();
        styler.setMarkerSize(SeriesStyles.MARKER_SIZE);
        styler.setErrorBarsColorSeriesColor(true);
        // Whole numbers only: XChart then steps the ticks until no two labels repeat, so 1.5 never shows.
        styler.setXAxisDecimalPattern("0");
        if (yPattern != null) {
            styler.setYAxisDecimalPattern(yPattern);
        }
        return chart;
    }

    /** As {@link #addRoundsSeries}, for values without rounds: no error bars. */
    public static boolean addSeries(XYChart chart, SeriesStyles styles, String name, Collection<Integer> counts,
            IntToDoubleFunction x, IntToDoubleFunction value) {
        return addRoundsSeries(chart, styles, name, counts, x, count -> new Rounds(List.of(value.applyAsDouble(count))));
    }

    /**
     * One line through the means of the measured points of {@code name}, at
     * {@code x.applyAsDouble(count)} for each count, with an error bar of the half-width of the
     * mean's 95% interval over rounds where a point has two rounds or more; returns false, adding
     * none, if it has no point.
     */
    public static boolean addRoundsSeries(XYChart chart, SeriesStyles styles, String name, Collection<Integer> counts,
            IntToDoubleFunction x, IntFunction<Rounds> rounds) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        for (int count : counts) {
            Rounds point = rounds.apply(count);
            double y = point.mean();
            if (!Double.isNaN(y)) {
                xs.add(x.applyAsDouble(count));
                ys.add(y);
                errors.add(point.count() < 2 ? 0 : point.halfWidth());
            }
        }
        if (xs.isEmpty()) {
            return false;
        }
        styles.apply(name, chart.addSeries(name, xs, ys, errors));
        return true;
    }

    /** The panels (XY or bar charts) side by side under {@code title}, above a legend of {@code names}, as one PNG. */
    public static Path save(String title, List<? extends Chart<?, ?>> panels, SeriesStyles styles, Collection<String> names,
            Path file) throws IOException {
        int width = panels.stream().mapToInt(Chart::getWidth).sum();
        List<List<String>> legend = legendRows(names, width);
        BufferedImage image = new BufferedImage(width,
                TITLE_HEIGHT + PANEL_HEIGHT + LEGEND_HEIGHT + (legend.size() - 1) * LEGEND_ROW_HEIGHT,
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
            for (Chart<?, ?> panel : panels) {
                graphics.drawImage(BitmapEncoder.getBufferedImage(panel), x, TITLE_HEIGHT, null);
                x += panel.getWidth();
            }
            int y = TITLE_HEIGHT + PANEL_HEIGHT + LEGEND_HEIGHT / 2;
            for (List<String> row : legend) {
                paintLegend(graphics, styles, row, width, y);
                y += LEGEND_ROW_HEIGHT;
            }
        } finally {
            graphics.dispose();
        }
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM for " + file);
        }
        return file;
    }

    /** {@code names} in rows of legend keys, each row at most {@code width} wide (a single key may be wider). */
    private static List<List<String>> legendRows(Collection<String> names, int width) {
        Graphics2D scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        FontMetrics metrics = scratch.getFontMetrics(legendFont());
        scratch.dispose();
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        int used = 0;
        for (String name : names) {
            int needed = (row.isEmpty() ? 0 : LEGEND_GAP) + keyWidth(metrics, name);
            if (!row.isEmpty() && used + needed > width) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
                needed = keyWidth(metrics, name);
            }
            row.add(name);
            used += needed;
        }
        rows.add(row);
        return rows;
    }

    /** One row of keys, centred on {@code width}, at height {@code y}. */
    private static void paintLegend(Graphics2D graphics, SeriesStyles styles, Collection<String> names, int width,
            int y) {
        graphics.setFont(legendFont());
        FontMetrics metrics = graphics.getFontMetrics();
        int total = -LEGEND_GAP;
        for (String name : names) {
            total += keyWidth(metrics, name) + LEGEND_GAP;
        }
        int x = Math.max(0, (width - total) / 2);
        for (String name : names) {
            styles.paintKey(name, graphics, x, y);
            x += SeriesStyles.KEY_WIDTH + 6;
            graphics.setColor(Color.BLACK);
            graphics.drawString(name, x, y + metrics.getAscent() / 2 - 1);
            x += metrics.stringWidth(name) + LEGEND_GAP;
        }
    }

    /** Made when needed, not in a static field: no AWT class may load before the headless flag is set. */
    private static Font legendFont() {
        return new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    }

    /** A legend key's width: its line and marker, a space, its name. */
    private static int keyWidth(FontMetrics metrics, String name) {
        return SeriesStyles.KEY_WIDTH + 6 + metrics.stringWidth(name);
    }
}
