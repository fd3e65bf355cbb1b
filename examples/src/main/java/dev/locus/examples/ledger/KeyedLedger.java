package dev.locus.examples.ledger;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.stm.TransactionalExecutor;
import java.util.concurrent.CompletableFuture;

/**
 * A ledger on a locus {@link KeyedExecutorService} keyed by account id, with no locks: each
 * operation is a Multiverse transaction run by a {@link TransactionalExecutor} on the worker that
 * owns its account (a transfer's source), so an account's operations run one at a time, in
 * submission order, and a transfer is atomic across its two accounts.
 *
 * <p>Consistency. Every balance changes only inside a committed transaction, by the rules of
 * {@link Balances}, so no balance is ever negative. A transfer reads and writes both accounts in
 * one transaction: a reader sees it in both or in neither, the same guarantee as the
 * {@link LockingLedger}'s transfer under both accounts' locks. Most transactions touch one account,
 * which only its own worker touches, and cannot conflict; a transfer touches the destination too,
 * which another worker may be changing at that moment, and then one of the two aborts and runs
 * again (the executor's contention manager decides when). Once a future has completed, its
 * transaction has committed, and an operation submitted afterwards sees it.
 */
public final class KeyedLedger extends AbstractLedger {

    /*
     * Implementation notes
     *
     * Overview: AbstractLedger checks arguments and admits; each operation here is one
     * transaction, submitted by submitAsync with the account it starts from as the key, whose
     * future completes with the committed outcome or with what the transaction threw.
     *
     * Concurrency: the executor runs a key's transactions one at a time in submission order, also
     * across re-partitions of the adaptive router, and the STM keeps transactions of different
     * workers that touch one account apart. The default contention manager (Polka) retries a
     * conflicting transaction on its worker and never defers it behind the queue, so a key's order
     * is kept. Admission keeps the executor open until every admitted operation has completed, so
     * no transaction is rejected for shutdown, and the queues are unbounded, so none for capacity.
     *
     * Memory ordering: a commit happens-before the completion of its future, and Multiverse
     * orders commits on one reference. finalBalances() reads after close() has awaited the workers'
     * termination.
     *
     * References: [Bai06] (keyed placement of transactions, Figure 1c, §5.1).
     */

    private final KeyedExecutorService executor;
    private final TransactionalExecutor transactions;
    private final TxnBalances balances;

    /**
     * A ledger of {@code accounts} accounts on an adaptive keyed executor of {@code workers}
     * workers, warmed up over the account ids.
     *
     * @throws IllegalArgumentException if {@code accounts < 1} or {@code workers < 1}
     */
    public KeyedLedger(int accounts, int workers) {
        super(accounts);
        this.balances = new TxnBalances(accounts);
        this.executor = LocusExecutors.builder(workers)
                .name("keyed-ledger")
                .adaptive(AdaptiveRangeRouter.Settings.defaults().warmupRange(0, accounts - 1))
                .build();
        this.transactions = TransactionalExecutor.on(executor).build();
    }

    @Override
    CompletableFuture<Outcome> runDeposit(int account, long amount) {
        return transactions.submitAsync(account, txn -> balances.credit(account, amount));
    }

    @Override
    CompletableFuture<Outcome> runWithdraw(int account, long amount) {
        return transactions.submitAsync(account, txn -> balances.debit(account, amount));
    }

    @Override
    CompletableFuture<Outcome> runTransfer(int from, int to, long amount) {
        return transactions.submitAsync(from, txn -> balances.transfer(from, to, amount));
    }

    @Override
    CompletableFuture<Outcome> runBalance(int account) {
        return transactions.submitAsync(account, txn -> Outcome.applied(balances.get(account)));
    }

    @Override
    void stopThreads() {
        executor.close();
    }

    @Override
    Balances balances() {
        return balances;
    }
}
