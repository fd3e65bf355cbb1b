package dev.locus.jmh.toggle;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The figures of [Kalikar19] §4 that the Toggle suite measures, each one benchmark method: what
 * its x axis is, and which params split it into panels.
 */
public enum ToggleFigure {

    STMBENCH7("stmBench7", "Figure 3(a)", "STMBench7-shaped graph", "workers", List.of("mix")),
    XML("xml", "Figure 3(b)", "tree-bank-shaped XML hierarchy", "workers", List.of("scale")),
    SKEWNESS("skewness", "Figure 4(a)", "skewness, 1M-node 4-ary tree", "skewness", List.of("workers")),
    NODES_PER_TASK("nodesPerTask", "Figure 4(b)", "nodes per task, all in one range", "nodes", List.of("workers")),
    /** Its x param is the worker count, which is also a group param: one x per panel, bars by worker index. */
    STEALING("stealing", "Figure 5", "tasks per worker, stealing on and off", "workers",
            List.of("distribution", "workers")),
    HIERARCHY_SIZE("hierarchySize", "Figure 6(a)", "hierarchy size, 4-ary trees", "size", List.of("workers"));

    private final String method;
    private final String number;
    private final String subject;
    private final String xParam;
    private final List<String> groupParams;

    ToggleFigure(String method, String number, String subject, String xParam, List<String> groupParams) {
        this.method = method;
        this.number = number;
        this.subject = subject;
        this.xParam = xParam;
        this.groupParams = groupParams;
    }

    /** The figure whose benchmark method is {@code method}, if any. */
    public static Optional<ToggleFigure> ofMethod(String method) {
        for (ToggleFigure figure : values()) {
            if (figure.method.equals(method)) {
                return Optional.of(figure);
            }
        }
        return Optional.empty();
    }

    String method() {
        return method;
    }

    /** E.g. "Figure 4(a) — skewness, 1M-node 4-ary tree". */
    String title() {
        return number + " — " + subject;
    }

    /** The param on the x axis. */
    String xParam() {
        return xParam;
    }

    /** The x axis in words, e.g. "nodes per task". */
    String xTitle() {
        return switch (xParam) {
            case "nodes" -> "nodes per task";
            case "size" -> "nodes in the hierarchy";
            default -> xParam;
        };
    }

    /** A panel's name from the values of the group params, e.g. "readDominated, 2 workers". */
    String group(UnaryOperator<String> params) {
        return groupParams.stream().map(p -> label(p, params.apply(p))).collect(Collectors.joining(", "));
    }

    /** E.g. {@code toggle-fig4a-skewness.png}. */
    public String fileName() {
        String figure = number.substring(number.indexOf(' ') + 1).replace("(", "").replace(")", "")
                .toLowerCase(Locale.ROOT);
        return "toggle-fig" + figure + "-" + method + ".png";
    }

    private static String label(String param, String value) {
        return switch (param) {
            case "workers" -> value + (value.equals("1") ? " worker" : " workers");
            case "scale" -> "scale " + value;
            default -> value;
        };
    }
}
