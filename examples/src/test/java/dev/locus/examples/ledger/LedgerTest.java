package dev.locus.examples.ledger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.examples.ledger.LedgerLoad.Service;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Both ledgers, without HTTP: their rules, their bad-input behaviour, and races with close(). */
class LedgerTest {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    @ParameterizedTest
    @EnumSource(Service.class)
    void refusesWhatAnAccountCannotCover(Service service) {
        try (Ledger ledger = service.newLedger(4, 2)) {
            assertEquals(Outcome.applied(100), join(ledger.deposit(0, 100)));
            assertEquals(Outcome.refused(100), join(ledger.withdraw(0, 150)));
            assertEquals(Outcome.applied(60), join(ledger.withdraw(0, 40)));
            assertEquals(Outcome.refused(60), join(ledger.transfer(0, 1, 61)));
            assertEquals(Outcome.applied(0), join(ledger.transfer(0, 1, 60)));
            assertEquals(Outcome.applied(60), join(ledger.balance(1)));
            assertEquals(Outcome.applied(0), join(ledger.balance(0)));
            assertEquals(Outcome.refused(0), join(ledger.withdraw(2, 1)));
        }
    }

    @ParameterizedTest
    @EnumSource(Service.class)
    void refusesACreditThatWouldOverflowAndRefundsTheTransfer(Service service) {
        Ledger ledger = service.newLedger(2, 2);
        assertEquals(Outcome.applied(Long.MAX_VALUE), join(ledger.deposit(1, Long.MAX_VALUE)));
        assertEquals(Outcome.refused(Long.MAX_VALUE), join(ledger.deposit(1, 1)));
        join(ledger.deposit(0, 10));
        assertEquals(Outcome.refused(10), join(ledger.transfer(0, 1, 10)));
        ledger.close();
        assertArrayEquals(new long[] {10, Long.MAX_VALUE}, ledger.finalBalances());
    }

    @ParameterizedTest
    @EnumSource(Service.class)
    void rejectsBadInputAtOnce(Service service) {
        assertThrows(IllegalArgumentException.class, () -> service.newLedger(0, 1));
        assertThrows(IllegalArgumentException.class, () -> service.newLedger(1, 0));
        try (Ledger ledger = service.newLedger(3, 1)) {
            assertEquals(3, ledger.accounts());
            assertThrows(UnknownAccountException.class, () -> ledger.deposit(-1, 1));
            assertThrows(UnknownAccountException.class, () -> ledger.withdraw(3, 1));
            assertThrows(UnknownAccountException.class, () -> ledger.transfer(0, 3, 1));
            assertThrows(UnknownAccountException.class, () -> ledger.balance(Integer.MAX_VALUE));
            assertThrows(IllegalArgumentException.class, () -> ledger.deposit(0, 0));
            assertThrows(IllegalArgumentException.class, () -> ledger.withdraw(0, -5));
            assertThrows(IllegalArgumentException.class, () -> ledger.transfer(1, 1, 5));
            assertThrows(IllegalStateException.class, ledger::finalBalances);
            assertEquals(Outcome.applied(0), join(ledger.balance(2))); // nothing was applied
        }
    }

    @ParameterizedTest
    @EnumSource(Service.class)
    void rejectsOperationsAfterClose(Service service) {
        Ledger ledger = service.newLedger(2, 1);
        join(ledger.deposit(0, 5));
        ledger.close();
        ledger.close(); // idempotent
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> ledger.transfer(0, 1, 1).get(10, TimeUnit.SECONDS));
        assertInstanceOf(RejectedExecutionException.class, e.getCause());
        assertArrayEquals(new long[] {5, 0}, ledger.finalBalances());
    }

    /**
     * Threads race random operations over a few hot accounts; every applied outcome must show in
     * the final balances exactly, and no outcome may report a negative balance.
     */
    @ParameterizedTest
    @EnumSource(Service.class)
    void racingOperationsKeepEveryBalanceExact(Service service) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int round = 0; round < 20; round++) {
                Ledger ledger = service.newLedger(8, 2);
                List<Submitter> submitters = submitters(ledger, 4, round, new AtomicBoolean(), 2_000);
                Audit audit = new Audit(ledger.accounts());
                for (Submitter submitter : submitters) {
                    submitter.thread.join();
                    submitter.settle(audit);
                }
                ledger.close();
                assertAudited(audit, ledger, round);
                assertTrue(audit.refused() > 0, "nothing refused in round " + round + ": overdrafts never raced");
            }
        });
    }

    /**
     * close() races submitting threads: once it returns, every future handed out is complete,
     * with an outcome (and then it shows in the final balances) or with a rejection.
     */
    @ParameterizedTest
    @EnumSource(Service.class)
    void closeCompletesEveryAdmittedOperation(Service service) {
        assertTimeoutPreemptively(LIMIT, () -> {
            long rejected = 0;
            for (int round = 0; round < 20; round++) {
                Ledger ledger = service.newLedger(8, 2);
                AtomicBoolean stop = new AtomicBoolean();
                List<Submitter> submitters = submitters(ledger, 3, round, stop, 20_000);
                for (Submitter submitter : submitters) {
                    assertTrue(submitter.started.await(10, TimeUnit.SECONDS));
                }
                ledger.close();
                stop.set(true);
                Audit audit = new Audit(ledger.accounts());
                for (Submitter submitter : submitters) {
                    submitter.thread.join();
                    rejected += submitter.rejected(); // also checks that every future is done
                    submitter.settle(audit);
                }
                assertAudited(audit, ledger, round);
            }
            assertTrue(rejected > 0, "no submission ever raced close()");
        });
    }

    private static void assertAudited(Audit audit, Ledger ledger, int round) {
        assertEquals(0, audit.mismatches(ledger.finalBalances()), "round " + round + ": " + audit.firstProblem());
        assertEquals(0, audit.negative(), "round " + round + ": " + audit.firstProblem());
        assertTrue(audit.applied() > 0, "round " + round + ": nothing applied");
    }

    private static List<Submitter> submitters(Ledger ledger, int count, int round, AtomicBoolean stop, int operations) {
        List<Submitter> submitters = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Submitter submitter = new Submitter(ledger, new SplittableRandom(round * 31L + i), stop, operations);
            submitters.add(submitter);
            submitter.thread.start();
        }
        return submitters;
    }

    private static Outcome join(CompletableFuture<Outcome> future) {
        return assertTimeoutPreemptively(LIMIT, () -> future.get());
    }

    /** A thread that submits random operations and keeps their futures. */
    private static final class Submitter implements Runnable {

        private final Ledger ledger;
        private final SplittableRandom random;
        private final AtomicBoolean stop;
        private final int operations;
        private final Zipf accounts;
        private final List<LoadRequest> requests = new ArrayList<>();
        private final List<CompletableFuture<Outcome>> futures = new ArrayList<>();
        private final CountDownLatch started = new CountDownLatch(1);
        private final Thread thread = new Thread(this, "submitter");

        Submitter(Ledger ledger, SplittableRandom random, AtomicBoolean stop, int operations) {
            this.ledger = ledger;
            this.random = random;
            this.stop = stop;
            this.operations = operations;
            this.accounts = new Zipf(ledger.accounts(), 1.0);
        }

        @Override
        public void run() {
            for (int i = 0; i < operations && !stop.get(); i++) {
                LoadRequest request = LoadRequest.random(random, accounts);
                requests.add(request);
                futures.add(switch (request.operation()) {
                    case DEPOSIT -> ledger.deposit(request.account(), request.amount());
                    case WITHDRAW -> ledger.withdraw(request.account(), request.amount());
                    case TRANSFER -> ledger.transfer(request.account(), request.to(), request.amount());
                    case BALANCE -> ledger.balance(request.account());
                });
                if (i == 100) {
                    started.countDown();
                }
            }
            started.countDown();
        }

        /** Waits for every outcome and records it in {@code audit}; a failed future must be a rejection. */
        void settle(Audit audit) throws Exception {
            for (int i = 0; i < futures.size(); i++) {
                try {
                    audit.outcome(requests.get(i), futures.get(i).get(30, TimeUnit.SECONDS));
                } catch (ExecutionException e) {
                    assertInstanceOf(RejectedExecutionException.class, e.getCause());
                }
            }
        }

        /** Checks that every future is complete already; returns how many were rejected. */
        long rejected() {
            long rejected = 0;
            for (CompletableFuture<Outcome> future : futures) {
                assertTrue(future.isDone(), "an operation was still pending after close()");
                rejected += future.isCompletedExceptionally() ? 1 : 0;
            }
            return rejected;
        }
    }
}
