package dev.locus.jmh.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.JmhJson;
import dev.locus.jmh.report.Report;
import dev.locus.jmh.report.ResultsReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The elided-placement part of the report, from rows shaped as JMH writes the elided-placement suite's. */
class ElidedPlacementReportTest {

    private static final double OPS = 1_000_000;
    private static final double GETS = 0.6 * OPS;

    @TempDir
    Path directory;

    @Test
    void rowsCarryTheirCountsPerRoundAndTheFallbackRate() throws IOException {
        ElidedPlacementResults results = read(new JmhJson()
                .elidedPlacement("roundRobin", 16, OPS, GETS - 600, 600, 600)
                .elidedPlacement("adaptive", 16, OPS, GETS, 0, 0)
                .unrelated(OPS));
        ElidedPlacementMeasurement roundRobin = results.find(ElisionForm.LAMBDA, "roundRobin", 16).orElseThrow();
        assertEquals(OPS, roundRobin.opsPerSecond());
        assertEquals(601 / (GETS + 1), roundRobin.fallbackRate().mean(), 1e-12);
        assertEquals(1.0, roundRobin.fallbacksPerThousandGets(), 1e-12);
        assertEquals(1 / (GETS + 1), results.find("adaptive", 16).orElseThrow().fallbackRate().mean(), 1e-15,
                "no fall-backs: one per second, so that the logarithm stays finite");
        assertEquals(0.0, results.find("adaptive", 16).orElseThrow().fallbacksPerThousandGets());
        assertTrue(results.find("adaptive", 1).isEmpty());
        assertEquals(List.of("roundRobin", "adaptive"), List.copyOf(results.series()),
                "rows without a form are the lambda form's, as results written before the inline form measured them");
    }

    @Test
    void theInlineFormIsAFormOfItsOwnComparedWithRoundRobinInTheSameForm() throws IOException {
        ElidedPlacementResults results = read(new JmhJson()
                .elidedPlacement("adaptive", 16, OPS, GETS, 0, 0)
                .elidedPlacement("roundRobin", 16, OPS, GETS - 600, 600, 600)
                .elidedPlacement("adaptive", "inline", 16, 3 * OPS, GETS, 0, 0)
                .elidedPlacement("roundRobin", "inline", 16, 2 * OPS, GETS, 0, 0));
        assertEquals(List.of("roundRobin", "adaptive", "roundRobin (inline)", "adaptive (inline)"),
                List.copyOf(results.series()));
        assertEquals(3 * OPS, results.find(ElisionForm.INLINE, "adaptive", 16).orElseThrow().opsPerSecond());
        assertEquals(1.5, results.throughputOverRoundRobin(ElisionForm.INLINE, "adaptive", 16).estimate(), 1e-12);
        assertEquals(1.0, results.throughputOverRoundRobin(ElisionForm.LAMBDA, "adaptive", 16).estimate(), 1e-12);
    }

    @Test
    void verdictsFollowThePairedIntervals() throws IOException {
        JmhJson json = new JmhJson();
        double[] jitter = {1.00, 1.02, 0.99};
        for (int round = 0; round < 3; round++) {
            double j = jitter[round];
            // 16 segments: adaptive never fails but runs 30% slower; one lock: the same failures under both
            json.elidedPlacement("roundRobin", 16, OPS * j, GETS - 900, 900 * j, 900 * j)
                    .elidedPlacement("adaptive", 16, 0.7 * OPS / j, GETS, 0, 0)
                    .elidedPlacement("roundRobin", 1, OPS * j, GETS - 3000 * j, 3000 * j, 3000 * j)
                    .elidedPlacement("adaptive", 1, OPS, GETS - 3000 * j, 3000 * j, 3000 * j);
        }
        List<Claim> claims = ElidedPlacementClaims.evaluate(read(json));
        assertEquals(Verdict.REPRODUCED, claims.get(0).verdict(), claims.get(0).measured());
        assertEquals(Verdict.CONTRADICTED, claims.get(1).verdict(), claims.get(1).measured());
        assertEquals(Verdict.REPRODUCED, claims.get(2).verdict(), "equal rates are tied: " + claims.get(2).measured());
        assertTrue(claims.get(0).claim().contains("cuts get's fall-backs to the lock"), claims.get(0).claim());
    }

    @Test
    void oneRoundDecidesNothingAndAMissingMapIsNotMeasured() throws IOException {
        List<Claim> claims = ElidedPlacementClaims.evaluate(read(new JmhJson()
                .elidedPlacement("roundRobin", 16, OPS, GETS - 900, 900, 900)
                .elidedPlacement("adaptive", 16, OPS, GETS, 1, 1)));
        assertEquals(Verdict.INCONCLUSIVE, claims.get(0).verdict());
        assertEquals(Verdict.NOT_MEASURED, claims.get(2).verdict(), "no one-lock rows");
    }

    @Test
    void theSectionSaysPlainlyWhetherCompositionHelpsWithATableAndAChart() throws IOException {
        JmhJson json = new JmhJson();
        for (int round = 0; round < 3; round++) {
            double j = 1 + 0.01 * round;
            json.elidedPlacement("roundRobin", 16, OPS * j, GETS - 900, 900, 900)
                    .elidedPlacement("adaptive", 16, 0.7 * OPS, GETS, 0.5, 0.5)
                    .elidedPlacement("roundRobin", 1, OPS * j, GETS - 3000, 3000, 3000)
                    .elidedPlacement("adaptive", 1, OPS, GETS - 3000, 3000, 3000);
        }
        json.elidedPlacement("adaptive", "inline", 16, 2 * OPS, GETS, 0, 0);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report.write(json.write(directory), directory, new PrintStream(console, true, StandardCharsets.UTF_8));
        String report = Files.readString(directory.resolve(Report.REPORT_FILE));
        assertTrue(report.contains("# Elided critical sections on keyed executors"), report);
        assertTrue(report.contains("**Throughput, 16 segments:** composition does not help throughput here"), report);
        assertTrue(report.contains("**Fall-backs, 16 segments:** composition helps elision here"), report);
        assertTrue(report.contains("| map | executor | ops/s | optimistic successes/s |"), report);
        assertTrue(report.contains("| 16 segments | roundRobin |"), report);
        assertTrue(report.contains("| one lock | adaptive |"), report);
        assertTrue(report.contains("| 16 segments | adaptive (inline) | 2,000,000 ±"), report);
        assertTrue(report.contains("](elided-placement.png)"), report);
        assertTrue(Files.size(directory.resolve("elided-placement.png")) > 0);
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("Elided critical sections on adaptive against round-robin:"), printed);
    }

    @Test
    void aReportWithoutTheSuiteHasNoSectionAndNoChart() throws IOException {
        Files.writeString(directory.resolve("elided-placement.png"), "an earlier report's");
        Report.write(new JmhJson().peer("adaptive", "zipf", 2, 2, OPS, 0).write(directory), directory,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertFalse(Files.readString(directory.resolve(Report.REPORT_FILE)).contains("elided critical sections"));
        assertFalse(Files.exists(directory.resolve("elided-placement.png")), "a stale chart is deleted");
    }

    private ElidedPlacementResults read(JmhJson json) throws IOException {
        return ResultsReader.read(json.write(directory)).elidedPlacement();
    }
}
