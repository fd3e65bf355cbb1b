package dev.locus.examples.ledger;

import static java.util.concurrent.CompletableFuture.supplyAsync;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The same ledger the way it is usually written: a {@link ThreadPoolExecutor} runs operations on
 * any of its threads, and a lock per account keeps one account's operations apart. A transfer
 * holds both accounts' locks, taken in account order so that two opposite transfers cannot
 * deadlock; it is atomic, so readers never see the amount in transit.
 */
public final class LockingLedger extends AbstractLedger {

    private final ThreadPoolExecutor executor;
    private final ReentrantLock[] locks;
    private final Balances balances; // account a guarded by locks[a]

    /**
     * A ledger of {@code accounts} accounts on a pool of {@code workers} threads.
     *
     * @throws IllegalArgumentException if {@code accounts < 1} or {@code workers < 1}
     */
    public LockingLedger(int accounts, int workers) {
        super(accounts);
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be > 0, was " + workers);
        }
        this.balances = Balances.plain(accounts);
        this.locks = new ReentrantLock[accounts];
        for (int a = 0; a < accounts; a++) {
            locks[a] = new ReentrantLock();
        }
        this.executor = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), threads());
    }

    @Override
    CompletableFuture<Outcome> runDeposit(int account, long amount) {
        return supplyAsync(() -> locked(account, account, () -> balances.credit(account, amount)), executor);
    }

    @Override
    CompletableFuture<Outcome> runWithdraw(int account, long amount) {
        return supplyAsync(() -> locked(account, account, () -> balances.debit(account, amount)), executor);
    }

    @Override
    CompletableFuture<Outcome> runTransfer(int from, int to, long amount) {
        return supplyAsync(() -> locked(from, to, () -> balances.transfer(from, to, amount)), executor);
    }

    @Override
    CompletableFuture<Outcome> runBalance(int account) {
        return supplyAsync(() -> locked(account, account, () -> Outcome.applied(balances.get(account))), executor);
    }

    @Override
    void stopThreads() {
        executor.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (executor.awaitTermination(1, TimeUnit.DAYS)) {
                    break;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    Balances balances() {
        return balances;
    }

    /** Runs {@code body} holding the locks of accounts {@code a} and {@code b} (which may be one). */
    private Outcome locked(int a, int b, Supplier<Outcome> body) {
        ReentrantLock first = locks[Math.min(a, b)];
        ReentrantLock second = locks[Math.max(a, b)];
        first.lock();
        try {
            second.lock(); // reentrant when a == b
            try {
                return body.get();
            } finally {
                second.unlock();
            }
        } finally {
            first.unlock();
        }
    }

    private static ThreadFactory threads() {
        AtomicInteger next = new AtomicInteger();
        return task -> new Thread(task, "locking-ledger-" + next.getAndIncrement());
    }
}
