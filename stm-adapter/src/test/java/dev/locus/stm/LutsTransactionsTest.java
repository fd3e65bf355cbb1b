package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.ContentionManagers;
import dev.locus.luts.ConflictAvoidance;
import dev.locus.luts.LogicalRun;
import dev.locus.luts.LogicalThread;
import dev.locus.luts.LogicalThreadScheduler;
import dev.locus.luts.Step;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnLong;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LUTS running real Multiverse transactions through the adapter, oversubscribed 16 to 1: a hot
 * counter that every type-0 transaction increments (so they conflict) and cold counters for type
 * 1. Under each heuristic every transaction commits exactly once, and the adapter's counts agree
 * with what the logical threads ran.
 */
class LutsTransactionsTest {

    private static final int HOT = 0;
    private static final int COLD = 1;
    private static final int LOGICAL_THREADS = 32;
    private static final int STEPS = 300;
    private static final int COLD_COUNTERS = 64;

    @ParameterizedTest
    @ValueSource(strings = {"luts", "ciluts", "ctluts", "luts+ats"})
    void everyTransactionCommitsExactlyOnce(String setup) throws Exception {
        Supplier<ConflictAvoidance> avoidance = switch (setup) {
            case "ciluts" -> ConflictAvoidance::ciluts;
            case "ctluts" -> ConflictAvoidance::ctluts;
            default -> ConflictAvoidance::none;
        };
        int workers = Math.min(2, Runtime.getRuntime().availableProcessors());
        TxnLong hot = StmUtils.newTxnLong(0);
        TxnLong[] cold = IntStream.range(0, COLD_COUNTERS).mapToObj(i -> StmUtils.newTxnLong(0)).toArray(TxnLong[]::new);
        LongAdder hotSteps = new LongAdder();
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(workers)
                .conflictAvoidance(avoidance.get()).build()) {
            TransactionalExecutor stm = TransactionalExecutor.withoutExecutor()
                    .contentionManager(luts.observing(setup.equals("luts+ats") ? ContentionManagers.ats()
                            : ContentionManagers.basic()))
                    .build();
            LogicalRun run = luts.start(LOGICAL_THREADS, id -> new LogicalThread() {
                final SplittableRandom random = new SplittableRandom(id);
                int left = STEPS;

                @Override
                public Step next() {
                    if (left-- == 0) {
                        return Step.finish();
                    }
                    if (random.nextBoolean()) {
                        hotSteps.increment();
                        return Step.transaction(HOT, () -> stm.call(0, HOT, txn -> {
                            hot.increment(txn, 1);
                            Thread.onSpinWait(); // hold the hot counter a moment
                            return null;
                        }));
                    }
                    TxnLong counter = cold[random.nextInt(COLD_COUNTERS)];
                    return Step.transaction(COLD, () -> stm.call(1, COLD, txn -> {
                        counter.increment(txn, 1);
                        return null;
                    }));
                }
            });
            assertTrue(run.await(2, TimeUnit.MINUTES), "the run did not finish");
            long coldSum = 0;
            for (TxnLong c : cold) {
                coldSum += c.atomicGet();
            }
            assertEquals(hotSteps.sum(), hot.atomicGet());
            assertEquals((long) LOGICAL_THREADS * STEPS, hot.atomicGet() + coldSum);
            assertEquals((long) LOGICAL_THREADS * STEPS, stm.stats().total().commits());
            assertEquals((long) LOGICAL_THREADS * STEPS, luts.stats().transactions());
        }
    }
}
