package dev.locus.examples.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The example's ledger ends with every balance exact after a member left mid-run. */
class ClusterLedgerTest {

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void balancesAreExactAfterAMemberLeaves() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int wrong = ClusterLedger.run(new PrintStream(printed, true, StandardCharsets.UTF_8));
        String report = printed.toString(StandardCharsets.UTF_8);
        System.out.print(report);
        assertEquals(0, wrong, report);
        assertTrue(report.contains("1,000 of 1,000 balances exact"), report);
        assertTrue(report.contains("member 3 ran"), report);
    }
}
