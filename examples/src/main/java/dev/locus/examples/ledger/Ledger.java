package dev.locus.examples.ledger;

import java.util.concurrent.CompletableFuture;

/**
 * A ledger of {@link #accounts()} accounts numbered {@code 0, 1, ...}, all starting at balance 0,
 * whose operations complete asynchronously. A balance never goes negative: a withdrawal or
 * transfer the account cannot cover is refused ({@link Outcome#applied()} is {@code false}), and
 * so is a credit that would overflow a balance.
 *
 * <p>Bad input is refused at once: the methods throw {@link UnknownAccountException} for an
 * account outside {@code [0, accounts)} and {@link IllegalArgumentException} for an amount below
 * 1 or a transfer from an account to itself. After {@link #close()} the returned futures fail
 * with {@link java.util.concurrent.RejectedExecutionException}. Every other future completes:
 * with an {@link Outcome}, or exceptionally if the operation itself threw.
 */
public interface Ledger extends AutoCloseable {

    /** Number of accounts. */
    int accounts();

    /** Adds {@code amount} to {@code account}; refused only if the balance would overflow. */
    CompletableFuture<Outcome> deposit(int account, long amount);

    /** Takes {@code amount} from {@code account}; refused if the balance is smaller. */
    CompletableFuture<Outcome> withdraw(int account, long amount);

    /**
     * Moves {@code amount} from {@code from} to {@code to}; refused, changing nothing in the end,
     * if {@code from}'s balance is smaller or {@code to}'s would overflow. Once the future has
     * completed, both accounts show the transfer (or neither does); how atomic it looks to
     * concurrent readers before then is the implementation's to say.
     */
    CompletableFuture<Outcome> transfer(int from, int to, long amount);

    /** The balance of {@code account}, read in order with the account's other operations. */
    CompletableFuture<Outcome> balance(int account);

    /**
     * Stops admitting operations, waits until every admitted one has completed, and stops the
     * threads. Idempotent. If interrupted while waiting, keeps waiting and re-asserts the
     * interrupt, as {@code ExecutorService.close()} does.
     */
    @Override
    void close();

    /**
     * Every account's balance, indexed by account, once {@link #close()} has returned.
     *
     * @throws IllegalStateException before then (balances read while operations run could be torn
     *     across accounts)
     */
    long[] finalBalances();
}
