package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Without a loadable library everything still works: a fresh JVM (the loader decides once per JVM)
 * runs {@link FallbackMain} with the library resource pointed at a missing file or at a file that
 * is not a library; regions must give exact results, and the reason must be logged exactly once.
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
        Path log = temp.resolve("fallback.log");
        Process process = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + NativeHtm.LIBRARY_PROPERTY + "=" + resource,
                "-cp", System.getProperty("java.class.path"),
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
