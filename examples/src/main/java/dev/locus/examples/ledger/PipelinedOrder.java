package dev.locus.examples.ledger;

import dev.locus.examples.ledger.LedgerLoad.Service;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What per-key order buys, in process and without HTTP: producer threads each send a deposit and
 * then a withdrawal of the same amount on one account, without waiting for the deposit, as a
 * message consumer feeding a ledger does, with at most {@value #IN_FLIGHT} pairs unanswered. Where an account's operations run in submission order,
 * every withdrawal finds its deposit; the keyed ledger gives that order, the locking ledger's
 * {@code ThreadPoolExecutor} does not (two of its threads may take the two operations and the
 * withdrawal may win the account's lock). After a warm-up run of each, prints, per service and
 * round, operations per second and the withdrawals refused because they ran before their deposit.
 *
 * <pre>
 * java -cp examples/target/locus-examples.jar dev.locus.examples.ledger.PipelinedOrder
 * </pre>
 */
public final class PipelinedOrder {

    private static final int PRODUCERS = 4;
    private static final int PAIRS = 200_000;
    private static final int ACCOUNTS = 1_000;
    private static final int WORKERS = 2;
    private static final int ROUNDS = 3;
    /** Pairs a producer has sent and not yet seen answered, at most: a consumer's window. */
    private static final int IN_FLIGHT = 256;

    private PipelinedOrder() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.printf(Locale.ROOT, "pipelined deposit-then-withdraw pairs: %d producers x %,d pairs (%d in flight) over "
                + "%,d accounts, %d workers, %d CPUs, Java %s%n", PRODUCERS, PAIRS, IN_FLIGHT, ACCOUNTS, WORKERS,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        for (Service service : Service.values()) {
            run(0, service); // warm-up: the JIT compiles both services before either is measured
        }
        for (int round = 1; round <= ROUNDS; round++) {
            List<Service> order = round % 2 == 1 ? List.of(Service.KEYED, Service.LOCKING)
                    : List.of(Service.LOCKING, Service.KEYED);
            for (Service service : order) {
                run(round, service);
            }
        }
    }

    private static void countIfRefused(CompletableFuture<Outcome> withdrawal, AtomicLong refused) {
        if (!withdrawal.join().applied()) {
            refused.incrementAndGet();
        }
    }

    /** One run of {@code service}; round 0 is the warm-up, not printed. */
    private static void run(int round, Service service) throws InterruptedException {
        Ledger ledger = service.newLedger(ACCOUNTS, WORKERS);
        AtomicLong outOfOrder = new AtomicLong();
        List<Thread> producers = new ArrayList<>();
        long start = System.nanoTime();
        for (int p = 0; p < PRODUCERS; p++) {
            SplittableRandom random = new SplittableRandom(round * 31L + p);
            Thread producer = new Thread(() -> {
                ArrayDeque<CompletableFuture<Outcome>> window = new ArrayDeque<>(IN_FLIGHT);
                for (int i = 0; i < PAIRS; i++) {
                    if (window.size() == IN_FLIGHT) {
                        countIfRefused(window.poll(), outOfOrder);
                    }
                    int account = random.nextInt(ACCOUNTS);
                    ledger.deposit(account, 10);
                    window.add(ledger.withdraw(account, 10));
                }
                while (!window.isEmpty()) {
                    countIfRefused(window.poll(), outOfOrder);
                }
            }, "producer-" + p);
            producers.add(producer);
            producer.start();
        }
        for (Thread producer : producers) {
            producer.join();
        }
        long elapsed = System.nanoTime() - start;
        ledger.close();
        if (round == 0) {
            return;
        }
        System.out.printf(Locale.ROOT, "round %d  %-12s %,12.0f operations/s   withdrawals that ran before their deposit: %,d of %,d%n",
                round, service.label(), 2.0 * PRODUCERS * PAIRS * 1e9 / elapsed, outOfOrder.get(), PRODUCERS * PAIRS);
    }
}
