package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.oversubscription.OversubscriptionBenchmark;
import dev.locus.jmh.oversubscription.SpmdTeam;
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
import org.junit.jupiter.api.Test;
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
 * share a phase's 1,280 transactions equally, so {@link SpmdTeam#runPhase} throws in the
 * benchmark method; the job's plan never runs 3 threads.
 */
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReproduceFailureTest {

    private static final String IGNORE_LOCK = "jmh.ignoreLock";
    private static final Run UNSHARED = new Run("OversubscriptionBenchmark.counterArray",
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
    void failedRunShowsItsCauseInTheSummaryAndItsTraceInTheLog(String flags, @TempDir Path dir) throws IOException, InterruptedException {
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
        assertTrue(summary.contains(UNSHARED + ":\n  " + CAUSE + "\n      at dev.locus.jmh.oversubscription.SpmdTeam.runPhase("),
                summary);
        assertTrue(summary.contains(dir.resolve(FailedRuns.LOG).toString()), summary);
        assertTrue(printed.contains("FAILED: " + CAUSE), printed);

        String log = Files.readString(dir.resolve(FailedRuns.LOG), StandardCharsets.UTF_8);
        assertTrue(log.startsWith("=== " + UNSHARED + System.lineSeparator()), log);
        assertTrue(log.contains(CAUSE), log);
        assertTrue(log.contains("at dev.locus.jmh.oversubscription.OversubscriptionBenchmark.counterArray("), log);
        assertTrue(log.contains("--- JMH's output for the run:"), log);
    }

    /**
     * In this JVM (the quick profile), a failed run does not fail the next runs of the same
     * benchmark method: they set up their own state and measure. Before, JMH's static copy of the
     * failed trial's state made each of them fail at once with the first run's exception, as the
     * skip list did under luts, ciluts, ctluts and lutsAts at 64 threads after ats failed. The runs
     * after the failure are the configurations of that report, 64 logical threads on LUTS and 64
     * platform threads under ATS, on the counter array, whose set-up is quick.
     */
    @Test
    void failedRunInThisJvmLeavesNothingToTheNextRunsOfItsMethod(@TempDir Path dir) throws Exception {
        List<Run> plan = List.of(UNSHARED, counterArray("luts", 64), counterArray("ats", 64),
                counterArray("lutsAts", 64));
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        int status = Reproduce.parse(new String[] {"--out", dir.toString()})
                .run(plan, "", new PrintStream(console, true, StandardCharsets.UTF_8));

        String printed = console.toString(StandardCharsets.UTF_8);
        assertEquals(1, status, printed);
        assertTrue(printed.contains("1 run(s) failed"), printed);
        for (Run run : plan.subList(1, plan.size())) {
            assertTrue(printed.lines().anyMatch(line -> line.contains("] " + run + " ") && line.contains(" ops/s")),
                    run + " did not measure:\n" + printed);
        }
        List<String> left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .map(Thread::getName).filter(name -> name.startsWith("spmd-")).toList();
        assertEquals(List.of(), left, "threads of the failed run's team, never stopped");
    }

    private static Run counterArray(String configuration, int threads) {
        return new Run("OversubscriptionBenchmark.counterArray",
                Map.of("threads", Integer.toString(threads), "configuration", configuration), 0, false);
    }
}
