package dev.locus.workloads;

/**
 * The line and column of the next character of a text, both from 1, as the characters before it
 * are counted: a line ends at {@code '\n'}.
 */
final class TextPosition {

    private int line = 1;
    private int column = 1;

    /** Moves past {@code count} characters of {@code text} from {@code offset}. */
    void advance(char[] text, int offset, int count) {
        for (int i = offset; i < offset + count; i++) {
            advance(text[i]);
        }
    }

    /** Moves past {@code c}. */
    void advance(char c) {
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    @Override
    public String toString() {
        return "line " + line + ", column " + column;
    }
}
