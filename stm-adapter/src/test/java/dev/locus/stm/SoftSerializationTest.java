package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnInteger;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;

/**
 * Soft serialization does not block the loser: its task goes behind the work queued on its worker.
 * A loses a conflict to B; C, queued behind A on A's worker, commits before A's retry does.
 */
class SoftSerializationTest {

    @RepeatedTest(10)
    void theLoserGoesBehindItsWorkersQueue() throws Exception {
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(2, 0, 99)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers)
                    .contentionManager(ContentionManagers.softSerialization())
                    .build();
            TxnInteger ref = StmUtils.newTxnInteger(0);
            List<String> commitOrder = new CopyOnWriteArrayList<>();
            CountDownLatch aHasRead = new CountDownLatch(1);
            CountDownLatch bCommitted = new CountDownLatch(1);

            Future<Void> a = stm.submitVoid(10, txn -> {
                int seen = ref.get(txn);
                if (aHasRead.getCount() > 0) {
                    aHasRead.countDown();
                    bCommitted.await(10, TimeUnit.SECONDS);
                }
                ref.set(txn, seen + 1);
                StmUtils.scheduleDeferredTask(() -> commitOrder.add("A")); // runs after A commits
            });
            Future<Void> c = stm.submitVoid(20, txn -> StmUtils.scheduleDeferredTask(() -> commitOrder.add("C")));
            aHasRead.await(10, TimeUnit.SECONDS);
            stm.submitVoid(90, txn -> ref.set(txn, 100)).get(10, TimeUnit.SECONDS);
            commitOrder.add("B");
            bCommitted.countDown();

            a.get(10, TimeUnit.SECONDS);
            c.get(10, TimeUnit.SECONDS);
            assertEquals(List.of("B", "C", "A"), commitOrder);
            assertEquals(101, ref.atomicGet());
            assertEquals(new ContentionStats.Counts(3, 1, 1), stm.stats().total());
        }
    }
}
