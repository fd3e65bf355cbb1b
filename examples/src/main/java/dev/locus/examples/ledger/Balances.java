package dev.locus.examples.ledger;

/**
 * The accounts' balances and the two ways to change one. Not thread-safe: each ledger says which
 * thread may touch which account, and when.
 */
final class Balances {

    private final long[] balances;

    Balances(int accounts) {
        this.balances = new long[accounts];
    }

    /** Adds {@code amount}, unless the balance would overflow. */
    Outcome credit(int account, long amount) {
        long balance = balances[account];
        if (balance > Long.MAX_VALUE - amount) {
            return Outcome.refused(balance);
        }
        balances[account] = balance + amount;
        return Outcome.applied(balance + amount);
    }

    /** Takes {@code amount}, unless the balance is smaller. */
    Outcome debit(int account, long amount) {
        long balance = balances[account];
        if (balance < amount) {
            return Outcome.refused(balance);
        }
        balances[account] = balance - amount;
        return Outcome.applied(balance - amount);
    }

    /** Whether {@code amount} could be credited to {@code account} now. */
    boolean canCredit(int account, long amount) {
        return balances[account] <= Long.MAX_VALUE - amount;
    }

    long get(int account) {
        return balances[account];
    }

    long[] copy() {
        return balances.clone();
    }
}
