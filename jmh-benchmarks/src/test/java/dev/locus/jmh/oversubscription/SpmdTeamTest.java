package dev.locus.jmh.oversubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.locus.multiverse.api.references.TxnLong;
import dev.locus.stm.ContentionStats;
import dev.locus.stm.TransactionalExecutor;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every configuration of the oversubscription suite runs each phase's transactions exactly once,
 * to their commits, counts the phase's aborts, reports a failed transaction, and stops.
 */
@Timeout(60)
class SpmdTeamTest {

    private static final int THREADS = 8;
    private static final int PHASE = 64 * 20;

    @ParameterizedTest
    @EnumSource(SchedulingKind.class)
    void everyTransactionOfEveryPhaseCommitsOnce(SchedulingKind kind) throws InterruptedException {
        CounterArrayWorkload workload = new CounterArrayWorkload();
        SpmdTeam team = kind.start(workload.programs(THREADS));
        try {
            long aborts = 0;
            for (int phase = 0; phase < 3; phase++) {
                aborts += team.runPhase(PHASE);
            }
            ContentionStats.Counts total = team.stats().total();
            assertEquals(3L * PHASE, total.commits(), "commits");
            assertEquals(total.aborts(), aborts, "the phases' aborts are the adapter's");
            long[] values = Arrays.stream(workload.counters()).mapToLong(TxnLong::atomicGet).toArray();
            long hot = values[0];
            for (int i = 1; i < CounterArrayWorkload.HOT_COUNTERS; i++) {
                assertEquals(hot, values[i], "every hot transaction adds to every hot counter");
            }
            assertEquals(3L * PHASE * CounterArrayWorkload.COUNTERS_PER_TRANSACTION, Arrays.stream(values).sum(),
                    "each committed transaction added " + CounterArrayWorkload.COUNTERS_PER_TRANSACTION);
        } finally {
            team.stop();
        }
    }

    @ParameterizedTest
    @EnumSource(SchedulingKind.class)
    void aFailedTransactionFailsThePhaseAndTheTeamStillStops(SchedulingKind kind) throws InterruptedException {
        SpmdTeam team = kind.start(Stream.<ThreadProgram>generate(Failing::new).limit(THREADS).toList());
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> team.runPhase(THREADS));
            assertEquals(Failing.MESSAGE, e.getCause().getMessage());
        } finally {
            team.stop();
        }
    }

    @ParameterizedTest
    @EnumSource(value = SchedulingKind.class, names = {"BASIC", "LUTS"})
    void aPhaseThatTheThreadsCannotShareEquallyIsRefused(SchedulingKind kind) throws InterruptedException {
        SpmdTeam team = kind.start(new CounterArrayWorkload().programs(3));
        try {
            assertThrows(IllegalArgumentException.class, () -> team.runPhase(64));
            team.runPhase(63);
            assertEquals(63, team.stats().total().commits(), "the refused phase ran nothing; the next ran");
        } finally {
            team.stop();
        }
    }

    /** A program whose every transaction throws an exception of its own. */
    private static final class Failing implements ThreadProgram {

        static final String MESSAGE = "from a transaction";

        @Override
        public int chooseNext() {
            return 0;
        }

        @Override
        public void runChosen(TransactionalExecutor stm) throws Exception {
            stm.call(0, 0, txn -> {
                throw new IllegalArgumentException(MESSAGE);
            });
        }
    }
}
