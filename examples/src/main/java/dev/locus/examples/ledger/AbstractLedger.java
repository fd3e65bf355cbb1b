package dev.locus.examples.ledger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * What both ledgers share: checking arguments, admitting operations until {@link #close()}, and
 * handing each admitted operation its future. A subclass decides only where and under what
 * exclusion each operation runs.
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
        return admit(result -> runDeposit(account, amount, result));
    }

    @Override
    public final CompletableFuture<Outcome> withdraw(int account, long amount) {
        checkAccount(account);
        checkAmount(amount);
        return admit(result -> runWithdraw(account, amount, result));
    }

    @Override
    public final CompletableFuture<Outcome> transfer(int from, int to, long amount) {
        checkAccount(from);
        checkAccount(to);
        checkAmount(amount);
        if (from == to) {
            throw new IllegalArgumentException("a transfer needs two accounts, was " + from + " to itself");
        }
        return admit(result -> runTransfer(from, to, amount, result));
    }

    @Override
    public final CompletableFuture<Outcome> balance(int account) {
        checkAccount(account);
        return admit(result -> runBalance(account, result));
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

    /** Starts a deposit that completes {@code result}. */
    abstract void runDeposit(int account, long amount, CompletableFuture<Outcome> result);

    /** Starts a withdrawal that completes {@code result}. */
    abstract void runWithdraw(int account, long amount, CompletableFuture<Outcome> result);

    /** Starts a transfer that completes {@code result}. */
    abstract void runTransfer(int from, int to, long amount, CompletableFuture<Outcome> result);

    /** Starts a balance query that completes {@code result}. */
    abstract void runBalance(int account, CompletableFuture<Outcome> result);

    /** Stops the threads and waits for them; called once no operation is left. */
    abstract void stopThreads();

    /** The balances, read by {@link #finalBalances()} once the threads have stopped. */
    abstract Balances balances();

    /**
     * A task that runs {@code body} and, if it throws, completes {@code result} exceptionally (so
     * no request waits for an answer that will not come); an {@link Error} is then rethrown.
     */
    static Runnable guarded(CompletableFuture<Outcome> result, Runnable body) {
        return () -> {
            try {
                body.run();
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            } catch (Error e) {
                result.completeExceptionally(e);
                throw e;
            }
        };
    }

    private CompletableFuture<Outcome> admit(Consumer<CompletableFuture<Outcome>> operation) {
        CompletableFuture<Outcome> result = new CompletableFuture<>();
        if (!admission.enter()) {
            result.completeExceptionally(new RejectedExecutionException("the ledger is closed"));
            return result;
        }
        result.whenComplete((outcome, failure) -> admission.exit());
        try {
            operation.accept(result);
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
        }
        return result;
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
