package dev.locus.workloads;

import java.io.IOException;
import java.io.Reader;

/**
 * The characters of an XML document, passed on unchanged to the parser until one construct that
 * the parser would hold whole (a tag, comment, CDATA section, processing instruction or document
 * type declaration) grows past {@link XmlHierarchy#MAX_CONSTRUCT_LENGTH}; the read that would
 * pass that character on throws {@link TooLong} instead. Text between constructs is not counted:
 * the parser streams it.
 */
/*
 * Implementation notes
 *
 * Overview. The JDK's StAX parser streams character data in pieces but gathers a comment, a CDATA
 * section, a processing instruction, an attribute value or the document type declaration into
 * one buffer, so a single such construct of 100 MB exhausts a 64 MB heap. This reader follows the
 * document's lexical structure one character at a time, only far enough to know where each
 * construct begins and ends, and counts the characters of the open one from its '<' to its '>'.
 * A whole tag is counted, not each attribute value: the parser holds all of a tag's attributes at
 * once.
 *
 * Invariants. In State.TEXT no construct is open and length is 0; in every other state a
 * construct is open and length counts its characters so far, at most the limit. The state machine
 * finds the end of every construct of a well-formed document exactly: inside a tag, '>' ends it
 * only outside a quoted attribute value; a comment ends at "-->", a CDATA section at "]]>", a
 * processing instruction at "?>"; the document type declaration ends at '>' outside quotes and
 * outside its internal subset, whose declarations, comments and processing instructions are
 * followed in the same way. A document that is not well formed may be refused here where the
 * parser would report another error, or none: the JDK's parser, not processing DTDs, ends the
 * internal subset at its first ']' even inside a literal or comment, so it reads on where this
 * reader counts an unclosed comment or literal. Erring that way keeps the bound whichever way a
 * JDK scans the subset.
 *
 * resume is where a quoted literal, a comment or a processing instruction returns when it ends:
 * the tag or declaration that holds the literal, the internal subset, or the text. No two of these
 * nest inside each other, so one register suffices.
 *
 * Concurrency. None: a Reader for one parser on one thread.
 *
 * References. XML 1.0 (Fifth Edition), §2.4 to §2.8 and §3.1 (the productions of the constructs).
 */
final class ConstructLengthLimit extends Reader {

    /** Where the next character falls in the document's lexical structure. */
    private enum State {
        TEXT, OPEN, BANG, TAG, QUOTED, COMMENT_OPEN, COMMENT, CDATA, PI,
        DOCTYPE, SUBSET, SUBSET_OPEN, SUBSET_BANG, DECLARATION
    }

    private final Reader in;
    private final TextPosition position = new TextPosition();
    private State state = State.TEXT;
    private State resume = State.TEXT;
    /** The quote that ends the open literal, in State.QUOTED. */
    private char quote;
    /** How many of the characters that end a comment or CDATA section ('-' or ']') came last. */
    private int closers;
    private boolean questionMarkLast;
    /** What the open construct is, for the message; null in text. */
    private String construct;
    private int length;
    private int startLine;
    private int startColumn;

    /** Counts the characters of {@code in}; never closes it. */
    ConstructLengthLimit(Reader in) {
        this.in = in;
    }

    @Override
    public int read(char[] buffer, int offset, int count) throws IOException {
        int n = in.read(buffer, offset, count);
        for (int i = offset; i < offset + n; i++) {
            step(buffer[i]);
        }
        return n;
    }

    private void step(char c) throws TooLong {
        if (state == State.TEXT) {
            if (c == '<') {
                state = State.OPEN;
                construct = "a tag";
                length = 1;
                startLine = position.line();
                startColumn = position.column();
            }
        } else {
            if (++length > XmlHierarchy.MAX_CONSTRUCT_LENGTH) {
                throw new TooLong(construct, startLine, startColumn);
            }
            state = next(c);
            if (state == State.TEXT) {
                construct = null;
                length = 0;
            }
        }
        position.advance(c);
    }

    /** The state after {@code c}, in a construct. */
    private State next(char c) {
        switch (state) {
            case OPEN:
                return c == '!' ? State.BANG : c == '?' ? processingInstruction(State.TEXT) : inTag(c);
            case BANG:
                if (c == '-') {
                    return comment(State.TEXT);
                }
                if (c == '[') {
                    construct = "a CDATA section";
                    closers = 0;
                    return State.CDATA;
                }
                construct = "a document type declaration";
                return State.DOCTYPE;
            case TAG:
                return inTag(c);
            case QUOTED:
                return c == quote ? resume : State.QUOTED;
            case COMMENT_OPEN:
                closers = 0;
                return State.COMMENT;
            case COMMENT:
                return closes(c, '-') ? resume : State.COMMENT;
            case CDATA:
                return closes(c, ']') ? State.TEXT : State.CDATA;
            case PI:
                return endsInstruction(c) ? resume : State.PI;
            case DOCTYPE:
                return c == '>' ? State.TEXT : c == '[' ? State.SUBSET : quoted(c, State.DOCTYPE);
            case SUBSET:
                return c == ']' ? State.DOCTYPE : c == '<' ? State.SUBSET_OPEN : State.SUBSET;
            case SUBSET_OPEN:
                return c == '!' ? State.SUBSET_BANG : c == '?' ? processingInstruction(State.SUBSET) : State.SUBSET;
            case SUBSET_BANG:
                return c == '-' ? comment(State.SUBSET) : State.DECLARATION;
            case DECLARATION:
                return c == '>' ? State.SUBSET : quoted(c, State.DECLARATION);
            default:
                throw new IllegalStateException("no construct is open in " + state);
        }
    }

    /** The state after {@code c} in a tag, outside its literals. */
    private State inTag(char c) {
        return c == '>' ? State.TEXT : quoted(c, State.TAG);
    }

    /** {@code within}, or a literal that returns to it if {@code c} is a quote. */
    private State quoted(char c, State within) {
        if (c != '"' && c != '\'') {
            return within;
        }
        quote = c;
        resume = within;
        return State.QUOTED;
    }

    private State comment(State returnTo) {
        construct = returnTo == State.TEXT ? "a comment" : construct;
        resume = returnTo;
        return State.COMMENT_OPEN;
    }

    private State processingInstruction(State returnTo) {
        construct = returnTo == State.TEXT ? "a processing instruction" : construct;
        resume = returnTo;
        questionMarkLast = false;
        return State.PI;
    }

    /** Whether {@code c} is the '>' after a '?'. */
    private boolean endsInstruction(char c) {
        boolean ends = questionMarkLast && c == '>';
        questionMarkLast = c == '?';
        return ends;
    }

    /** Whether {@code c} is the '>' after two {@code closer}s; counts the closers. */
    private boolean closes(char c, char closer) {
        if (c == closer) {
            closers++;
            return false;
        }
        boolean ends = c == '>' && closers >= 2;
        closers = 0;
        return ends;
    }

    @Override
    public void close() {
        // the caller's reader
    }

    /** A construct longer than the limit, where it starts. */
    static final class TooLong extends IOException {

        private static final long serialVersionUID = 1L;

        TooLong(String construct, int line, int column) {
            super("XML refused at line " + line + ", column " + column + ": " + construct + " longer than "
                    + XmlHierarchy.MAX_CONSTRUCT_LENGTH + " characters (XmlHierarchy.MAX_CONSTRUCT_LENGTH)");
        }
    }
}
