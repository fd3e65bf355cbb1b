package dev.locus.examples.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.examples.ledger.LoadRequest.Operation;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The load generator's checks catch what they are there to catch, and its numbers are right. */
class AuditTest {

    private static final LoadRequest DEPOSIT = new LoadRequest(Operation.DEPOSIT, 0, 0, 10);
    private static final LoadRequest WITHDRAW = new LoadRequest(Operation.WITHDRAW, 0, 0, 4);
    private static final LoadRequest TRANSFER = new LoadRequest(Operation.TRANSFER, 0, 1, 3);

    @Test
    void expectsTheSumOfAppliedOperationsOnly() {
        Audit audit = new Audit(2);
        audit.answer(DEPOSIT, 200, "10\n");
        audit.answer(WITHDRAW, 200, "6\n");
        audit.answer(TRANSFER, 409, "6\n");
        audit.answer(TRANSFER, 200, "3\n");
        audit.answer(new LoadRequest(Operation.BALANCE, 1, 1, 0), 200, "3\n");
        assertEquals(4, audit.applied());
        assertEquals(1, audit.refused());
        assertEquals(0, audit.mismatches(new long[] {3, 3}));
        assertEquals(0, audit.failed() + audit.negative());
        assertEquals(null, audit.firstProblem());
    }

    @Test
    void catchesAWrongBalanceANegativeOneAndAFailedRequest() {
        Audit audit = new Audit(2);
        audit.answer(DEPOSIT, 200, "10");
        assertEquals(1, audit.mismatches(new long[] {11, 0}));
        assertTrue(audit.firstProblem().contains("account 0 holds 11"), audit.firstProblem());

        Audit negative = new Audit(2);
        negative.answer(WITHDRAW, 200, "-4");
        assertEquals(1, negative.negative());

        Audit failed = new Audit(2);
        failed.answer(DEPOSIT, 500, "java.lang.ArithmeticException");
        failed.answer(DEPOSIT, 200, "not a number");
        failed.answer(DEPOSIT, 503, "closed");
        assertEquals(3, failed.failed());
        assertEquals(0, failed.applied());

        Audit all = new Audit(2);
        all.add(negative);
        all.add(failed);
        assertEquals(1, all.negative());
        assertEquals(3, all.failed());
        assertEquals(1, all.mismatches(new long[] {0, 0})); // the applied withdrawal of 4 is expected
    }

    @Test
    void reportsNearestRankPercentiles() {
        long[] latencies = new long[1_000];
        for (int i = 0; i < latencies.length; i++) {
            latencies[i] = i + 1;
        }
        LoadReport report = new LoadReport(1_000, 2_000_000_000L, latencies, 900, 100, 0, 0, 0, null);
        assertEquals(500, report.latencyNanos(0.5));
        assertEquals(990, report.latencyNanos(0.99));
        assertEquals(999, report.latencyNanos(0.999));
        assertEquals(1_000, report.latencyNanos(1));
        assertEquals(500.0, report.requestsPerSecond(), 1e-9);
        assertTrue(report.ok());
        assertThrows(IllegalArgumentException.class, () -> report.latencyNanos(0));
        assertThrows(IllegalArgumentException.class, () -> report.latencyNanos(1.5));
        assertTrue(!new LoadReport(1, 1, new long[] {1}, 1, 0, 0, 0, 1, "x").ok());
    }

    @Test
    void zipfFollowsItsLawAndStaysInRange() {
        int n = 100;
        Zipf zipf = new Zipf(n, 1.0);
        SplittableRandom random = new SplittableRandom(5);
        int[] counts = new int[n];
        int samples = 200_000;
        for (int i = 0; i < samples; i++) {
            counts[zipf.next(random)]++;
        }
        double harmonic = 0;
        for (int k = 1; k <= n; k++) {
            harmonic += 1.0 / k;
        }
        // rank k has probability 1 / ((k + 1) H_n): about 19.3% for rank 0, 9.6% for rank 1
        assertEquals(1 / harmonic, zipf.probability(0), 1e-12);
        assertEquals(1 / harmonic, counts[0] / (double) samples, 0.01);
        assertEquals(1 / (2 * harmonic), counts[1] / (double) samples, 0.01);
        assertTrue(counts[n - 1] > 0, "the last rank never came");

        Zipf uniform = new Zipf(4, 0);
        for (int k = 0; k < 4; k++) {
            assertEquals(0.25, uniform.probability(k), 1e-12);
        }
        assertThrows(IllegalArgumentException.class, () -> new Zipf(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new Zipf(3, Double.POSITIVE_INFINITY));
    }

    @Test
    void randomRequestsFollowTheMixAndNeverTransferToTheSameAccount() {
        SplittableRandom random = new SplittableRandom(9);
        Zipf accounts = new Zipf(2, 3.0); // account 0 most of the time: a transfer must still find 1
        int[] counts = new int[Operation.values().length];
        for (int i = 0; i < 20_000; i++) {
            LoadRequest request = LoadRequest.random(random, accounts);
            counts[request.operation().ordinal()]++;
            assertTrue(request.amount() >= 1 && request.amount() <= LoadRequest.MAX_AMOUNT);
            if (request.operation() == Operation.TRANSFER) {
                assertTrue(request.account() != request.to(), request.toString());
            }
        }
        for (Operation operation : Operation.values()) {
            assertEquals(operation.percent / 100.0, counts[operation.ordinal()] / 20_000.0, 0.02, operation.name());
        }
    }
}
