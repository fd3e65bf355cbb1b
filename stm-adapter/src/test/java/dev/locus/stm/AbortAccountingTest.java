package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnInteger;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;

/**
 * A contrived conflict with a forced interleaving: on worker 0, transaction A reads the ref; on
 * worker 1, B writes it and commits; then A writes it. A's first attempt must abort once, and the
 * adapter must report exactly the events Multiverse's own listener saw, attributed to A's worker,
 * type and key range.
 */
class AbortAccountingTest {

    private static final long KEY_ON_WORKER_0 = 10;
    private static final long KEY_ON_WORKER_1 = 90;
    private static final int TYPE_A = 7;
    private static final int TYPE_B = 8;

    @RepeatedTest(20)
    void reportsExactlyTheAbortsMultiverseSaw() throws Exception {
        ListenerCount witness = new ListenerCount();
        try (KeyedExecutorService workers = LocusExecutors.builder(2).fixedRange(0, 99).name("acct").build()) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers)
                    .contentionManager(ContentionManagers.basic())
                    .txnFactoryBuilder(witness.factoryBuilder())
                    .keyRanges(0, 99, 2)
                    .build();
            TxnInteger ref = StmUtils.newTxnInteger(0);
            CountDownLatch aHasRead = new CountDownLatch(1);
            CountDownLatch bCommitted = new CountDownLatch(1);

            Future<Integer> a = stm.submit(KEY_ON_WORKER_0, TYPE_A, txn -> {
                int seen = ref.get(txn);
                if (aHasRead.getCount() > 0) { // first attempt only
                    aHasRead.countDown();
                    bCommitted.await(10, TimeUnit.SECONDS);
                }
                ref.set(txn, seen + 1);
                return seen;
            });
            aHasRead.await(10, TimeUnit.SECONDS);
            stm.submitVoid(KEY_ON_WORKER_1, TYPE_B, txn -> ref.set(txn, 100)).get(10, TimeUnit.SECONDS);
            bCommitted.countDown();

            assertEquals(100, a.get(10, TimeUnit.SECONDS), "A's retry read B's write");
            assertEquals(101, ref.atomicGet());
            ContentionStats stats = stm.stats();
            assertEquals(new ContentionStats.Counts(2, 1, 1), stats.total());
            assertEquals(witness.commits.get(), stats.total().commits(), "commits Multiverse reported");
            assertEquals(witness.aborts.get(), stats.total().aborts(), "aborts Multiverse reported");
            assertEquals(new ContentionStats.Counts(1, 1, 1), stats.byType().get(TYPE_A));
            assertEquals(new ContentionStats.Counts(1, 0, 0), stats.byType().get(TYPE_B));
            assertEquals(new ContentionStats.Counts(1, 1, 1), stats.byKeyRange().get(0).counts());
            assertEquals(new ContentionStats.Counts(1, 0, 0), stats.byKeyRange().get(1).counts());
            assertEquals(new ContentionStats.Counts(1, 1, 1), stats.byWorker().get("acct-worker-0"));
            assertEquals(new ContentionStats.Counts(1, 0, 0), stats.byWorker().get("acct-worker-1"));
        }
    }
}
