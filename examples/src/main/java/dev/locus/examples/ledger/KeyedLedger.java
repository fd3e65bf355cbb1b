package dev.locus.examples.ledger;

import static java.util.concurrent.CompletableFuture.completedFuture;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.util.concurrent.CompletableFuture;

/**
 * A ledger on a locus {@link KeyedExecutorService} keyed by account id, with no locks: all of an
 * account's operations run on the worker that owns its key, one at a time, in submission order.
 *
 * <p>A transfer touches two accounts, so it runs in legs: it debits the source on the source's
 * worker and, if that was applied, credits the destination on the destination's worker; the
 * future completes after the credit. A credit that would overflow the destination sends a third
 * leg back to the source's worker, which refunds it.
 *
 * <p>Consistency. Every balance changes only on its own worker and only by {@link Balances}, which
 * refuses a debit larger than the balance, so no balance is ever negative, whatever runs
 * concurrently on other accounts. A transfer is not atomic across its two accounts: between its
 * legs the amount is in neither (in transit, as between banks), so a reader that sums balances
 * while transfers run may see less than was deposited, and a balance query of the destination may
 * not show a transfer whose future has not completed yet. Once a transfer's future has completed,
 * both legs have run; once every future has completed, each account's balance is exactly its
 * applied deposits, minus its applied withdrawals and transfers out, plus its applied transfers in,
 * because each applied operation changed each of its accounts exactly once. A query submitted after
 * a transfer's future completed sees it (per-key order, and the completion happens-before the
 * submission).
 */
public final class KeyedLedger extends AbstractLedger {

    /*
     * Implementation notes
     *
     * Overview: AbstractLedger checks arguments and admits; each operation here is one task (two
     * or three for a transfer) submitted with its account as the key by submitAsync, whose future
     * completes with the task's outcome or with what it threw.
     *
     * Concurrency: balances[a] is read and written only by tasks keyed a. The executor runs a
     * key's tasks one at a time in submission order, also across re-partitions of the adaptive
     * router (a moved key waits until its old worker has run what it holds: the epoch hand-off of
     * DESIGN.md), so plain reads and writes suffice. A transfer's later legs are submitted by a
     * thenCompose stage of the previous leg's future, which runs on the worker that completed it,
     * inside that leg's turn, or, if the leg had completed already, in the thread that added the
     * stage; which one is a race, so the stage only submits and never touches a balance. Admission
     * keeps the executor open until every admitted operation has completed, so the later legs are
     * never rejected for shutdown, and the queues are unbounded, so never for capacity.
     *
     * Memory ordering: submitting a task happens-before it runs, and a key's consecutive tasks are
     * ordered by the executor's hand-off, so each task sees its account's last write.
     * finalBalances() reads after close() has awaited the workers' termination.
     *
     * References: paper 002 (keyed placement, Figure 1c); DESIGN.md, Ordering.
     */

    private final KeyedExecutorService executor;
    private final Balances balances;

    /**
     * A ledger of {@code accounts} accounts on an adaptive keyed executor of {@code workers}
     * workers, warmed up over the account ids, with the executor's default idle strategy: a server
     * needs no other (docs/keyed-dispatch.md measures parking at once against it on this service).
     *
     * @throws IllegalArgumentException if {@code accounts < 1} or {@code workers < 1}
     */
    public KeyedLedger(int accounts, int workers) {
        super(accounts);
        this.balances = new Balances(accounts);
        this.executor = LocusExecutors.builder(workers)
                .name("keyed-ledger")
                .adaptive(AdaptiveRangeRouter.Settings.defaults().warmupRange(0, accounts - 1))
                .build();
    }

    @Override
    CompletableFuture<Outcome> runDeposit(int account, long amount) {
        return executor.submitAsync(account, () -> balances.credit(account, amount));
    }

    @Override
    CompletableFuture<Outcome> runWithdraw(int account, long amount) {
        return executor.submitAsync(account, () -> balances.debit(account, amount));
    }

    @Override
    CompletableFuture<Outcome> runTransfer(int from, int to, long amount) {
        return executor.submitAsync(from, () -> balances.debit(from, amount))
                .thenCompose(debit -> debit.applied() ? credit(from, to, amount, debit) : completedFuture(debit));
    }

    @Override
    CompletableFuture<Outcome> runBalance(int account) {
        return executor.submitAsync(account, () -> Outcome.applied(balances.get(account)));
    }

    @Override
    void stopThreads() {
        executor.close();
    }

    @Override
    Balances balances() {
        return balances;
    }

    /** The second leg of a transfer whose debit was applied, and the third if the credit was not. */
    private CompletableFuture<Outcome> credit(int from, int to, long amount, Outcome debit) {
        return executor.submitAsync(to, () -> balances.credit(to, amount))
                .thenCompose(credit -> credit.applied()
                        ? completedFuture(debit)
                        : executor.submitAsync(from, () -> refund(from, amount)));
    }

    /** The third leg of a transfer the destination could not take: the source gets it back. */
    private Outcome refund(int from, long amount) {
        Outcome refund = balances.credit(from, amount);
        if (!refund.applied()) {
            // deposits since the debit took the source to the brink of overflow: fail loudly
            throw new ArithmeticException("transfer of " + amount + " from account " + from
                    + " can be neither credited nor refunded: both balances would overflow");
        }
        return Outcome.refused(refund.balance());
    }
}
