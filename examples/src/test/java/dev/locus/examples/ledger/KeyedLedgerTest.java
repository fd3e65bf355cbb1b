package dev.locus.examples.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.multiverse.api.StmUtils;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the keyed ledger adds to the rules both ledgers share: transfers atomic across accounts. */
class KeyedLedgerTest {

    private static final int ACCOUNTS = 6;
    private static final long START = 1_000;

    /**
     * Transfers race among a few accounts on two workers, each account's on its own worker, while
     * the test thread sums every balance in one transaction: each sum must be the money deposited,
     * never less (an amount in transit) nor more.
     */
    @Test
    void aConcurrentReaderNeverSeesMoneyInTransit() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            long inTransit = 0;
            int sums = 0;
            for (int round = 0; round < 10; round++) {
                KeyedLedger ledger = new KeyedLedger(ACCOUNTS, 2);
                for (int a = 0; a < ACCOUNTS; a++) {
                    ledger.deposit(a, START).get(10, TimeUnit.SECONDS);
                }
                SplittableRandom random = new SplittableRandom(round);
                List<CompletableFuture<Outcome>> transfers = new ArrayList<>();
                for (int i = 0; i < 20_000; i++) {
                    int from = random.nextInt(ACCOUNTS);
                    int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                    transfers.add(ledger.transfer(from, to, 1 + random.nextInt(50)));
                    if (i % 20 == 0) {
                        long sum = StmUtils.atomic(() -> {
                            long total = 0;
                            for (int a = 0; a < ACCOUNTS; a++) {
                                total += ledger.balances().get(a);
                            }
                            return total;
                        });
                        inTransit += Math.abs(ACCOUNTS * START - sum);
                        sums++;
                    }
                }
                for (CompletableFuture<Outcome> transfer : transfers) {
                    transfer.get(30, TimeUnit.SECONDS);
                }
                ledger.close();
                assertEquals(ACCOUNTS * START, java.util.Arrays.stream(ledger.finalBalances()).sum());
                assertTrue(transfers.stream().anyMatch(t -> t.join().applied()), "no transfer applied");
            }
            assertEquals(0, inTransit, "money seen in transit across " + sums + " sums");
        });
    }
}
