package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.callables.TxnVoidCallable;
import dev.locus.multiverse.api.exceptions.RetryInterruptedException;
import dev.locus.multiverse.api.references.TxnInteger;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Transactions that throw, block or are cancelled; and bad input. */
class FailureAndInterruptTest {

    private static final long KEY = 5;

    @Test
    void aThrowingTransactionFailsItsFutureRollsBackAndTheWorkerCarriesOn() throws Exception {
        TxnInteger ref = StmUtils.newTxnInteger(1);
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            IllegalArgumentException thrown = new IllegalArgumentException("not retryable");
            String[] threads = new String[2];
            Future<Integer> failing = stm.submit(KEY, txn -> {
                threads[0] = Thread.currentThread().getName();
                ref.set(txn, 99);
                throw thrown;
            });
            Future<Integer> checked = stm.submit(KEY, txn -> {
                throw new IOException("checked");
            });
            Future<Integer> next = stm.submit(KEY, txn -> {
                threads[1] = Thread.currentThread().getName();
                return ref.incrementAndGet(txn, 1);
            });

            assertSame(thrown, assertThrows(ExecutionException.class, failing::get).getCause());
            assertInstanceOf(IOException.class, assertThrows(ExecutionException.class, checked::get).getCause());
            assertEquals(2, next.get(10, TimeUnit.SECONDS), "the failed write was rolled back");
            assertEquals(threads[0], threads[1], "the same worker ran the next transaction");
            ContentionStats.Counts total = stm.stats().total();
            assertEquals(1, total.commits());
            assertEquals(2, total.aborts(), "each failed transaction was rolled back once");
            assertEquals(0, total.conflicts());
        }
    }

    @Test
    void shutdownNowInterruptsATransactionBlockedInItsOwnCode() throws Exception {
        assertShutdownNowInterrupts(InterruptedException.class, txn -> Thread.sleep(TimeUnit.HOURS.toMillis(1)));
    }

    @Test
    void shutdownNowInterruptsATransactionBlockedInMultiverseRetry() throws Exception {
        TxnInteger neverSet = StmUtils.newTxnInteger(0);
        assertShutdownNowInterrupts(RetryInterruptedException.class, txn -> {
            if (neverSet.get(txn) == 0) {
                txn.retry(); // blocks until the ref changes
            }
        });
    }

    private static void assertShutdownNowInterrupts(Class<? extends Throwable> expected,
                                                    TxnVoidCallable blocking)
            throws Exception {
        KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9);
        TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
        CountDownLatch started = new CountDownLatch(1);
        Future<Void> blocked = stm.submitVoid(KEY, txn -> {
            started.countDown();
            blocking.call(txn);
        });
        Future<Void> queued = stm.submitVoid(KEY, txn -> { });
        assertTrue(started.await(10, TimeUnit.SECONDS));

        List<Runnable> neverStarted = workers.shutdownNow();

        assertEquals(List.of(queued), neverStarted, "the queued transaction comes back, not run");
        assertTrue(workers.awaitTermination(10, TimeUnit.SECONDS), "the blocked worker was released");
        assertInstanceOf(expected, assertThrows(ExecutionException.class, blocked::get).getCause());
    }

    @Test
    void cancelInterruptsARunningTransactionAndTheWorkerMovesOn() throws Exception {
        try (KeyedExecutorService workers = LocusExecutors.fixedRange(1, 0, 9)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            CountDownLatch started = new CountDownLatch(1);
            Future<Void> blocked = stm.submitVoid(KEY, txn -> {
                started.countDown();
                Thread.sleep(TimeUnit.HOURS.toMillis(1));
            });
            Future<Integer> after = stm.submit(KEY, txn -> 42);
            assertTrue(started.await(10, TimeUnit.SECONDS));

            assertTrue(blocked.cancel(true));

            assertThrows(CancellationException.class, blocked::get);
            assertEquals(42, after.get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void badInputIsRefusedClearly() throws Exception {
        try (KeyedExecutorService workers = LocusExecutors.roundRobin(1)) {
            TransactionalExecutor stm = TransactionalExecutor.on(workers).build();
            assertThrows(NullPointerException.class, () -> stm.submit(KEY, null));
            assertThrows(NullPointerException.class, () -> stm.submitVoid(KEY, null));
            assertThrows(NullPointerException.class, () -> TransactionalExecutor.on((KeyedExecutorService) null));
            assertThrows(IllegalArgumentException.class, () -> TransactionalExecutor.on(workers).keyRanges(5, 4, 1));
            assertThrows(IllegalArgumentException.class, () -> TransactionalExecutor.on(workers).keyRanges(0, 4, 0));

            Future<Integer> nested = stm.submit(KEY, txn -> stm.call(KEY, 0, inner -> 1));
            assertInstanceOf(IllegalStateException.class,
                    assertThrows(ExecutionException.class, nested::get).getCause());
            assertEquals(7, stm.submit(KEY, txn -> 7).get(10, TimeUnit.SECONDS), "the worker is fine after");
        }
        TransactionalExecutor inline = TransactionalExecutor.withoutExecutor().build();
        assertThrows(IllegalStateException.class, () -> inline.submit(KEY, txn -> 1));
        assertEquals(Integer.valueOf(3), inline.call(KEY, 0, txn -> 3));

        assertThrows(IllegalArgumentException.class, () -> ContentionManagers.backoff(Duration.ZERO, Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class,
                () -> ContentionManagers.polka(Duration.ofMillis(2), Duration.ofMillis(1)));
        assertThrows(IllegalArgumentException.class, () -> ContentionManagers.serializePark(Duration.ofNanos(-1)));
        assertThrows(IllegalArgumentException.class, () -> ContentionManagers.softSerialization(-1));
        assertThrows(IllegalArgumentException.class, () -> ContentionManagers.ats(1.0));
    }
}
