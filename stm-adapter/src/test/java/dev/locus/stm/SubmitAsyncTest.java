package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnInteger;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@link TransactionalExecutor#submitAsync}: the CompletableFuture form a server composes. */
class SubmitAsyncTest {

    private static final long KEY = 3;

    @Test
    void completesWithTheCommittedResultOrWithWhatTheTransactionThrewAsIs() throws Exception {
        TxnInteger ref = StmUtils.newTxnInteger(0);
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(2, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            CompletableFuture<Integer> committed = stm.submitAsync(KEY, txn -> ref.incrementAndGet(txn, 5));
            IOException thrown = new IOException("checked");
            CompletableFuture<Integer> failed = stm.submitAsync(KEY, txn -> {
                ref.set(txn, 99);
                throw thrown;
            });
            assertEquals(5, committed.get(10, TimeUnit.SECONDS));
            assertSame(thrown, assertThrows(ExecutionException.class, () -> failed.get(10, TimeUnit.SECONDS)).getCause());
            assertEquals(5, ref.atomicGet(), "the failed transaction was rolled back");
            assertEquals(1, stm.stats().total().commits(), "counted before the future completed");
        }
    }

    @Test
    void aKeysTransactionsRunInSubmissionOrder() throws Exception {
        TxnInteger ref = StmUtils.newTxnInteger(0);
        try (KeyedExecutorService workers = LocusExecutors.adaptive(2)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            List<CompletableFuture<Integer>> seen = new ArrayList<>();
            for (int i = 0; i < 10_000; i++) {
                seen.add(stm.submitAsync(KEY, txn -> ref.getAndIncrement(txn, 1)));
            }
            for (int i = 0; i < seen.size(); i++) {
                assertEquals(i, seen.get(i).get(10, TimeUnit.SECONDS), "transaction " + i + " ran out of order");
            }
        }
    }

    /** A dependent stage runs after the commit, outside the transaction: it may run another at once. */
    @Test
    void aDependentStageRunsOutsideTheTransactionItFollows() throws Exception {
        TxnInteger ref = StmUtils.newTxnInteger(0);
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            CountDownLatch release = new CountDownLatch(1);
            workers.execute(KEY, () -> await(release)); // so the stage is added before completion
            CompletableFuture<Integer> chained = stm.submitAsync(KEY, txn -> ref.incrementAndGet(txn, 1))
                    .thenApply(first -> {
                        try {
                            return stm.call(KEY, TransactionalExecutor.DEFAULT_TYPE, txn -> first + ref.get(txn));
                        } catch (Exception e) {
                            throw new AssertionError(e);
                        }
                    });
            release.countDown();
            assertEquals(2, chained.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aTransactionCancelledBeforeItsTurnNeverRunsAndTheKeyGoesOn() throws Exception {
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            CountDownLatch release = new CountDownLatch(1);
            workers.execute(KEY, () -> await(release));
            AtomicBoolean ran = new AtomicBoolean();
            CompletableFuture<Integer> cancelled = stm.submitAsync(KEY, txn -> {
                ran.set(true);
                return 1;
            });
            CompletableFuture<Integer> next = stm.submitAsync(KEY, txn -> 2);
            assertTrue(cancelled.cancel(false));
            release.countDown();
            assertEquals(2, next.get(10, TimeUnit.SECONDS));
            assertFalse(ran.get(), "the cancelled transaction ran");
            assertEquals(1, stm.stats().total().commits(), "only the next one committed");
        }
    }

    @Test
    void badInputIsRefusedAtOnce() {
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            assertThrows(NullPointerException.class, () -> stm.submitAsync(KEY, null));
            TransactionalExecutor nowhere = TransactionalExecutor.withoutExecutor().build();
            assertInstanceOf(IllegalStateException.class,
                    assertThrows(RuntimeException.class, () -> nowhere.submitAsync(KEY, txn -> 1)));
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
