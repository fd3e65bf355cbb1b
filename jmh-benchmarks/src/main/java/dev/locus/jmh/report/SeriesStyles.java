package dev.locus.jmh.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One colour, marker and line per executor, the same in every chart of a report: the known
 * executors keep their colours from report to report, others take spare ones in report order.
 * The baselines without an executor ({@link Names#NONE}, {@link Names#LOOP}) are dashed.
 */
final class SeriesStyles {

    /** Width of a legend key drawn by {@link #paintKey}. */
    static final int KEY_WIDTH = 36;
    /** Marker size in the charts and their legend. */
    static final int MARKER_SIZE = 8;

    private static final Map<String, Color> KNOWN = Map.of(
            Names.ROUND_ROBIN, new Color(0x1f77b4),
            Names.FIXED_RANGE, new Color(0xff7f0e),
            Names.ADAPTIVE, new Color(0x2ca02c),
            Names.THREAD_POOL, new Color(0x9467bd),
            Names.FORK_JOIN, new Color(0x8c564b),
            Names.NONE, new Color(0x7f7f7f),
            Names.LOOP, Color.BLACK);
    private static final List<Color> SPARE = List.of(new Color(0xd62728), new Color(0x17becf),
            new Color(0xe377c2), new Color(0xbcbd22), new Color(0x393b79), new Color(0xad494a));
    private static final List<Marker> MARKERS = List.of(SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
            SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS,
            SeriesMarkers.PLUS, SeriesMarkers.RECTANGLE, SeriesMarkers.TRAPEZOID);

    private final Map<String, Color> colours = new HashMap<>();
    private final Map<String, Marker> markers = new HashMap<>();

    /** @param executors every executor of the report, in report order */
    SeriesStyles(Collection<String> executors) {
        int spare = 0;
        for (String executor : executors) {
            Color colour = KNOWN.get(executor);
            if (colour == null) {
                colour = SPARE.get(spare++ % SPARE.size());
            }
            colours.put(executor, colour);
            markers.put(executor, MARKERS.get(markers.size() % MARKERS.size()));
        }
    }

    void apply(String executor, XYSeries series) {
        series.setLineColor(colours.get(executor));
        series.setMarkerColor(colours.get(executor));
        series.setMarker(markers.get(executor));
        series.setLineStyle(line(executor));
    }

    /** Draws {@code executor}'s line and marker, {@link #KEY_WIDTH} wide, centred on height {@code y}. */
    void paintKey(String executor, Graphics2D graphics, int x, int y) {
        graphics.setColor(colours.get(executor));
        graphics.setStroke(line(executor));
        graphics.drawLine(x, y, x + KEY_WIDTH, y);
        markers.get(executor).paint(graphics, x + KEY_WIDTH / 2.0, y, MARKER_SIZE);
    }

    private static BasicStroke line(String executor) {
        boolean baseline = executor.equals(Names.NONE) || executor.equals(Names.LOOP);
        return baseline ? SeriesLines.DASH_DASH : SeriesLines.SOLID;
    }
}
