package dev.locus.workloads;

import dev.locus.hierarchy.Hierarchy;
import java.io.IOException;

/**
 * Documents of about {@link #BYTES} bytes that put their bulk into one construct, generated as
 * they are read; and, as {@code main}, the child JVM of {@link XmlHierarchyHostileInputTest},
 * which reads the one its argument names and prints {@code read N elements} or
 * {@code refused: message}.
 */
enum HostileDocument {
    COMMENT("<r><!--", "comment ", "--></r>", 0),
    CDATA_SECTION("<r><![CDATA[", "cdata ", "]]></r>", 0),
    PROCESSING_INSTRUCTION("<r><?target ", "data ", "?></r>", 0),
    ATTRIBUTE_VALUE("<r a=\"", "value ", "\"/>", 0),
    DOCTYPE("<!DOCTYPE r [<!-- ", "subset ", "-->]><r/>", 0),
    /** A control: one element around the bulk as text. */
    TEXT("<r>", "text ", "</r>", 0),
    /** A control: the bulk as elements of about a kilobyte, with attributes, text and whitespace. */
    ELEMENTS("<r>\n", "<e a=\"1\" b='two'><f/>" + "words and  spaces ".repeat(55) + "</e>\n", "</r>", 2);

    /** The size of each document: about 100 MiB. */
    static final long BYTES = 100L << 20;

    private final String head;
    private final String unit;
    private final String tail;
    private final long repeats;
    /** The elements the document holds: the root and those of each unit. */
    final long elements;

    HostileDocument(String head, String unit, String tail, int elementsPerUnit) {
        this.head = head;
        this.unit = unit;
        this.tail = tail;
        this.repeats = BYTES / unit.length();
        this.elements = 1 + elementsPerUnit * repeats;
    }

    RepeatingInputStream open() {
        return new RepeatingInputStream(head, unit, repeats, tail);
    }

    public static void main(String[] args) throws IOException {
        HostileDocument document = valueOf(args[0]);
        try {
            Hierarchy hierarchy = XmlHierarchy.read(document.open());
            System.out.println("read " + hierarchy.size() + " elements");
        } catch (IllegalArgumentException refused) {
            System.out.println("refused: " + refused.getMessage());
        }
    }
}
