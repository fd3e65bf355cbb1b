package dev.locus.jmh.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A GitHub-flavoured Markdown table: the first {@code textColumns} columns left-aligned, the rest right. */
public final class MarkdownTable {

    private final List<String> header;
    private final int textColumns;
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable(int textColumns, List<String> header) {
        this.header = List.copyOf(header);
        this.textColumns = textColumns;
    }

    public MarkdownTable(int textColumns, String... header) {
        this(textColumns, Arrays.asList(header));
    }

    /** Adds a row of as many cells as the header has. */
    public MarkdownTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + header.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    public MarkdownTable row(String... cells) {
        return row(Arrays.asList(cells));
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public String toString() {
        StringBuilder table = new StringBuilder();
        line(table, header);
        List<String> rule = new ArrayList<>();
        for (int column = 0; column < header.size(); column++) {
            rule.add(column < textColumns ? "---" : "---:");
        }
        line(table, rule);
        rows.forEach(row -> line(table, row));
        return table.toString();
    }

    private static void line(StringBuilder table, List<String> cells) {
        table.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
