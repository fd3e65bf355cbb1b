package dev.locus.contention;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.integration.ContentionDomain;
import dev.locus.contention.integration.ThreadContender;
import dev.locus.contention.integration.TransactionRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The strategies' waiting rules, driven through the contender lifecycle without an STM: who waits
 * for whom, until when, and what ends a wait.
 */
class ContentionManagersTest {

    @Test
    void theLifecycleRefusesMisuse() {
        ThreadContender c = new ContentionDomain(ContentionManagers.basic()).contender();
        assertThrows(IllegalStateException.class, c::startAttempt, "no transaction begun");
        c.begin(new TransactionRecord(1));
        assertThrows(IllegalStateException.class, () -> c.begin(new TransactionRecord(2)), "nested");
        c.end();
        assertThrows(NullPointerException.class, () -> new ContentionDomain(null));
    }

    @Test
    void aManagerSeesTheRunningTransactionThroughItsView() throws Exception {
        List<String> seen = new ArrayList<>();
        ContentionManager recording = new ContentionManager() {
            @Override
            public Resolution afterConflict(Contender self) {
                seen.add("conflict type=" + self.transactionType() + " attempt=" + self.attempt()
                        + " deferrals=" + self.deferrals() + " attempting=" + self.isAttempting());
                return Resolution.RETRY;
            }

            @Override
            public void afterCommit(Contender self) {
                seen.add("commit commits=" + self.commits() + " attempting=" + self.isAttempting());
            }
        };
        ThreadContender c = new ContentionDomain(recording).contender();
        TransactionRecord txn = new TransactionRecord(7);
        c.begin(txn);
        c.startAttempt();
        c.conflicted();
        txn.deferred();
        c.startAttempt();
        c.committed();
        assertEquals(List.of("conflict type=7 attempt=1 deferrals=0 attempting=false",
                "commit commits=1 attempting=false"), seen);
        assertSame(c, ThreadContender.of(c));
    }

    @Test
    void managersThatWatchOtherThreadsRefuseAForeignContender() {
        Contender foreign = new Contender() {
            @Override
            public int transactionType() {
                return 0;
            }

            @Override
            public int attempt() {
                return 1;
            }

            @Override
            public int deferrals() {
                return 0;
            }

            @Override
            public boolean isAttempting() {
                return false;
            }

            @Override
            public long commits() {
                return 0;
            }

            @Override
            public double contentionIntensity() {
                return 0;
            }
        };
        for (ContentionManager m : List.of(ContentionManagers.polka(), ContentionManagers.serializeSpin(),
                ContentionManagers.serializePark())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.afterConflict(foreign),
                    m.toString());
            assertTrue(e.getMessage().contains("locus STM integration"), e.getMessage());
        }
    }

    @Test
    void serializeParkWaitsUntilTheWinnerCommits() throws Exception {
        assertLoserWaitsForCommit(ContentionManagers.serializePark(Duration.ofSeconds(30)));
    }

    @Test
    void serializeSpinWaitsUntilTheWinnerCommits() throws Exception {
        assertLoserWaitsForCommit(ContentionManagers.serializeSpin(Duration.ofSeconds(30)));
    }

    private static void assertLoserWaitsForCommit(ContentionManager manager) throws Exception {
        ContentionDomain domain = new ContentionDomain(manager);
        AtomicBoolean winnerCommitted = new AtomicBoolean();
        CountDownLatch winnerAttempting = new CountDownLatch(1);
        CountDownLatch loserAborted = new CountDownLatch(1);
        CompletableFuture<Void> winner = onNewThread(() -> {
            ThreadContender w = domain.contender();
            w.begin(new TransactionRecord(0));
            attempt(w);
            winnerAttempting.countDown();
            await(loserAborted);
            sleep(50); // the loser is waiting by now, most likely parked or spinning
            winnerCommitted.set(true);
            w.committed();
        });
        ThreadContender loser = domain.contender();
        loser.begin(new TransactionRecord(0));
        assertTrue(winnerAttempting.await(10, TimeUnit.SECONDS));
        loser.startAttempt();
        loserAborted.countDown();
        assertEquals(Resolution.RETRY, loser.conflicted());
        assertTrue(winnerCommitted.get(), "the loser restarted only after the winner's commit");
        loser.end();
        winner.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aSerializedWaitIsBoundedAndEndsWhenTheWinnerGivesUp() throws Exception {
        ContentionDomain domain = new ContentionDomain(ContentionManagers.serializePark(Duration.ofMillis(100)));
        CountDownLatch attempting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> stuck = onNewThread(() -> {
            ThreadContender w = domain.contender();
            w.begin(new TransactionRecord(0));
            attempt(w);
            attempting.countDown();
            await(release);
            w.end(); // leaves without committing
        });
        ThreadContender loser = domain.contender();
        loser.begin(new TransactionRecord(0));
        assertTrue(attempting.await(10, TimeUnit.SECONDS));
        loser.startAttempt();
        long start = System.nanoTime();
        assertEquals(Resolution.RETRY, loser.conflicted());
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waitedMillis >= 100 && waitedMillis < 5_000, "bounded wait took " + waitedMillis + " ms");

        loser.startAttempt();
        CompletableFuture<Resolution> second = onNewThreadSupply(() -> {
            ThreadContender other = domain.contender();
            other.begin(new TransactionRecord(0));
            try {
                attempt(other);
                return other.conflicted(); // waits for `stuck` (and the loser, attempting again)
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            } finally {
                other.end();
            }
        });
        release.countDown();
        loser.end();
        assertEquals(Resolution.RETRY, second.get(10, TimeUnit.SECONDS));
        stuck.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aWaitingLoserIsInterruptible() throws Exception {
        ContentionDomain domain = new ContentionDomain(ContentionManagers.serializePark(Duration.ofHours(1)));
        CountDownLatch attempting = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        CompletableFuture<Void> winner = onNewThread(() -> {
            ThreadContender w = domain.contender();
            w.begin(new TransactionRecord(0));
            attempt(w);
            attempting.countDown();
            await(done);
            w.committed();
        });
        assertTrue(attempting.await(10, TimeUnit.SECONDS));
        ThreadContender loser = domain.contender();
        loser.begin(new TransactionRecord(0));
        loser.startAttempt();
        Thread self = Thread.currentThread();
        onNewThread(() -> {
            sleep(50);
            self.interrupt();
        });
        assertThrows(InterruptedException.class, loser::conflicted);
        loser.end();
        done.countDown();
        winner.get(10, TimeUnit.SECONDS);
    }

    @Test
    void atsSendsAContendedThreadThroughTheSerialLane() throws Exception {
        ContentionDomain domain = new ContentionDomain(ContentionManagers.ats());
        ThreadContender first = domain.contender();
        first.begin(new TransactionRecord(0));
        for (int i = 0; i < 3; i++) { // CI = 1 - 0.75^3 = 0.58 > 0.5
            first.startAttempt();
            first.conflicted();
        }
        assertEquals(1 - Math.pow(0.75, 3), first.contentionIntensity(), 1e-12);
        first.startAttempt(); // takes the lane

        CountDownLatch secondContended = new CountDownLatch(1);
        AtomicBoolean firstCommitted = new AtomicBoolean();
        CompletableFuture<Boolean> second = onNewThreadSupply(() -> {
            ThreadContender c = domain.contender();
            c.begin(new TransactionRecord(0));
            try {
                for (int i = 0; i < 3; i++) {
                    c.startAttempt();
                    c.conflicted(); // releases nothing: this thread never held the lane
                }
                secondContended.countDown();
                c.startAttempt(); // blocks on the lane
                boolean after = firstCommitted.get();
                c.committed();
                return after;
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(secondContended.await(10, TimeUnit.SECONDS));
        sleep(50);
        firstCommitted.set(true);
        first.committed(); // leaves the lane
        assertTrue(second.get(10, TimeUnit.SECONDS), "the second entered the lane after the first left it");
        assertEquals(0.75 * (1 - Math.pow(0.75, 3)), first.contentionIntensity(), 1e-12, "a commit cools CI");
    }

    @Test
    void softSerializationDefersABoundedNumberOfTimes() throws Exception {
        ThreadContender c = new ContentionDomain(ContentionManagers.softSerialization(2)).contender();
        TransactionRecord txn = new TransactionRecord(0);
        c.begin(txn);
        for (int deferral = 0; deferral < 2; deferral++) {
            c.startAttempt();
            assertEquals(Resolution.DEFER, c.conflicted());
            txn.deferred();
        }
        c.startAttempt();
        assertEquals(Resolution.RETRY, c.conflicted());
        assertEquals(3, txn.attempts());
        c.end();
    }

    /** Each party on its own thread: a shared pool may have fewer threads than the test has parties. */
    private static CompletableFuture<Void> onNewThread(Runnable r) {
        return onNewThreadSupply(() -> {
            r.run();
            return null;
        });
    }

    private static <T> CompletableFuture<T> onNewThreadSupply(Supplier<T> s) {
        CompletableFuture<T> result = new CompletableFuture<>();
        new Thread(() -> {
            try {
                result.complete(s.get());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }).start();
        return result;
    }

    private static void attempt(ThreadContender c) {
        try {
            c.startAttempt();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(10, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
