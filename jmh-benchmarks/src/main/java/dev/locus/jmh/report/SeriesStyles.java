package dev.locus.jmh.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One colour, marker and line per series (an executor, or a configuration of the oversubscription
 * suite), the same in every chart of a report: the known executors keep their colours from report
 * to report, others take spare ones in report order. The series a predicate names, such as the
 * baselines without an executor, are dashed. A series may have a twin, another variant of the same
 * thing (the elision suite's inline form of a policy and its lambda form): it takes its twin's
 * colour and marker and is dotted.
 */
public final class SeriesStyles {

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
    /** Enough for the eleven configurations of the oversubscription suite, none of them known. */
    private static final List<Color> SPARE = List.of(new Color(0xd62728), new Color(0x17becf),
            new Color(0xe377c2), new Color(0xbcbd22), new Color(0x393b79), new Color(0xad494a),
            new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0x9467bd),
            new Color(0x8c564b), Color.BLACK);
    private static final List<Marker> MARKERS = List.of(SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE,
            SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS,
            SeriesMarkers.PLUS, SeriesMarkers.RECTANGLE, SeriesMarkers.TRAPEZOID);

    private final Map<String, Color> colours = new HashMap<>();
    private final Map<String, Marker> markers = new HashMap<>();
    private final Predicate<String> dashed;
    private final Predicate<String> dotted;

    /**
     * @param names every series of the report's charts, in report order
     * @param dashed the series drawn with dashes
     */
    public SeriesStyles(Collection<String> names, Predicate<String> dashed) {
        this(names, dashed, UnaryOperator.identity());
    }

    /**
     * @param names every series of the report's charts, in report order
     * @param dashed the series drawn with dashes
     * @param twin each series' twin, whose colour and marker it shares; itself if it has none
     */
    public SeriesStyles(Collection<String> names, Predicate<String> dashed, UnaryOperator<String> twin) {
        this.dashed = dashed;
        this.dotted = name -> !twin.apply(name).equals(name);
        Map<String, Color> twinColours = new HashMap<>();
        Map<String, Marker> twinMarkers = new HashMap<>();
        int spare = 0;
        for (String name : names) {
            String key = twin.apply(name);
            if (!twinColours.containsKey(key)) {
                Color known = KNOWN.get(key);
                twinColours.put(key, known != null ? known : SPARE.get(spare++ % SPARE.size()));
                twinMarkers.put(key, MARKERS.get(twinMarkers.size() % MARKERS.size()));
            }
            colours.put(name, twinColours.get(key));
            markers.put(name, twinMarkers.get(key));
        }
    }

    void apply(String name, XYSeries series) {
        series.setLineColor(colours.get(name));
        series.setMarkerColor(colours.get(name));
        series.setMarker(markers.get(name));
        series.setLineStyle(line(name));
    }

    /** {@code name}'s colour, for a series drawn as bars. */
    public Color colour(String name) {
        return colours.get(name);
    }

    /** Draws {@code name}'s line and marker, {@link #KEY_WIDTH} wide, centred on height {@code y}. */
    void paintKey(String name, Graphics2D graphics, int x, int y) {
        graphics.setColor(colours.get(name));
        graphics.setStroke(line(name));
        graphics.drawLine(x, y, x + KEY_WIDTH, y);
        markers.get(name).paint(graphics, x + KEY_WIDTH / 2.0, y, MARKER_SIZE);
    }

    private BasicStroke line(String name) {
        return dashed.test(name) ? SeriesLines.DASH_DASH : dotted.test(name) ? SeriesLines.DOT_DOT : SeriesLines.SOLID;
    }
}
