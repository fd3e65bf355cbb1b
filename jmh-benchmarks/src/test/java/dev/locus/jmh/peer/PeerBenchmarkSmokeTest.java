package dev.locus.jmh.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.BenchmarkSmokeTest;
import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs {@link PeerBenchmark} for every implementation and workload, two producers, for one short
 * iteration in this JVM. Each trial ends with the check of its final state, and the options fail
 * on error, so a lost task, a lost or torn update, or a hang fails here.
 */
public class PeerBenchmarkSmokeTest {

    @Test
    @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void everyImplementationRunsEveryWorkloadAndKeepsItsState() throws RunnerException {
        Collection<RunResult> results = new Runner(BenchmarkSmokeTest.options()
                .include("^" + PeerBenchmark.class.getName().replace(".", "\\.") + "\\.tasks$")
                .threads(2).build()).run();

        assertEquals(PeerKind.values().length * PeerWorkload.values().length, results.size(),
                "implementations × workloads");
        for (RunResult result : results) {
            assertTrue(result.getPrimaryResult().getScore() > 0, result.getParams().id() + " scored nothing");
        }
    }
}
