package dev.locus.workloads;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TreebankGenerator} writes a document that {@link XmlHierarchy} reads back with the exact
 * element count, no element deeper than 36 and a mean depth near the tree-bank's 7.87, the same
 * document for the same seed.
 *
 * <p>Depth is {@link Hierarchy#depth}: the document element has depth 0, and the mean is taken
 * over all elements. The generator's mean varies from seed to seed by about 0.1 at scale 0.01
 * (24,377 elements) and 0.04 at scale 0.1, so the tolerances below are about four of those.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TreebankGeneratorTest {

    private static final double TREEBANK_MEAN_DEPTH = 7.87;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void hundredthScaleHasTheTreebanksShape(long seed) throws IOException {
        Hierarchy treebank = generate(0.01, seed);
        assertEquals(24_377, treebank.size());
        assertTrue(treebank.height() <= TreebankGenerator.MAX_DEPTH, "height " + treebank.height());
        assertTrue(treebank.height() >= 15, "the deepest sentences go well below the mean: " + treebank.height());
        assertEquals(TREEBANK_MEAN_DEPTH, meanDepth(treebank), 0.4);
        assertTrue(treebank.isTree());
        int[] sentences = treebank.children(treebank.root());
        assertTrue(sentences.length > 100, sentences.length + " sentences");
        for (int sentence : sentences) {
            assertFalse(treebank.isLeaf(sentence), "a sentence is never empty");
        }
    }

    @Test
    void tenthScaleComesCloserToTheTreebanksMeanDepth() throws IOException {
        Hierarchy treebank = generate(0.1, 4);
        assertEquals(243_767, treebank.size());
        assertTrue(treebank.height() <= TreebankGenerator.MAX_DEPTH, "height " + treebank.height());
        assertEquals(TREEBANK_MEAN_DEPTH, meanDepth(treebank), 0.15);
    }

    @Test
    void elementCountIsTheScaledTreebankRounded() throws IOException {
        assertEquals(2_437_666, TreebankGenerator.elements(1.0));
        assertEquals(24_377, TreebankGenerator.elements(0.01));
        assertEquals(2_438, TreebankGenerator.elements(0.001));
        assertEquals(1, TreebankGenerator.elements(1e-9));
        assertEquals(2_438, generate(0.001, 9).size());
        Hierarchy tiny = generate(1e-9, 9);
        assertEquals(1, tiny.size());
    }

    @Test
    void sameSeedGivesTheSameDocumentAndAnotherSeedAnother() throws IOException {
        byte[] first = bytes(0.005, 17);
        assertArrayEquals(first, bytes(0.005, 17));
        assertFalse(Arrays.equals(first, bytes(0.005, 18)));
    }

    @Test
    void fileHoldsTheSameDocumentAsTheStream(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("treebank.xml");
        TreebankGenerator.write(file, 0.002, 5);
        assertArrayEquals(bytes(0.002, 5), Files.readAllBytes(file));
        assertEquals(TreebankGenerator.elements(0.002), XmlHierarchy.read(file).size());
    }

    @Test
    void streamIsFlushedAndLeftOpen() throws IOException {
        boolean[] closed = {false};
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        TreebankGenerator.write(out, 0.001, 1);
        assertFalse(closed[0]);
        assertEquals(2_438, XmlHierarchy.read(new ByteArrayInputStream(out.toByteArray())).size());
    }

    @Test
    void writeFailureIsTheIoException() {
        IOException full = new IOException("disk full");
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw full;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw full;
            }
        };
        assertSame(full, assertThrows(IOException.class, () -> TreebankGenerator.write(failing, 0.01, 1)));
    }

    @Test
    void badScalesAreRejected() {
        for (double scale : new double[] {0, -1, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 1e4}) {
            assertThrows(IllegalArgumentException.class, () -> TreebankGenerator.elements(scale), "scale " + scale);
            assertThrows(IllegalArgumentException.class,
                    () -> TreebankGenerator.write(new ByteArrayOutputStream(), scale, 1), "scale " + scale);
        }
        assertThrows(NullPointerException.class, () -> TreebankGenerator.write((OutputStream) null, 0.01, 1));
    }

    private static Hierarchy generate(double scale, long seed) throws IOException {
        return XmlHierarchy.read(new ByteArrayInputStream(bytes(scale, seed)));
    }

    private static byte[] bytes(double scale, long seed) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TreebankGenerator.write(out, scale, seed);
        return out.toByteArray();
    }

    private static double meanDepth(Hierarchy hierarchy) {
        long sum = 0;
        for (int node = 0; node < hierarchy.size(); node++) {
            sum += hierarchy.depth(node);
        }
        return (double) sum / hierarchy.size();
    }
}
