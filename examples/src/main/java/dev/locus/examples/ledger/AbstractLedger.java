package dev.locus.examples.ledger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * What both ledgers share: checking arguments, admitting operations until {@link #close()}, and
 * counting each admitted operation until its future completes. A subclass decides only where and
 * under what exclusion each operation runs.
 */
abstract class AbstractLedger implements Ledger {

    private final int accounts;
    private final Admission admission = new Admission();
    private volatile boolean closed;

    AbstractLedger(int accounts) {
        if (accounts < 1) {
            throw new IllegalArgumentException("accounts must be > 0, was " + accounts);
        }
        this.accounts = accounts;
    }

    @Override
    public final int accounts() {
        return accounts;
    }

    @Override
    public final CompletableFuture<Outcome> deposit(int account, long amount) {
        checkAccount(account);
        checkAmount(amount);
        return admit(() -> runDeposit(account, amount));
    }

    @Override
    public final CompletableFuture<Outcome> withdraw(int account, long amount) {
        checkAccount(account);
        checkAmount(amount);
        return admit(() -> runWithdraw(account, amount));
    }

    @Override
    public final CompletableFuture<Outcome> transfer(int from, int to, long amount) {
        checkAccount(from);
        checkAccount(to);
        checkAmount(amount);
        if (from == to) {
            throw new IllegalArgumentException("a transfer needs two accounts, was " + from + " to itself");
        }
        return admit(() -> runTransfer(from, to, amount));
    }

    @Override
    public final CompletableFuture<Outcome> balance(int account) {
        checkAccount(account);
        return admit(() -> runBalance(account));
    }

    @Override
    public final void close() {
        admission.closeAndAwait();
        stopThreads();
        closed = true;
    }

    @Override
    public final long[] finalBalances() {
        if (!closed) {
            throw new IllegalStateException("balances are final only once close() has returned");
        }
        return balances().copy();
    }

    /** Starts a deposit; the future completes with its outcome, or with what it threw. */
    abstract CompletableFuture<Outcome> runDeposit(int account, long amount);

    /** Starts a withdrawal; the future completes with its outcome, or with what it threw. */
    abstract CompletableFuture<Outcome> runWithdraw(int account, long amount);

    /** Starts a transfer; the future completes once every leg has run. */
    abstract CompletableFuture<Outcome> runTransfer(int from, int to, long amount);

    /** Starts a balance query; the future completes with the balance. */
    abstract CompletableFuture<Outcome> runBalance(int account);

    /** Stops the threads and waits for them; called once no operation is left. */
    abstract void stopThreads();

    /** The balances, read by {@link #finalBalances()} once the threads have stopped. */
    abstract Balances balances();

    /**
     * Runs {@code operation} if the ledger still admits operations, and counts it until its future
     * completes. The caller gets a dependent future, completed once the count is down: cancelling
     * or completing it leaves the operation running and the count right, so that {@link #close()}
     * still waits for the operation's later legs.
     */
    private CompletableFuture<Outcome> admit(Supplier<CompletableFuture<Outcome>> operation) {
        if (!admission.enter()) {
            return CompletableFuture.failedFuture(new RejectedExecutionException("the ledger is closed"));
        }
        CompletableFuture<Outcome> running;
        try {
            running = operation.get();
        } catch (RuntimeException e) {
            admission.exit();
            return CompletableFuture.failedFuture(e);
        }
        return running.whenComplete((outcome, failure) -> admission.exit());
    }

    private void checkAccount(int account) {
        if (account < 0 || account >= accounts) {
            throw new UnknownAccountException(account, accounts);
        }
    }

    private static void checkAmount(long amount) {
        if (amount < 1) {
            throw new IllegalArgumentException("amount must be > 0, was " + amount);
        }
    }
}
