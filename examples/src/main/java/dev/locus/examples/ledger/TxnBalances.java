package dev.locus.examples.ledger;

import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.references.TxnLong;

/**
 * Balances in Multiverse references. {@link #get} and {@link #set} act in the transaction the
 * calling thread is running (Multiverse's {@code TxnThreadLocal}, which a {@code TxnExecutor} sets
 * for the transaction's duration), so the rules of {@link Balances} run unchanged inside a
 * transaction, and a transfer is atomic. Outside a transaction they throw Multiverse's
 * {@code TxnMandatoryException}.
 */
final class TxnBalances extends Balances {

    private final TxnLong[] balances;

    TxnBalances(int accounts) {
        this.balances = new TxnLong[accounts];
        for (int a = 0; a < accounts; a++) {
            balances[a] = StmUtils.newTxnLong(0);
        }
    }

    @Override
    long get(int account) {
        return balances[account].get();
    }

    @Override
    void set(int account, long balance) {
        balances[account].set(balance);
    }

    @Override
    long[] copy() {
        long[] copy = new long[balances.length];
        for (int a = 0; a < copy.length; a++) {
            copy[a] = balances[a].atomicGet();
        }
        return copy;
    }
}
