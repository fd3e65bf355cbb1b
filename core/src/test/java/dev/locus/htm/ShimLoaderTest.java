package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extraction into a private directory, and failures that leave nothing behind. */
class ShimLoaderTest {

    @TempDir
    Path temp;

    @Test
    void theCopyLivesInADirectoryOnlyItsOwnerCanOpen() throws IOException {
        byte[] library = {0x7f, 'E', 'L', 'F'};
        Path file = ShimLoader.extract(new ByteArrayInputStream(library), temp);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertArrayEquals(library, Files.readAllBytes(file));
    }

    @Test
    void aMissingResourceIsReportedAndNothingIsWritten() throws IOException {
        String problem = ShimLoader.load("dev/locus/htm/absent.so", temp).orElseThrow();

        assertTrue(problem.contains("dev/locus/htm/absent.so") && problem.contains("not on the class path"), problem);
        assertEquals(0, entries(temp));
    }

    @Test
    void aFileThatIsNotALibraryIsReportedAndItsCopyDeleted() throws IOException {
        String problem = ShimLoader.load("dev/locus/htm/not-a-library.so", temp).orElseThrow();

        assertTrue(problem.contains("UnsatisfiedLinkError"), problem);
        assertEquals(0, entries(temp), "the private directory and its copy are deleted after the load");
    }

    private static long entries(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }
}
