package dev.locus.elision;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * ALE's report ([Dice14] §3.4): a row per (lock, context) with executions, and attempts,
 * successes and mean times per mode; as text for a console and as JSON for tools.
 */
public final class ElisionReport {

    private final List<GranuleReport> rows;

    /** @param rows the rows, in any order; kept sorted by lock, then context */
    public ElisionReport(List<GranuleReport> rows) {
        List<GranuleReport> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(GranuleReport::lock).thenComparing(GranuleReport::context));
        this.rows = List.copyOf(sorted);
    }

    public List<GranuleReport> rows() {
        return rows;
    }

    /** A table, one line per (lock, context), with attempts/successes and mean success time per mode. */
    public String toText() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-16s %-36s %12s", "lock", "context",
                "executions"));
        for (Mode mode : Mode.values()) {
            s.append(String.format(Locale.ROOT, " %24s", mode + " ok/tried (ns)"));
        }
        s.append("  policy\n");
        for (GranuleReport r : rows) {
            s.append(String.format(Locale.ROOT, "%-16s %-36s %12d", r.lock(), r.context(), r.executions()));
            for (Mode mode : Mode.values()) {
                GranuleReport.ModeReport m = r.mode(mode);
                s.append(String.format(Locale.ROOT, " %24s", m.successes() + "/" + m.attempts()
                        + (Double.isNaN(m.meanSuccessNanos()) ? "" : String.format(Locale.ROOT, " (%.0f)", m.meanSuccessNanos()))));
            }
            s.append("  ").append(r.policy()).append('\n');
        }
        return s.toString();
    }

    /** The rows as a JSON array; times in nanoseconds, null where none was sampled. */
    public String toJson() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < rows.size(); i++) {
            GranuleReport r = rows.get(i);
            s.append(i == 0 ? "\n  " : ",\n  ").append("{\"lock\": ").append(quote(r.lock()))
                    .append(", \"context\": ").append(quote(r.context()))
                    .append(", \"executions\": ").append(r.executions())
                    .append(", \"meanExecutionNanos\": ").append(number(r.meanExecutionNanos()))
                    .append(", \"htmFailuresLockHeld\": ").append(r.htmFailuresLockHeld())
                    .append(", \"policy\": ").append(quote(r.policy()));
            for (Mode mode : Mode.values()) {
                GranuleReport.ModeReport m = r.mode(mode);
                s.append(", \"").append(mode.name().toLowerCase(Locale.ROOT)).append("\": {\"attempts\": ")
                        .append(m.attempts()).append(", \"successes\": ").append(m.successes())
                        .append(", \"meanSuccessNanos\": ").append(number(m.meanSuccessNanos()))
                        .append(", \"meanFailureNanos\": ").append(number(m.meanFailureNanos())).append('}');
            }
            s.append('}');
        }
        return s.append(rows.isEmpty() ? "]" : "\n]").toString();
    }

    @Override
    public String toString() {
        return toText();
    }

    private static String number(double v) {
        return Double.isNaN(v) ? "null" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String quote(String text) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
