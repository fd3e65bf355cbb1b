package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Without a loadable shim everything still works: a fresh JVM (the loader decides once per JVM)
 * runs {@link FallbackMain} with the library resource pointed at a missing file, a file that is
 * not a library, or a library that is not the shim; regions must give exact results, and the
 * reason must be logged exactly once.
 */
class FallbackProcessTest {

    private static final String REPORT = "locus HTM shim not loaded";

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "missing, dev/locus/htm/absent.so, is not on the class path",
        "not a library, dev/locus/htm/not-a-library.so, UnsatisfiedLinkError"})
    void everythingWorksAndTheReasonIsReportedOnce(String name, String resource, String reason)
            throws IOException, InterruptedException {
        assertFallbackWorks(resource, System.getProperty("java.class.path"), reason);
    }

    @Test
    void aLibraryWithoutTheShimsEntryPointsIsRefusedToo() throws IOException, InterruptedException {
        Path source = Files.writeString(temp.resolve("other.c"), "int locus_not_the_shim;\n");
        Path library = Files.createDirectories(temp.resolve("lib/dev/locus/htm")).resolve("other.so");
        Process gcc;
        try {
            gcc = new ProcessBuilder("gcc", "-shared", "-fPIC", "-o", library.toString(), source.toString())
                    .inheritIO().start();
        } catch (IOException e) {
            assumeTrue(false, "needs gcc to build a library that is not the shim: " + e.getMessage());
            return;
        }
        assertEquals(0, gcc.waitFor());
        assertFallbackWorks("dev/locus/htm/other.so",
                System.getProperty("java.class.path") + File.pathSeparator + temp.resolve("lib"),
                "lacks the shim's entry points");
    }

    private void assertFallbackWorks(String resource, String classPath, String reason)
            throws IOException, InterruptedException {
        Path log = temp.resolve("fallback.log");
        Process process = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + NativeHtm.LIBRARY_PROPERTY + "=" + resource,
                "-cp", classPath,
                FallbackMain.class.getName()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean exited = process.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertTrue(exited, "still running after 60 s:\n" + output);
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("fallback ok"), output);
        assertEquals(1, count(output, REPORT), output);
        assertTrue(output.contains(reason), output);
    }

    private static int count(String text, String part) {
        Matcher matcher = Pattern.compile(Pattern.quote(part)).matcher(text);
        int n = 0;
        while (matcher.find()) {
            n++;
        }
        return n;
    }
}
