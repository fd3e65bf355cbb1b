package dev.locus.workloads;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A hostile document of 100 MiB, read by {@link XmlHierarchy} in a child JVM with a 64 MiB heap:
 * one construct that the parser would hold whole (comment, CDATA section, processing instruction,
 * attribute value, document type declaration) is refused, naming the limit, and text or elements
 * of the same size are read. In process, an unbounded construct would need the test JVM's heap to
 * be small, and an {@link OutOfMemoryError} there would take down more than the test.
 */
@Timeout(value = 600, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class XmlHierarchyHostileInputTest {

    private static final String HEAP = "-Xmx64m";
    private static final long CHILD_SECONDS = 180;

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(names = {"COMMENT", "CDATA_SECTION", "PROCESSING_INSTRUCTION", "ATTRIBUTE_VALUE", "DOCTYPE"})
    void oneHugeConstructIsRefusedNamingTheLimit(HostileDocument document) throws Exception {
        String output = readInChild(document);
        assertTrue(output.startsWith("refused: ") && output.contains("XmlHierarchy.MAX_CONSTRUCT_LENGTH"),
                document + ":\n" + output);
    }

    @ParameterizedTest
    @EnumSource(names = {"TEXT", "ELEMENTS"})
    void textAndElementsOfTheSameSizeAreRead(HostileDocument document) throws Exception {
        assertEquals("read " + document.elements + " elements", readInChild(document).strip(), document.toString());
    }

    /** What the child JVM printed, after checking that it exited normally. */
    private String readInChild(HostileDocument document) throws IOException, InterruptedException {
        Path log = temp.resolve(document + ".log");
        Process child = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                HEAP,
                "-cp", System.getProperty("java.class.path"),
                HostileDocument.class.getName(), document.name()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean exited = child.waitFor(CHILD_SECONDS, SECONDS);
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertTrue(exited, document + " still running after " + CHILD_SECONDS + " s:\n" + output);
        assertEquals(0, child.exitValue(), document + ":\n" + output);
        return output;
    }
}
