package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run of the main job that fails shows why: the benchmark's own exception, with its first frames,
 * reaches the summary at the end of the job, and its stack trace the failures' log in the output
 * directory; the job's status is 1. Both in this JVM (the quick profile) and in a forked one (the
 * full profile), since JMH hands the exception over differently.
 *
 * <p>The failing run is the oversubscription suite's counter array at 3 threads, which cannot
 * share a phase's 25,600 transactions equally, so {@link SpmdTeam#runPhase} throws in the
 * benchmark method; the job's plan never runs 3 threads.
 */
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReproduceFailureTest {

    private static final String IGNORE_LOCK = "jmh.ignoreLock";
    private static final Reproduce.Run UNSHARED = new Reproduce.Run("OversubscriptionBenchmark.counterArray",
            Map.of("threads", "3", "configuration", "basic"), 0, false);
    private static final String CAUSE = "java.lang.IllegalArgumentException: "
            + OversubscriptionBenchmark.COUNTER_PHASE + " transactions do not divide among 3 threads";

    private static String ignoredLock;

    /**
     * Other JMH runs may share this machine (other builds); JMH's lock file would then fail this
     * run before the benchmark starts, and the test would see that cause instead. This run
     * measures nothing, so it need not wait for the machine to be quiet.
     */
    @BeforeAll
    static void ignoreJmhLock() {
        ignoredLock = System.setProperty(IGNORE_LOCK, "true");
    }

    @AfterAll
    static void restoreJmhLock() {
        if (ignoredLock == null) {
            System.clearProperty(IGNORE_LOCK);
        } else {
            System.setProperty(IGNORE_LOCK, ignoredLock);
        }
    }

    @ParameterizedTest(name = "flags \"{0}\"")
    @ValueSource(strings = {"", "--full"})
    void failedRunShowsItsCauseInTheSummaryAndItsTraceInTheLog(String flags, @TempDir Path dir) throws IOException {
        List<String> args = new ArrayList<>(List.of("--out", dir.toString()));
        if (!flags.isEmpty()) {
            args.add(flags);
        }
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        int status = Reproduce.parse(args.toArray(String[]::new))
                .run(List.of(UNSHARED), String.join(" ", args), new PrintStream(console, true, StandardCharsets.UTF_8));

        assertEquals(1, status, "exit status");
        String printed = console.toString(StandardCharsets.UTF_8);
        String summary = printed.substring(printed.indexOf("1 run(s) failed"));
        assertTrue(summary.contains(UNSHARED + ":\n  " + CAUSE + "\n      at dev.locus.jmh.SpmdTeam.runPhase("),
                summary);
        assertTrue(summary.contains(dir.resolve(FailedRuns.LOG).toString()), summary);
        assertTrue(printed.contains("FAILED: " + CAUSE), printed);

        String log = Files.readString(dir.resolve(FailedRuns.LOG), StandardCharsets.UTF_8);
        assertTrue(log.startsWith("=== " + UNSHARED + System.lineSeparator()), log);
        assertTrue(log.contains(CAUSE), log);
        assertTrue(log.contains("at dev.locus.jmh.OversubscriptionBenchmark.counterArray("), log);
        assertTrue(log.contains("--- JMH's output for the run:"), log);
    }
}
