package dev.locus.workloads;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import javax.xml.stream.XMLStreamException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link XmlHierarchy} turns every element into a node in document order, from a stream, a reader
 * or a file, in the encoding it detects; reports malformed XML, and bytes that are not valid in the
 * encoding, with their line, printing nothing; and never resolves DTDs or external entities.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class XmlHierarchyTest {

    /** a(0) holds b(1) and e(4); b holds c(2) and d(3); the rest is not elements. */
    private static final String SAMPLE = "<?xml version=\"1.0\"?>\n"
            + "<a id=\"root\"><b><c/>some text<d>more</d></b><!-- a comment --><e x=\"1\"/><?pi data?></a>\n";

    @Test
    void everyElementIsANodeInDocumentOrder() throws IOException {
        assertSampleShape(XmlHierarchy.read(new StringReader(SAMPLE)));
    }

    @Test
    void readsAStreamInTheEncodingItDeclares() throws IOException {
        String latin = SAMPLE.replace("<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>")
                .replace("some text", "caf\u00e9 cr\u00e8me");
        assertSampleShape(XmlHierarchy.read(new ByteArrayInputStream(latin.getBytes(ISO_8859_1))));
    }

    @Test
    void readsAFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("sample.xml"), SAMPLE, UTF_8);
        assertSampleShape(XmlHierarchy.read(file));
    }

    @Test
    void doesNotCloseTheCallersStreamOrReader() throws IOException {
        boolean[] closed = {false, false};
        InputStream in = new ByteArrayInputStream(SAMPLE.getBytes(UTF_8)) {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        Reader reader = new StringReader(SAMPLE) {
            @Override
            public void close() {
                closed[1] = true;
            }
        };
        XmlHierarchy.read(in);
        XmlHierarchy.read(reader);
        assertFalse(closed[0], "stream closed");
        assertFalse(closed[1], "reader closed");
    }

    @Test
    void singleElementIsRootAndLeaf() throws IOException {
        Hierarchy single = XmlHierarchy.read(new StringReader("<only/>"));
        assertEquals(1, single.size());
        assertTrue(single.isLeaf(single.root()));
    }

    @Test
    void deepNestingNeedsNoRecursion() throws IOException {
        int depth = 20_000;
        String xml = "<n>".repeat(depth) + "</n>".repeat(depth);
        Hierarchy chain = XmlHierarchy.read(new StringReader(xml));
        assertEquals(depth, chain.size());
        assertEquals(depth - 1, chain.height());
        assertEquals(1, chain.leafCount());
    }

    @Test
    void wideDocumentKeepsChildOrder() throws IOException {
        int width = 5_000;
        Hierarchy wide = XmlHierarchy.read(new StringReader("<r>" + "<x/>".repeat(width) + "</r>"));
        assertEquals(width, wide.leafCount());
        for (int leaf = 0; leaf < width; leaf++) {
            assertEquals(leaf + 1, wide.leafNode(leaf));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "just text", "<a><b></a>", "<a><b>", "<a/><b/>", "<a></b>", "<a x=1/>", "<a>&undefined;</a>", "<1a/>"})
    void malformedXmlIsAnIllegalArgumentWithTheParserAsCause(String xml) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new StringReader(xml)));
        assertTrue(e.getMessage().startsWith("malformed XML at line "), e.getMessage());
        assertInstanceOf(XMLStreamException.class, e.getCause());
    }

    @Test
    void malformedXmlNamesItsLine() {
        String xml = "<a>\n  <b>\n  </c>\n</a>\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new ByteArrayInputStream(xml.getBytes(UTF_8))));
        assertTrue(e.getMessage().contains("at line 3, column"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"lone continuation byte", "truncated sequence", "overlong form", "bytes after the end"})
    void bytesNotValidInTheEncodingAreAnIllegalArgumentNamingWhereAndPrintNothing(String flaw) {
        byte[] bad = switch (flaw) {
            case "lone continuation byte" -> new byte[] {(byte) 0x80};
            case "truncated sequence" -> new byte[] {(byte) 0xC3};
            case "overlong form" -> new byte[] {(byte) 0xC0, (byte) 0xBC};
            default -> new byte[] {(byte) 0xFF};
        };
        ByteArrayOutputStream doc = new ByteArrayOutputStream();
        doc.writeBytes("<?xml version=\"1.0\"?>\n<a>\n  <b>caf\u00e9 ".getBytes(UTF_8));
        doc.writeBytes(bad);
        doc.writeBytes(" cr\u00e8me</b>\n</a>\n".getBytes(UTF_8));
        String stderr = capturingStandardError(() -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> XmlHierarchy.read(new ByteArrayInputStream(doc.toByteArray())));
            assertEquals("malformed XML at line 3, column 11: bytes that are not valid UTF-8", e.getMessage());
            assertInstanceOf(XMLStreamException.class, e.getCause());
        });
        assertEquals("", stderr);
    }

    @Test
    void invalidBytesInAFileAreAnIllegalArgument(@TempDir Path dir) throws IOException {
        byte[] doc = "<a><b>xx</b></a>".getBytes(UTF_8);
        doc[7] = (byte) 0xE9; // an ISO-8859-1 é in a document without a declaration, so UTF-8
        Path file = Files.write(dir.resolve("latin.xml"), doc);
        String stderr = capturingStandardError(() -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> XmlHierarchy.read(file));
            assertTrue(e.getMessage().startsWith("malformed XML at line 1, column 8: "), e.getMessage());
        });
        assertEquals("", stderr);
    }

    @Test
    void invalidBytesPastTheFirstBufferNameTheirLine() {
        StringBuilder xml = new StringBuilder("<a>\n");
        for (int i = 0; i < 5_000; i++) {
            xml.append("<b>\u00e9t\u00e9</b>\n");
        }
        byte[] good = xml.toString().getBytes(UTF_8);
        byte[] doc = Arrays.copyOf(good, good.length + 1);
        doc[good.length] = (byte) 0xFE;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new ByteArrayInputStream(doc)));
        assertEquals("malformed XML at line 5002, column 1: bytes that are not valid UTF-8", e.getMessage());
    }

    @Test
    void unsupportedDeclaredEncodingIsAnIllegalArgument() {
        String xml = "<?xml version=\"1.0\" encoding=\"no-such-encoding\"?><a/>";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new ByteArrayInputStream(xml.getBytes(UTF_8))));
        assertEquals("malformed XML at line 1, column 31: unsupported encoding \"no-such-encoding\"", e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"UTF-8 with BOM", "UTF-16BE with BOM", "UTF-16LE with BOM", "UTF-16BE", "UTF-16LE"})
    void detectsByteOrderMarksAndUtf16(String encoding) throws IOException {
        String charset = encoding.replace(" with BOM", "");
        String bom = encoding.endsWith("BOM") ? "\ufeff" : "";
        byte[] doc = (bom + SAMPLE).getBytes(Charset.forName(charset));
        assertSampleShape(XmlHierarchy.read(new ByteArrayInputStream(doc)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<a><b></a>", "<a>&undefined;</a>", ""})
    void malformedXmlPrintsNothing(String xml) {
        String stderr = capturingStandardError(() -> assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new ByteArrayInputStream(xml.getBytes(UTF_8)))));
        assertEquals("", stderr);
    }

    /** What {@code action} printed to System.err, which is restored after. */
    private static String capturingStandardError(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(UTF_8);
    }

    @Test
    void readFailureIsTheIoExceptionItself() {
        IOException broken = new IOException("disk gone");
        InputStream failing = new InputStream() {
            private int served;

            @Override
            public int read() throws IOException {
                if (served >= 10) {
                    throw broken;
                }
                return "<a><b></b><c>".charAt(served++);
            }
        };
        IOException e = assertThrows(IOException.class, () -> XmlHierarchy.read(failing));
        assertSame(broken, e);
    }

    @Test
    void missingFileIsAnIoException(@TempDir Path dir) {
        assertThrows(NoSuchFileException.class, () -> XmlHierarchy.read(dir.resolve("absent.xml")));
    }

    @Test
    void nullSourcesAreRejected() {
        assertThrows(NullPointerException.class, () -> XmlHierarchy.read((InputStream) null));
        assertThrows(NullPointerException.class, () -> XmlHierarchy.read((Reader) null));
        assertThrows(NullPointerException.class, () -> XmlHierarchy.read((Path) null));
    }

    @Test
    void externalEntityIsNeverResolved(@TempDir Path dir) throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "TOP-SECRET-42");
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY xxe SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<a><b>&xxe;</b></a>";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new StringReader(xml)));
        assertFalse(e.getMessage().contains("TOP-SECRET"), e.getMessage());
        assertTrue(e.getMessage().contains("xxe"), e.getMessage());
    }

    @Test
    void externalDtdIsNotFetched(@TempDir Path dir) throws IOException {
        Path absent = dir.resolve("absent.dtd");
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE a SYSTEM \"" + absent.toUri() + "\">\n<a><b/><c/></a>";
        Hierarchy hierarchy = XmlHierarchy.read(new StringReader(xml));
        assertEquals(3, hierarchy.size());
        assertEquals(2, hierarchy.leafCount());
    }

    @Test
    void entityExpansionBombIsRejected() {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY e0 \"lol\">");
        for (int level = 1; level < 10; level++) {
            xml.append("<!ENTITY e").append(level).append(" \"")
                    .append(("&e" + (level - 1) + ";").repeat(10)).append("\">");
        }
        xml.append("]>\n<a>&e9;</a>");
        assertThrows(IllegalArgumentException.class, () -> XmlHierarchy.read(new StringReader(xml.toString())));
    }

    /**
     * One construct in a document: before, then the construct around its filler, then after. Each
     * opens with characters that would end it if it were scanned naively ('>', quotes, one '?' or
     * one ']'), so that a count that stops early lets the construct one character too long through.
     */
    private enum Construct {
        TAG("", "<r a=\">\" b='", "'/>", "", "a tag"),
        COMMENT("<r>", "<!-- -> ' \" - > ", "-->", "</r>", "a comment"),
        CDATA_SECTION("<r>", "<![CDATA[ ]> ] ", "]]>", "</r>", "a CDATA section"),
        PROCESSING_INSTRUCTION("<r>", "<?target a?b > ' ", "?>", "</r>", "a processing instruction"),
        DOCTYPE("", "<!DOCTYPE r SYSTEM \"a>b.dtd\" [<!ELEMENT r ANY><!ATTLIST r a CDATA \"x>y\"><?p > ?><!-- > ' ",
                " -->]>", "<r/>", "a document type declaration");

        private final String before;
        private final String open;
        private final String close;
        private final String after;
        private final String name;

        Construct(String before, String open, String close, String after, String name) {
            this.before = before;
            this.open = open;
            this.close = close;
            this.after = after;
            this.name = name;
        }

        /** The document whose construct spans {@code length} characters from its '<' to its '>'. */
        String document(int length) {
            return before + open + "x".repeat(length - open.length() - close.length()) + close + after;
        }
    }

    @ParameterizedTest
    @EnumSource(Construct.class)
    void aConstructAsLongAsTheLimitIsRead(Construct construct) throws IOException {
        String document = construct.document(XmlHierarchy.MAX_CONSTRUCT_LENGTH);
        assertEquals(1, XmlHierarchy.read(new StringReader(document)).size());
        assertEquals(1, XmlHierarchy.read(new ByteArrayInputStream(document.getBytes(UTF_8))).size());
    }

    @ParameterizedTest
    @EnumSource(Construct.class)
    void aConstructOneCharacterLongerIsRefusedNamingTheLimitAndWhereItStarts(Construct construct) {
        String document = "\n".repeat(2) + construct.document(XmlHierarchy.MAX_CONSTRUCT_LENGTH + 1);
        String where = "at line 3, column " + (construct.before.length() + 1) + ": " + construct.name + " longer than "
                + XmlHierarchy.MAX_CONSTRUCT_LENGTH + " characters (XmlHierarchy.MAX_CONSTRUCT_LENGTH)";
        IllegalArgumentException fromReader = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new StringReader(document)));
        assertTrue(fromReader.getMessage().endsWith(where), fromReader.getMessage());
        IllegalArgumentException fromStream = assertThrows(IllegalArgumentException.class,
                () -> XmlHierarchy.read(new ByteArrayInputStream(document.getBytes(UTF_8))));
        assertEquals(fromReader.getMessage(), fromStream.getMessage());
    }

    /**
     * Each construct ends where XML says, not at the first '>' or quote inside it: text longer
     * than the limit after it is read, as it would not be if the construct were taken to go on.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "<r a=\">\" b='\"' c=\"'\">",
        "<r><!-- -> ' \" - > -->",
        "<r><![CDATA[ ]> ] ]]]>",
        "<?xml version=\"1.0\"?><r><?target a?b > ' ?>",
        "<!DOCTYPE r SYSTEM \"a>b.dtd\" [<!ELEMENT r ANY><!ATTLIST r a CDATA \"x>y\"><!-- > ' --><?p > ?>]><r>",
    })
    void constructsEndWhereXmlSaysSoTheTextAfterThemIsNotCounted(String start) throws IOException {
        String document = start + "x".repeat(XmlHierarchy.MAX_CONSTRUCT_LENGTH + 1) + "<c/></r>";
        assertEquals(2, XmlHierarchy.read(new StringReader(document)).size());
    }

    private static void assertSampleShape(Hierarchy hierarchy) {
        assertEquals(5, hierarchy.size());
        assertEquals(0, hierarchy.root());
        assertArrayEquals(new int[] {1, 4}, hierarchy.children(0));
        assertArrayEquals(new int[] {2, 3}, hierarchy.children(1));
        assertEquals(3, hierarchy.leafCount());
        assertEquals(0, hierarchy.lo(1));
        assertEquals(1, hierarchy.hi(1));
        assertEquals(2, hierarchy.lo(4));
        assertEquals(2, hierarchy.height());
    }
}
