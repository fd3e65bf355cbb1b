package dev.locus.examples.ledger;

/**
 * The accounts' balances and the rules for changing one, written once over two storages: a plain
 * array ({@link #plain}) and Multiverse references ({@link TxnBalances}). Not thread-safe: each
 * ledger says which thread may touch which account, and when, or in which transaction.
 */
abstract class Balances {

    /** Balances in a plain array, for callers that keep each account to one thread at a time. */
    static Balances plain(int accounts) {
        long[] balances = new long[accounts];
        return new Balances() {
            @Override
            long get(int account) {
                return balances[account];
            }

            @Override
            void set(int account, long balance) {
                balances[account] = balance;
            }

            @Override
            long[] copy() {
                return balances.clone();
            }
        };
    }

    /** The balance of {@code account}. */
    abstract long get(int account);

    abstract void set(int account, long balance);

    /** Every balance, indexed by account, read when nothing changes them any more. */
    abstract long[] copy();

    /** Adds {@code amount}, unless the balance would overflow. */
    final Outcome credit(int account, long amount) {
        long balance = get(account);
        if (balance > Long.MAX_VALUE - amount) {
            return Outcome.refused(balance);
        }
        set(account, balance + amount);
        return Outcome.applied(balance + amount);
    }

    /** Takes {@code amount}, unless the balance is smaller. */
    final Outcome debit(int account, long amount) {
        long balance = get(account);
        if (balance < amount) {
            return Outcome.refused(balance);
        }
        set(account, balance - amount);
        return Outcome.applied(balance - amount);
    }

    /**
     * Moves {@code amount} from {@code from} to {@code to} at once, unless {@code from}'s balance is
     * smaller or {@code to}'s would overflow; the outcome carries {@code from}'s balance. The caller
     * holds both accounts.
     */
    final Outcome transfer(int from, int to, long amount) {
        if (get(to) > Long.MAX_VALUE - amount) {
            return Outcome.refused(get(from));
        }
        Outcome debit = debit(from, amount);
        if (debit.applied()) {
            credit(to, amount); // cannot be refused: checked above, and the caller holds both
        }
        return debit;
    }
}
