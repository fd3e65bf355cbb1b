package dev.locus.examples;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Per-account ledger updates on a keyed executor, with no locks: the account id is the key, so
 * all updates of one account run on one worker, one at a time, in the order they were submitted.
 *
 * <p>Order matters here because a withdrawal that would overdraw the account is refused: apply
 * the same operations in another order and the balances come out different. The program applies
 * a seeded stream of operations (a few accounts are much busier than the rest) through the
 * executor, replays the same stream on one thread, and checks that both ledgers agree and that
 * every account saw its operations in sequence.
 */
public final class OrderedAccounts {

    /** One ledger operation; {@code sequence} numbers an account's operations 1, 2, 3, ... */
    record Operation(int account, long sequence, long amount) {
    }

    /**
     * One account's state. Touched only by the worker that owns the account's key, one task at a
     * time, so plain fields are enough; the executor's close() publishes them to the caller.
     */
    static final class Account {
        long balance;
        long lastSequence;
        long refused;
        long outOfOrder;

        void apply(Operation op) {
            if (op.sequence() != lastSequence + 1) {
                outOfOrder++;
            }
            lastSequence = op.sequence();
            if (balance + op.amount() < 0) {
                refused++; // would overdraw: refuse the withdrawal
            } else {
                balance += op.amount();
            }
        }
    }

    /**
     * What the check found.
     *
     * @param accounts accounts in the ledger
     * @param operations operations applied
     * @param outOfOrder operations that arrived out of their account's sequence (must be 0)
     * @param mismatches accounts whose balance or refusals differ from the one-thread replay (must be 0)
     * @param refused withdrawals refused for lack of funds (the same as in the replay)
     */
    public record Report(int accounts, long operations, long outOfOrder, long mismatches, long refused) {

        /** Whether every account saw its operations in order and matches the replay. */
        public boolean ok() {
            return outOfOrder == 0 && mismatches == 0;
        }
    }

    private OrderedAccounts() {
    }

    /** Applies {@code operations} random operations over {@code accounts} accounts and checks the ledger. */
    public static Report run(int accounts, int operations, long seed) {
        List<Operation> stream = operations(accounts, operations, seed);

        Account[] ledger = newLedger(accounts);
        try (KeyedExecutorService executor = LocusExecutors.builder(4)
                .name("ledger")
                .adaptive(AdaptiveRangeRouter.Settings.defaults().warmupRange(0, accounts - 1))
                .build()) {
            for (Operation op : stream) {
                executor.execute(op.account(), () -> ledger[op.account()].apply(op));
            }
        } // close() waits until every operation has been applied

        Account[] replay = newLedger(accounts);
        for (Operation op : stream) {
            replay[op.account()].apply(op);
        }

        long outOfOrder = 0;
        long mismatches = 0;
        long refused = 0;
        for (int a = 0; a < accounts; a++) {
            outOfOrder += ledger[a].outOfOrder;
            refused += ledger[a].refused;
            if (ledger[a].balance != replay[a].balance || ledger[a].refused != replay[a].refused) {
                mismatches++;
            }
        }
        return new Report(accounts, stream.size(), outOfOrder, mismatches, refused);
    }

    public static void main(String[] args) {
        Report report = run(10_000, 200_000, 42);
        System.out.println(report);
        if (!report.ok()) {
            throw new IllegalStateException("ledger broken: " + report);
        }
        System.out.println("every account applied its operations in order");
    }

    /** A seeded stream: deposits and withdrawals of 1..100, with a fifth of the traffic on 1% of accounts. */
    static List<Operation> operations(int accounts, int operations, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] nextSequence = new long[accounts];
        List<Operation> stream = new ArrayList<>(operations);
        int hot = Math.max(1, accounts / 100);
        for (int i = 0; i < operations; i++) {
            int account = random.nextInt(5) == 0 ? random.nextInt(hot) : random.nextInt(accounts);
            long amount = random.nextBoolean() ? random.nextInt(1, 101) : -random.nextInt(1, 101);
            stream.add(new Operation(account, ++nextSequence[account], amount));
        }
        return stream;
    }

    private static Account[] newLedger(int accounts) {
        Account[] ledger = new Account[accounts];
        for (int a = 0; a < accounts; a++) {
            ledger[a] = new Account();
        }
        return ledger;
    }
}
