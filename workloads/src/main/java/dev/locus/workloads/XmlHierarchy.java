package dev.locus.workloads;

import dev.locus.hierarchy.Hierarchy;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads an XML document as a {@link Hierarchy}, as [Kalikar19] §4.2 does with the tree-bank data
 * set: every element is a node, the document element is the root, and an element's child elements
 * are its children in document order. Node {@code n} is the {@code n}-th element of the document
 * counting start tags from 0, so ids follow document order; text, comments, processing
 * instructions and attributes are skipped.
 *
 * <p>The document is streamed with StAX ({@code javax.xml.stream}) into the hierarchy's int arrays;
 * no DOM is built, so memory grows with the number of elements, not with the size of the text:
 * the 2.4M-element document of {@link TreebankGenerator} at full scale (19.5 MB) reads within a
 * 192 MB heap.
 *
 * <p>Errors: an XML document that is not well formed raises {@link IllegalArgumentException}
 * whose message gives the line and column, with the parser's {@link XMLStreamException} as its
 * cause; so do bytes that are not valid in the document's encoding, and nothing is printed to
 * {@code System.err}. A failure to read the bytes raises the {@link IOException} itself.
 *
 * <p>Untrusted input is safe to read: DTDs are not processed and external entities are never
 * resolved (no XXE), so a document that declares a DOCTYPE is read for its elements and a
 * reference to an entity that only a DTD could define is reported as malformed. The JDK's limit
 * on element nesting ({@code jdk.xml.maxElementDepth}, 100 by default from JDK 24 on) is lifted:
 * this reader never recurses and keeps one int per open element. Memory is bounded by the number
 * of elements and {@link #MAX_CONSTRUCT_LENGTH}: the JDK's parser holds a tag, comment, CDATA
 * section, processing instruction or document type declaration whole, so one longer than that is
 * refused with an {@link IllegalArgumentException} that names the limit, while text of any
 * length is streamed.
 */
public final class XmlHierarchy {

    /**
     * The most characters that one tag (with all its attributes), comment, CDATA section,
     * processing instruction or document type declaration may span, from its {@code '<'} to its
     * {@code '>'}: 1,048,576. The parser holds each of these whole; text between them has no
     * limit.
     */
    public static final int MAX_CONSTRUCT_LENGTH = 1 << 20;

    /** The JDK's limit on element nesting, 100 from JDK 24 on; 0 lifts it. */
    private static final String MAX_ELEMENT_DEPTH = "jdk.xml.maxElementDepth";

    private XmlHierarchy() {
    }

    /**
     * Reads the XML document in {@code file}, as {@link #read(InputStream)} does.
     *
     * @throws IllegalArgumentException if the document is not well-formed XML, not valid in its
     *     encoding, or holds a construct longer than {@link #MAX_CONSTRUCT_LENGTH}
     * @throws IOException if the file cannot be read
     */
    public static Hierarchy read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        }
    }

    /**
     * Reads an XML document from {@code in}, whose encoding is detected from its byte-order mark or
     * first characters, else taken from its XML declaration, else UTF-8 (the XML specification's
     * Appendix F, without the EBCDIC family and UTF-32). Does not close the stream.
     *
     * @throws IllegalArgumentException if the document is not well-formed XML, holds bytes that are
     *     not valid in its encoding, declares an encoding this JVM lacks, or holds a construct
     *     longer than {@link #MAX_CONSTRUCT_LENGTH}
     * @throws IOException if reading the stream fails
     */
    public static Hierarchy read(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        return parse(StrictXmlReader.of(in));
    }

    /**
     * Reads an XML document from the characters of {@code in}. Does not close the reader.
     *
     * @throws IllegalArgumentException if the document is not well-formed XML or holds a construct
     *     longer than {@link #MAX_CONSTRUCT_LENGTH}
     * @throws IOException if reading fails
     */
    public static Hierarchy read(Reader in) throws IOException {
        Objects.requireNonNull(in, "in");
        return parse(in);
    }

    /** Parses {@code document}, which stays open: the parser closes only the limit over it. */
    private static Hierarchy parse(Reader document) throws IOException {
        Hierarchy.Builder builder = Hierarchy.builder();
        int[] open = new int[64];
        int depth = 0;
        try {
            XMLStreamReader xml = factory().createXMLStreamReader(new ConstructLengthLimit(document));
            try {
                while (xml.hasNext()) {
                    int event = xml.next();
                    if (event == XMLStreamConstants.START_ELEMENT) {
                        int node = builder.node();
                        if (depth > 0) {
                            builder.edge(open[depth - 1], node);
                        }
                        if (depth == open.length) {
                            open = Arrays.copyOf(open, depth * 2);
                        }
                        open[depth++] = node;
                    } else if (event == XMLStreamConstants.END_ELEMENT) {
                        depth--;
                    }
                }
            } finally {
                xml.close();
            }
        } catch (XMLStreamException e) {
            throw malformed(e);
        }
        return builder.build();
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_VALIDATING, false);
        factory.setProperty(MAX_ELEMENT_DEPTH, 0);
        return factory;
    }

    /**
     * The {@link IllegalArgumentException} to throw for a parser error, saying where the XML broke;
     * but a parser error that only wraps a failure to read is that {@link IOException}, rethrown.
     */
    private static IllegalArgumentException malformed(XMLStreamException e) throws IOException {
        Throwable cause = e.getNestedException() != null ? e.getNestedException() : e.getCause();
        if (cause instanceof StrictXmlReader.InvalidBytes invalid) {
            return new IllegalArgumentException("malformed XML " + invalid.getMessage(), e);
        }
        if (cause instanceof ConstructLengthLimit.TooLong tooLong) {
            return new IllegalArgumentException(tooLong.getMessage(), e);
        }
        if (cause instanceof IOException io) {
            throw io;
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        int text = message.indexOf("Message: ");
        message = text >= 0 ? message.substring(text + "Message: ".length()) : message;
        Location at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNumber() + ", column " + at.getColumnNumber();
        return new IllegalArgumentException("malformed XML" + where + ": " + message.strip(), e);
    }
}
