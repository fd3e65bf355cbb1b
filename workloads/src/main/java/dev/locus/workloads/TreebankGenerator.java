package dev.locus.workloads;

import dev.locus.hierarchy.Hierarchy;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Random;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a synthetic XML document shaped like the tree-bank data set of [Kalikar19] §4.2 (2,437,666
 * elements, maximum depth 36, average depth 7.87), which is not redistributable. Read it back with
 * {@link XmlHierarchy}:
 *
 * <pre>{@code
 * TreebankGenerator.write(file, 1.0, 42);          // 2,437,666 elements, about 20 MB
 * Hierarchy treebank = XmlHierarchy.read(file);
 * }</pre>
 *
 * <p>Shape. The document element {@code <FILE>} holds one {@code <EMPTY>} element per sentence,
 * each the root of a random parse tree whose inner elements carry phrase tags ({@code S},
 * {@code NP}, {@code VP}, …) and whose leaves are empty part-of-speech elements ({@code NN},
 * {@code DT}, …); there is no text. A sentence element is never a leaf; below it an element at
 * depth {@code d} (the document element has depth 0, as in {@link Hierarchy#depth}) is a leaf with
 * probability {@code min(0.675, 0.033 + 0.07·d)}, and otherwise has 1, 2, 3 or 4 children with
 * probabilities 0.3, 0.4, 0.2 and 0.1; an element at depth {@link #MAX_DEPTH} is always a leaf.
 * These constants were fitted so that at full scale the mean depth over all elements is near
 * 7.87 and the deepest sentences reach depth 36: seeds 0 to 7 give mean depths 7.86 to 7.89 and a
 * maximum depth of 36 (35 for two of them), with about 26,800 sentences of about 91 elements, 53%
 * of all elements leaves, in a 19.5 MB document. At scale 0.01 the mean depth varies by about
 * ±0.1 from seed to seed. Sentences follow one another until the document holds exactly
 * {@link #elements(double)} elements; the last sentence is cut short where the count is reached.
 *
 * <p>The same scale and seed give the same document: the same elements in the same order on
 * every JDK ({@link Random}'s sequence is fixed by its specification), and the same bytes from a
 * given JDK's XML writer. The document is written as it is generated, in memory that does not
 * grow with the scale.
 */
public final class TreebankGenerator {

    /** The number of elements in the tree-bank data set, written at scale 1.0. */
    public static final int FULL_SCALE_ELEMENTS = 2_437_666;

    /** The depth of the deepest element in the tree-bank data set; no element is written deeper. */
    public static final int MAX_DEPTH = 36;

    private static final String[] PHRASES = {"S", "NP", "VP", "PP", "SBAR", "ADJP", "ADVP", "WHNP", "PRN", "QP"};
    private static final String[] WORDS = {"NN", "NNS", "NNP", "DT", "IN", "JJ", "VB", "VBD", "VBZ", "RB", "CD",
        "PRP", "CC", "TO", "_NONE_"};
    /** Cumulative percentages of an inner element having 1, 2, 3 or 4 children. */
    private static final int[] CHILDREN_PERCENT = {30, 70, 90, 100};

    /** {@code LEAF_PROBABILITY[d]}: the chance that an element at depth {@code d} gets no children. */
    private static final double[] LEAF_PROBABILITY = new double[MAX_DEPTH + 1];

    static {
        for (int depth = 2; depth <= MAX_DEPTH; depth++) {
            LEAF_PROBABILITY[depth] = Math.min(0.675, 0.033 + 0.07 * depth);
        }
    }

    private TreebankGenerator() {
    }

    /**
     * The number of elements written at {@code scale}: {@code FULL_SCALE_ELEMENTS · scale}
     * rounded, at least 1.
     *
     * @throws IllegalArgumentException if {@code scale} is not positive, or so large that the
     *     elements could not be numbered with ints
     */
    public static int elements(double scale) {
        if (!(scale > 0) || FULL_SCALE_ELEMENTS * scale >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("scale " + scale + " is not in (0, "
                    + (double) Integer.MAX_VALUE / FULL_SCALE_ELEMENTS + ")");
        }
        return (int) Math.max(1, Math.round(FULL_SCALE_ELEMENTS * scale));
    }

    /**
     * Writes the document for {@code scale} and {@code seed} to {@code file}, replacing it.
     *
     * @throws IllegalArgumentException if {@code scale} is out of range, see {@link #elements(double)}
     * @throws IOException if the file cannot be written
     */
    public static void write(Path file, double scale, long seed) throws IOException {
        int elements = elements(scale);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            write(out, elements, seed);
        }
    }

    /**
     * Writes the document for {@code scale} and {@code seed} to {@code out} in UTF-8, flushes it,
     * and leaves it open.
     *
     * @throws IllegalArgumentException if {@code scale} is out of range, see {@link #elements(double)}
     * @throws IOException if writing fails
     */
    public static void write(OutputStream out, double scale, long seed) throws IOException {
        Objects.requireNonNull(out, "out");
        write(out, elements(scale), seed);
    }

    private static void write(OutputStream out, int elements, long seed) throws IOException {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            new Sentences(xml, new Random(seed)).write(elements);
            xml.writeEndDocument();
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            Throwable cause = e.getNestedException() != null ? e.getNestedException() : e.getCause();
            throw cause instanceof IOException io ? io : new IOException(e);
        }
    }

    /** One pass over the document: the open elements and how many children each has still to get. */
    private static final class Sentences {

        private final XMLStreamWriter xml;
        private final Random random;
        /** {@code pending[d]}: children still to write into the open element at depth {@code d}. */
        private final int[] pending = new int[MAX_DEPTH + 1];
        /** The open elements are at depths {@code 0 … open-1}; a new element goes to depth {@code open}. */
        private int open;

        Sentences(XMLStreamWriter xml, Random random) {
            this.xml = xml;
            this.random = random;
        }

        void write(int elements) throws XMLStreamException {
            xml.writeStartElement("FILE");
            open = 1;
            for (int written = 1; written < elements; ) {
                if (open == 1 || pending[open - 1] > 0) {
                    pending[open - 1]--;
                    element();
                    written++;
                } else {
                    xml.writeEndElement();
                    open--;
                }
            }
            for (; open > 0; open--) {
                xml.writeEndElement();
            }
        }

        /** Writes the next element at depth {@code open}, leaving it open when it is to have children. */
        private void element() throws XMLStreamException {
            int depth = open;
            int children = depth == MAX_DEPTH || random.nextDouble() < LEAF_PROBABILITY[depth]
                    ? 0
                    : childCount(random.nextInt(100));
            if (children == 0) {
                xml.writeEmptyElement(WORDS[random.nextInt(WORDS.length)]);
                return;
            }
            xml.writeStartElement(depth == 1 ? "EMPTY" : PHRASES[random.nextInt(PHRASES.length)]);
            pending[depth] = children;
            open++;
        }

        private static int childCount(int percent) {
            int children = 1;
            while (percent >= CHILDREN_PERCENT[children - 1]) {
                children++;
            }
            return children;
        }
    }
}
