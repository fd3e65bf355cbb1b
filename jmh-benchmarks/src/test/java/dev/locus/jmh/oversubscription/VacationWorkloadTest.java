package dev.locus.jmh.oversubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.stamp.Vacation;
import dev.locus.stm.ContentionStats;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * STAMP's vacation as an SPMD workload: 16 threads, platform or logical, keep the tables
 * consistent phase after phase, run the three actions in the proportions {@code -u} sets, and
 * conflict with each other.
 */
@Timeout(60)
class VacationWorkloadTest {

    private static final int THREADS = 16;
    private static final int PHASE = 64 * 40;
    private static final int PHASES = 4;

    @Test
    void lowContentionOnPlatformThreadsStaysConsistentAndReservesAtU() throws Exception {
        runAndCheck(VacationWorkload.low(), SchedulingKind.BASIC);
    }

    @Test
    void highContentionOnLogicalThreadsWithConflictTableStaysConsistentAndReservesAtU() throws Exception {
        runAndCheck(VacationWorkload.high(), SchedulingKind.CTLUTS);
    }

    /**
     * At the high level on a small database, so that two cores' worth of concurrent transactions
     * conflict often enough for the check not to depend on luck: at the full
     * {@value VacationWorkload#RELATIONS} relations two cores see some 0.01-1% aborts, a
     * handful in a phase, sometimes none.
     */
    @Test
    void concurrentClientsConflict() throws Exception {
        VacationWorkload workload = new VacationWorkload(Vacation.Contention.HIGH, 256);
        SpmdTeam team = SchedulingKind.BASIC.start(workload.programs(THREADS));
        try {
            long aborts = 0;
            for (int phase = 0; phase < PHASES; phase++) {
                aborts += team.runPhase(PHASE);
            }
            assertTrue(aborts > 0, "no conflict in " + PHASES * PHASE + " transactions of " + THREADS + " threads");
            assertEquals(PHASES * PHASE, team.stats().total().commits());
            workload.vacation().checkTables();
        } finally {
            team.stop();
        }
    }

    private static void runAndCheck(VacationWorkload workload, SchedulingKind kind) throws Exception {
        Vacation vacation = workload.vacation();
        SpmdTeam team = kind.start(workload.programs(THREADS));
        try {
            Vacation.Tables tables = vacation.checkTables();
            assertEquals(new Vacation.Tables(VacationWorkload.RELATIONS, 3 * VacationWorkload.RELATIONS, 0), tables);
            for (int phase = 0; phase < PHASES; phase++) {
                team.runPhase(PHASE);
                tables = vacation.checkTables();
            }
            assertTrue(tables.reservations() > PHASE, tables + ": reservations made");
            assertTrue(tables.customers() < VacationWorkload.RELATIONS, tables + ": customers deleted");

            Map<Integer, ContentionStats.Counts> byType = team.stats().byType();
            double total = PHASES * PHASE;
            double userShare = vacation.contention().userPercent() / 100.0;
            double otherShare = (1 - userShare) / 2;
            assertEquals(userShare, byType.get(Vacation.MAKE_RESERVATION).commits() / total, 0.01,
                    "share of make-reservation");
            assertEquals(otherShare, byType.get(Vacation.DELETE_CUSTOMER).commits() / total, 0.01,
                    "share of delete-customer");
            assertEquals(otherShare, byType.get(Vacation.UPDATE_TABLES).commits() / total, 0.01,
                    "share of update-tables");
        } finally {
            team.stop();
        }
    }
}
