package dev.locus.guide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.ObjectKeyedExecutor;
import dev.locus.executor.RejectionHandler;
import dev.locus.metrics.KeyedExecutorMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The code of {@code docs/migration.md}, compiled and run against the real API: each Java block of
 * the guide (except the Spring one, which needs Spring) appears here line for line, which
 * {@link #everyJavaBlockOfTheGuideIsInThisFile()} checks.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class MigrationGuideTest {

    private static final String SKIP_MARK = "<!-- not in MigrationGuideTest";

    /** An account whose fields are not thread-safe: the executor's per-key order protects it. */
    static final class Account {
        private final long number;
        private long balance;
        private final List<Long> history = new ArrayList<>();

        Account(long number) {
            this.number = number;
        }

        long number() {
            return number;
        }

        void deposit(long amount) {
            balance += amount;
            history.add(amount);
        }

        boolean withdraw(long amount) {
            if (balance < amount) {
                return false;
            }
            balance -= amount;
            history.add(-amount);
            return true;
        }

        long balance() {
            return balance;
        }
    }

    private static final class Ledger {
        final Map<Long, Account> accounts = new ConcurrentHashMap<>();

        Account account(long number) {
            return accounts.computeIfAbsent(number, Account::new);
        }

        long convert(long accountId, double rate) {
            Account account = account(accountId);
            return Math.round(account.balance() * rate);
        }
    }

    private final Ledger ledger = new Ledger();

    @Test
    void aFixedThreadPoolBefore() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Future<Integer> answer = pool.submit(() -> 6 * 7);

        assertEquals(42, answer.get(10, TimeUnit.SECONDS));
        pool.shutdown();
    }

    @Test
    void aFixedThreadPoolBecomesAKeyedExecutor() throws Exception {
        KeyedExecutorService pool = LocusExecutors.roundRobin(4);          // an ExecutorService
        Future<Integer> answer = pool.submit(() -> 6 * 7);
        List<Future<String>> all = pool.invokeAll(List.of(() -> "a", () -> "b"));

        assertEquals(42, answer.get(10, TimeUnit.SECONDS));
        assertEquals("b", all.get(1).get());
        pool.close();
    }

    @Test
    void perAccountLocksBefore() throws Exception {
        long accountId = 7;
        long amount = 5;
        ExecutorService pool = Executors.newFixedThreadPool(4);
        Map<Long, Object> locks = new ConcurrentHashMap<>();
        pool.execute(() -> {
            synchronized (locks.computeIfAbsent(accountId, id -> new Object())) {
                ledger.account(accountId).deposit(amount);
            }
        });

        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(amount, ledger.account(accountId).balance());
    }

    @Test
    void perAccountLocksBecomeKeys() throws Exception {
        long accountId = 7;
        long amount = 5;
        KeyedExecutorService pool = LocusExecutors.adaptive(4);
        pool.execute(accountId, () -> ledger.account(accountId).deposit(amount));   // no lock: one account, one worker at a time
        Future<Long> balance = pool.submit(accountId, () -> ledger.account(accountId).balance());

        assertEquals(amount, balance.get(10, TimeUnit.SECONDS), "the deposit ran before the read: same key, in order");
        pool.close();
    }

    /** The claim behind the snippet above, raced: random deposits and withdrawals, no lock, no lost update. */
    @Test
    void keyedTasksNeedNoLockOnAnAccount() throws Exception {
        KeyedExecutorService pool = LocusExecutors.adaptive(4);
        SplittableRandom random = new SplittableRandom(18);
        Map<Long, Long> expected = new ConcurrentHashMap<>();
        LongAdder negative = new LongAdder();
        for (int i = 0; i < 50_000; i++) {
            long id = random.nextInt(64);
            long amount = 1 + random.nextInt(100);
            if (random.nextInt(3) == 0) {
                pool.execute(id, () -> {
                    Account account = ledger.account(id);
                    boolean done = account.withdraw(amount);
                    if (account.balance() < 0) {
                        negative.increment();
                    }
                    if (done) {
                        expected.merge(id, -amount, Long::sum);
                    }
                });
            } else {
                pool.execute(id, () -> ledger.account(id).deposit(amount));
                expected.merge(id, amount, Long::sum);
            }
        }
        pool.close();
        assertEquals(0, negative.sum());
        for (Map.Entry<Long, Long> e : expected.entrySet()) {
            Account account = ledger.account(e.getKey());
            assertEquals(e.getValue(), account.balance(), "account " + e.getKey());
            assertEquals(account.balance(), account.history.stream().mapToLong(Long::longValue).sum());
        }
    }

    @Test
    void objectKeys() throws Exception {
        KeyedExecutorService pool = LocusExecutors.adaptive(4);
        Map<UUID, Integer> sessions = new ConcurrentHashMap<>();
        UUID sessionId = UUID.randomUUID();
        Account account = ledger.account(1234);

        ObjectKeyedExecutor<UUID> bySession = pool.keyedByHash();          // hashCode, spread: no range locality
        bySession.execute(sessionId, () -> sessions.merge(sessionId, 1, Integer::sum));

        ObjectKeyedExecutor<Account> byAccount = pool.keyedBy(Account::number);   // numeric order kept: range locality
        byAccount.execute(account, () -> account.deposit(10));

        pool.close();
        assertEquals(1, sessions.get(sessionId));
        assertEquals(10, account.balance());
    }

    @Test
    void boundedQueuesBefore() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(4, 4, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(4_096), new ThreadPoolExecutor.CallerRunsPolicy());

        pool.shutdown();
        AtomicBoolean ran = new AtomicBoolean();
        pool.execute(() -> ran.set(true));
        assertFalse(ran.get(), "CallerRunsPolicy drops a task after shutdown, silently");
    }

    @Test
    void boundedQueuesAndRejection() throws Exception {
        KeyedExecutorService pool = LocusExecutors.builder(4)
                .queueCapacity(1_024)                                // per worker: 4 x 1,024 tasks in all
                .rejectionHandler(RejectionHandler.block(Duration.ofSeconds(5)))   // producers wait for room, up to 5 s
                .build();

        LongAdder rejected = new LongAdder();
        RejectionHandler countThenAbort = (task, executor, shutdown) -> {
            rejected.increment();
            RejectionHandler.abort().rejected(task, executor, shutdown);
        };

        pool.shutdown();
        assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }));
        KeyedExecutorService counting = LocusExecutors.builder(1).rejectionHandler(countThenAbort).build();
        counting.shutdown();
        assertThrows(RejectedExecutionException.class, () -> counting.execute(() -> { }));
        assertEquals(1, rejected.sum());
        assertEquals(1, counting.stats().rejected());
    }

    @Test
    void shutdown() throws Exception {
        KeyedExecutorService pool = LocusExecutors.fixedRange(2, 0, 99);
        CountDownLatch started = new CountDownLatch(1);
        pool.execute(0, () -> {
            started.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // shutdownNow() interrupts running tasks
            }
        });
        assertTrue(started.await(10, TimeUnit.SECONDS));
        pool.execute(0, () -> { });
        List<Runnable> dropped = new ArrayList<>();
        Duration grace = Duration.ofMillis(100);

        pool.shutdown();                                         // queued tasks still run; new ones are rejected
        if (!pool.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            List<Runnable> neverStarted = pool.shutdownNow();   // interrupts running tasks
            dropped.addAll(neverStarted);                       // exactly the tasks that never started
        }

        assertEquals(1, dropped.size());
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));

        try (KeyedExecutorService scoped = LocusExecutors.adaptive(4)) {   // close(): shutdown, then wait, also on JDK 17
            scoped.execute(42, () -> ledger.account(42).deposit(1));
        }
        assertEquals(1, ledger.account(42).balance());
    }

    @Test
    void threadFactories() throws Exception {
        ThreadFactory daemons = runnable -> {
            Thread t = new Thread(runnable);
            t.setDaemon(true);
            return t;
        };
        KeyedExecutorService pool = LocusExecutors.builder(4).name("orders").threadFactory(daemons).build();

        assertTrue(pool.submit(() -> Thread.currentThread().isDaemon()).get(10, TimeUnit.SECONDS));
        pool.close();
    }

    @Test
    void virtualThreadsForBlockingWorkLocusForTheStateChange() throws Exception {
        ExecutorService io = Executors.newCachedThreadPool(); // Executors.newVirtualThreadPerTaskExecutor() on JDK 21+
        KeyedExecutorService pool = LocusExecutors.adaptive(4);
        long accountId = 99;
        ledger.account(accountId).deposit(100);
        String currency = "EUR";

        CompletableFuture<Long> converted = CompletableFuture
                .supplyAsync(() -> fetchRate(currency), io)                          // blocking I/O: a virtual thread
                .thenApplyAsync(rate -> ledger.convert(accountId, rate),               // the account's worker, in order
                        task -> pool.execute(accountId, task));

        assertEquals(150, converted.get(10, TimeUnit.SECONDS));
        pool.close();
        io.shutdown();
    }

    private static double fetchRate(String currency) {
        return currency.equals("EUR") ? 1.5 : 1.0;
    }

    @Test
    void micrometerBefore() {
        MeterRegistry registry = new SimpleMeterRegistry();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        ExecutorService monitored = ExecutorServiceMetrics.monitor(registry, pool, "orders");

        assertEquals(4.0, registry.get("executor.pool.core").tags("name", "orders").gauge().value());
        monitored.shutdown();
    }

    @Test
    void micrometer() {
        MeterRegistry registry = new SimpleMeterRegistry();
        KeyedExecutorService pool = KeyedExecutorMetrics.monitor(registry,
                LocusExecutors.builder(4).adaptive(), "orders", Tags.empty());

        pool.execute(7, () -> { });
        pool.close();
        assertEquals(1, registry.get("executor").tags("name", "orders").timer().count());
        assertEquals(1, registry.get("executor.idle").tags("name", "orders").timer().count());
        assertEquals(4.0, registry.get("executor.pool.size").tags("name", "orders").gauge().value());
    }

    @Test
    void micrometerForAnExecutorAlreadyBuilt() {
        MeterRegistry registry = new SimpleMeterRegistry();
        KeyedExecutorService pool = LocusExecutors.adaptive(4);
        new KeyedExecutorMetrics(pool, "orders", Tags.empty()).bindTo(registry);

        assertEquals(4.0, registry.get("executor.pool.size").tags("name", "orders").gauge().value());
        assertNull(registry.find("executor").timer(), "the timers need monitor");
        pool.close();
    }

    // ---------------------------------------------------------------- the guide itself

    @Test
    void everyJavaBlockOfTheGuideIsInThisFile() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.exists(root.resolve("docs/migration.md"))) {
            root = root.getParent();
        }
        assertTrue(root != null, "docs/migration.md not found above " + Path.of("").toAbsolutePath());
        List<String> guide = Files.readAllLines(root.resolve("docs/migration.md"), StandardCharsets.UTF_8);
        List<String> source = stripped(Files.readAllLines(
                root.resolve("core/src/test/java/dev/locus/guide/MigrationGuideTest.java"), StandardCharsets.UTF_8));
        int checked = 0;
        for (int i = 0; i < guide.size(); i++) {
            if (!guide.get(i).equals("```java")) {
                continue;
            }
            boolean skipped = i > 0 && guide.get(i - 1).startsWith(SKIP_MARK);
            List<String> block = new ArrayList<>();
            for (i++; !guide.get(i).equals("```"); i++) {
                block.add(guide.get(i));
            }
            if (!skipped) {
                List<String> lines = stripped(block);
                assertFalse(lines.isEmpty());
                assertTrue(Collections.indexOfSubList(source, lines) >= 0,
                        "a Java block of docs/migration.md is not in MigrationGuideTest:\n" + String.join("\n", block));
                checked++;
            }
        }
        assertTrue(checked >= 10, "only " + checked + " Java blocks checked");
    }

    private static List<String> stripped(List<String> lines) {
        return lines.stream().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }
}
