package dev.locus.stm;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.ContentionManager;
import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.callables.TxnVoidCallable;
import dev.locus.multiverse.api.exceptions.RetryInterruptedException;
import dev.locus.multiverse.api.references.TxnInteger;
import dev.locus.toggle.ToggleExecutor;
import dev.locus.workloads.KaryTree;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Transactions on Toggle ({@link TransactionalExecutor#on(ToggleExecutor)}), held to what the
 * keyed executors' transactions promise: each submitted transaction commits once, comes back from
 * {@code shutdownNow}, is rejected, or fails (raced against shutdowns, with deferrals and real
 * conflicts); aborts are counted as Multiverse saw them; a deferred transaction goes behind its
 * bucket; transactions whose lock sets meet never conflict in scheduler-exclusive mode;
 * interrupts, cancellation, failures and bad input.
 */
@Timeout(value = 120, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ToggleTransactionsTest {

    private static final long WAIT_S = 10;
    private static final int ROUNDS = 40;
    private static final int PRODUCERS = 2;
    private static final int PER_PRODUCER = 150;
    /** How long a transaction holds the hot counter open, so that others conflict with it. */
    private static final long HOT_NANOS = 50_000;

    /** 85 nodes, 64 leaves; the root's children c[0..3] cover leaves 0-15, 16-31, 32-47, 48-63. */
    private final Hierarchy h = KaryTree.of(4, 85);
    private final int[] c = h.children(h.root());
    private final List<ToggleExecutor> opened = new ArrayList<>();

    @AfterEach
    void shutDown() throws InterruptedException {
        for (ToggleExecutor executor : opened) {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS), "cleanup: " + executor + " did not terminate");
        }
    }

    private ToggleExecutor open(ToggleExecutor.Builder builder) {
        ToggleExecutor executor = builder.build();
        opened.add(executor);
        return executor;
    }

    private LockSet write(int node) {
        return LockSet.of(h, node, LockMode.WRITE);
    }

    // ---------------------------------------------------------------- exactly once

    @Test
    void everyTransactionCommitsOnceOrComesBackOrIsRejectedOrFails() throws Exception {
        SplittableRandom seeds = new SplittableRandom(0x57A7065L);
        long[] totals = new long[5];
        for (int round = 0; round < ROUNDS; round++) {
            long[] outcome = round(round, seeds.nextLong());
            for (int i = 0; i < totals.length; i++) {
                totals[i] += outcome[i];
            }
        }
        System.out.printf("toggle transactions: committed %d, returned %d, rejected %d, failed %d; conflicts %d%n",
                totals[0], totals[1], totals[2], totals[3], totals[4]);
        assertTrue(totals[0] > 0 && totals[1] > 0 && totals[2] > 0, "committed " + totals[0] + ", returned "
                + totals[1] + ", rejected " + totals[2] + ": some way out never occurred, the rounds do not race");
        assertTrue(totals[4] > 0, "no transaction conflicted: the contention managers were never asked");
    }

    /**
     * One executor raced by producers and a stopper. Each transaction increments its own
     * transactional counter, so a doubled commit counts two; a leaf counter under its lock set;
     * and every other one a hot counter outside every lock set, which conflicts for real, so that the
     * contention managers wait, back off and defer. Returns {committed, returned, rejected, failed,
     * conflicts}.
     */
    private long[] round(int round, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        ToggleExecutor.Builder builder = ToggleExecutor.builder(h, 1 + random.nextInt(3))
                .stealing(random.nextBoolean()).threshold(1 + random.nextInt(8)).delayThreshold(1 + random.nextInt(8));
        if (random.nextBoolean()) {
            builder.lockManager(locks -> () -> { }); // placement only: the STM alone keeps conflicts apart
        }
        ToggleExecutor toggle = builder.build();
        ContentionManager manager = managers().get(round % managers().size()).get();
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).contentionManager(manager).build();
        String what = "round " + round + " (seed " + seed + ", " + toggle + ", " + manager + ")";

        int transactions = PRODUCERS * PER_PRODUCER;
        TxnInteger[] commits = new TxnInteger[transactions];
        for (int id = 0; id < transactions; id++) {
            commits[id] = StmUtils.newTxnInteger(0);
        }
        TxnInteger[] leaves = new TxnInteger[h.leafCount()];
        for (int leaf = 0; leaf < leaves.length; leaf++) {
            leaves[leaf] = StmUtils.newTxnInteger(0);
        }
        TxnInteger hot = StmUtils.newTxnInteger(0);
        AtomicIntegerArray rejected = new AtomicIntegerArray(transactions);
        Map<Future<?>, Integer> futures = Collections.synchronizedMap(new IdentityHashMap<>());
        boolean[] touchesHot = new boolean[transactions];
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            int first = p * PER_PRODUCER;
            SplittableRandom producerRandom = random.split();
            for (int id = first; id < first + PER_PRODUCER; id++) {
                touchesHot[id] = producerRandom.nextBoolean();
            }
            Thread t = new Thread(() -> {
                await(go);
                for (int id = first; id < first + PER_PRODUCER; id++) {
                    int leaf = producerRandom.nextInt(h.leafCount());
                    TxnInteger mine = commits[id];
                    boolean alsoHot = touchesHot[id];
                    try {
                        futures.put(stm.submitVoid(write(h.leafNode(leaf)), txn -> {
                            mine.increment(txn);
                            leaves[leaf].increment(txn);
                            if (alsoHot) {
                                int v = hot.get(txn);
                                busy(HOT_NANOS);
                                hot.set(txn, v + 1);
                            }
                        }), id);
                    } catch (RejectedExecutionException e) {
                        rejected.incrementAndGet(id);
                    }
                }
            });
            t.start();
            producers.add(t);
        }
        go.countDown();
        Thread.sleep(random.nextInt(4));
        List<Runnable> returned = new ArrayList<>();
        switch (random.nextInt(3)) {
            case 0 -> toggle.shutdown();
            case 1 -> returned.addAll(toggle.shutdownNow());
            default -> {
                toggle.shutdown();
                returned.addAll(toggle.shutdownNow());
            }
        }
        for (Thread t : producers) {
            t.join(SECONDS.toMillis(WAIT_S));
            assertFalse(t.isAlive(), what + ": a producer is stuck");
        }
        assertTrue(toggle.awaitTermination(WAIT_S, SECONDS), what + ": did not terminate");

        int[] returnedCount = new int[transactions];
        for (Runnable r : returned) {
            Integer id = futures.get(r);
            assertTrue(id != null, what + ": shutdownNow returned something never submitted: " + r);
            returnedCount[id]++;
        }
        int[] failed = new int[transactions];
        Map<Integer, Future<?>> byId = new HashMap<>();
        futures.forEach((f, id) -> byId.put(id, f));
        for (Map.Entry<Integer, Future<?>> e : byId.entrySet()) {
            Future<?> f = e.getValue();
            if (f.isDone()) {
                try {
                    f.get();
                } catch (ExecutionException failure) {
                    assertInstanceOf(InterruptedException.class, failure.getCause(), what + ": only shutdownNow fails"
                            + " a transaction");
                    failed[e.getKey()]++;
                }
            }
        }
        long[] outcome = new long[5];
        long hotCommits = 0;
        for (int id = 0; id < transactions; id++) {
            int committed = commits[id].atomicGet();
            int ways = committed + returnedCount[id] + rejected.get(id) + failed[id];
            assertEquals(1, ways, what + ": transaction " + id + " committed " + committed + " times, was returned "
                    + returnedCount[id] + " times, rejected " + rejected.get(id) + " times and failed " + failed[id]
                    + " times");
            Future<?> f = byId.get(id);
            if (committed == 1) {
                assertTrue(f.isDone(), what + ": transaction " + id + " committed and its future is not done");
                hotCommits += touchesHot[id] ? 1 : 0;
            }
            if (returnedCount[id] == 1) {
                assertFalse(f.isDone(), what + ": transaction " + id + " came back and its future is done");
            }
            outcome[0] += committed;
            outcome[1] += returnedCount[id];
            outcome[2] += rejected.get(id);
            outcome[3] += failed[id];
        }
        long leafTotal = 0;
        for (TxnInteger leaf : leaves) {
            leafTotal += leaf.atomicGet();
        }
        assertEquals(outcome[0], leafTotal, what + ": leaf increments lost or doubled");
        assertEquals(hotCommits, hot.atomicGet(), what + ": hot increments lost or doubled");
        assertEquals(outcome[0], stm.stats().total().commits(), what + ": the adapter's commit count");
        outcome[4] = stm.stats().total().conflicts();
        return outcome;
    }

    private static List<Supplier<ContentionManager>> managers() {
        return List.of(ContentionManagers::basic, ContentionManagers::polka, ContentionManagers::serializePark,
                ContentionManagers::softSerialization);
    }

    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(WAIT_S, SECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    // ---------------------------------------------------------------- exclusion, accounting, deferral

    /**
     * Each transaction reads, or increments, the counter of every leaf below the node it locks, and
     * spins in between: two that share a counter have lock sets that meet, so Toggle never runs
     * them at the same time and none aborts, even with the basic contention manager.
     */
    @RepeatedTest(3)
    void transactionsWhoseLockSetsMeetNeverConflictInSchedulerExclusiveMode() throws Exception {
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 3).threshold(2).delayThreshold(2));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).contentionManager(ContentionManagers.basic())
                .build();
        TxnInteger[] leaves = new TxnInteger[h.leafCount()];
        for (int leaf = 0; leaf < leaves.length; leaf++) {
            leaves[leaf] = StmUtils.newTxnInteger(0);
        }
        int[] expected = new int[h.leafCount()];
        SplittableRandom random = new SplittableRandom(17);
        List<Future<Void>> results = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            int node = c[random.nextInt(c.length)]; // a child of the root, a grandchild, or a leaf
            for (int down = random.nextInt(3); down > 0; down--) {
                int[] below = h.children(node);
                node = below[random.nextInt(below.length)];
            }
            boolean writes = random.nextBoolean();
            int lo = h.lo(node);
            int hi = h.hi(node);
            if (writes) {
                for (int leaf = lo; leaf <= hi; leaf++) {
                    expected[leaf]++;
                }
            }
            results.add(stm.submitVoid(LockSet.of(h, node, writes ? LockMode.WRITE : LockMode.READ), txn -> {
                for (int leaf = lo; leaf <= hi; leaf++) {
                    int v = leaves[leaf].get(txn);
                    for (int spin = 0; spin < 50; spin++) {
                        Thread.onSpinWait();
                    }
                    if (writes) {
                        leaves[leaf].set(txn, v + 1);
                    }
                }
            }));
        }
        for (Future<Void> f : results) {
            f.get(WAIT_S, SECONDS);
        }
        for (int leaf = 0; leaf < leaves.length; leaf++) {
            assertEquals(expected[leaf], leaves[leaf].atomicGet(), "leaf " + leaf);
        }
        assertEquals(new ContentionStats.Counts(600, 0, 0), stm.stats().total(),
                "the scheduler kept every pair that touches one counter apart");
    }

    @RepeatedTest(10)
    void reportsExactlyTheAbortsMultiverseSawByWorkerTypeAndLeafRange() throws Exception {
        ListenerCount witness = new ListenerCount();
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 2).name("acct").stealing(false));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle)
                .contentionManager(ContentionManagers.basic())
                .txnFactoryBuilder(witness.factoryBuilder())
                .keyRanges(0, h.leafCount() - 1, 2)
                .build();
        TxnInteger shared = StmUtils.newTxnInteger(0); // outside both lock sets
        CountDownLatch aHasRead = new CountDownLatch(1);
        CountDownLatch bCommitted = new CountDownLatch(1);

        Future<Integer> a = stm.submit(write(c[0]), 7, txn -> { // bucket 0: leaves 0-31
            int seen = shared.get(txn);
            if (aHasRead.getCount() > 0) {
                aHasRead.countDown();
                bCommitted.await(WAIT_S, SECONDS);
            }
            shared.set(txn, seen + 1);
            return seen;
        });
        assertTrue(aHasRead.await(WAIT_S, SECONDS));
        stm.submitVoid(write(c[3]), 8, txn -> shared.set(txn, 100)).get(WAIT_S, SECONDS); // bucket 1
        bCommitted.countDown();

        assertEquals(100, a.get(WAIT_S, SECONDS), "A's retry read B's write");
        ContentionStats stats = stm.stats();
        assertEquals(new ContentionStats.Counts(2, 1, 1), stats.total());
        assertEquals(witness.commits.get(), stats.total().commits(), "commits Multiverse reported");
        assertEquals(witness.aborts.get(), stats.total().aborts(), "aborts Multiverse reported");
        assertEquals(new ContentionStats.Counts(1, 1, 1), stats.byType().get(7));
        assertEquals(new ContentionStats.Counts(1, 0, 0), stats.byType().get(8));
        assertEquals(new ContentionStats.KeyRangeCounts(0, 31, new ContentionStats.Counts(1, 1, 1)),
                stats.byKeyRange().get(0));
        assertEquals(new ContentionStats.KeyRangeCounts(32, 63, new ContentionStats.Counts(1, 0, 0)),
                stats.byKeyRange().get(1));
        assertEquals(new ContentionStats.Counts(1, 1, 1), stats.byWorker().get("acct-worker-0"));
        assertEquals(new ContentionStats.Counts(1, 0, 0), stats.byWorker().get("acct-worker-1"));
    }

    /**
     * A loses a conflict to B and is deferred; C, queued behind A in A's bucket, commits before A's
     * retry. A and C span their bucket's two inner sub-buckets, so both stay in its outer queue,
     * which is first in, first out.
     */
    @RepeatedTest(5)
    void aDeferredTransactionGoesBehindItsBucket() throws Exception {
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 2).stealing(false));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle)
                .contentionManager(ContentionManagers.softSerialization())
                .build();
        TxnInteger shared = StmUtils.newTxnInteger(0);
        List<String> commitOrder = new CopyOnWriteArrayList<>();
        CountDownLatch aHasRead = new CountDownLatch(1);
        CountDownLatch bCommitted = new CountDownLatch(1);
        LockSet bucket0 = LockSet.on(h).read(c[0]).write(c[1]).build();

        Future<Void> a = stm.submitVoid(bucket0, txn -> {
            int seen = shared.get(txn);
            if (aHasRead.getCount() > 0) {
                aHasRead.countDown();
                bCommitted.await(WAIT_S, SECONDS);
            }
            shared.set(txn, seen + 1);
            StmUtils.scheduleDeferredTask(() -> commitOrder.add("A"));
        });
        assertTrue(aHasRead.await(WAIT_S, SECONDS));
        Future<Void> c0 = stm.submitVoid(bucket0, txn -> StmUtils.scheduleDeferredTask(() -> commitOrder.add("C")));
        stm.submitVoid(write(c[3]), txn -> shared.set(txn, 100)).get(WAIT_S, SECONDS);
        commitOrder.add("B");
        bCommitted.countDown();

        a.get(WAIT_S, SECONDS);
        c0.get(WAIT_S, SECONDS);
        assertEquals(List.of("B", "C", "A"), commitOrder);
        assertEquals(101, shared.atomicGet());
        assertEquals(new ContentionStats.Counts(3, 1, 1), stm.stats().total());
    }

    // ---------------------------------------------------------------- failures and interrupts

    @Test
    void aThrowingTransactionFailsItsFutureRollsBackAndTheWorkerCarriesOn() throws Exception {
        TxnInteger ref = StmUtils.newTxnInteger(1);
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 1));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).build();
        IllegalArgumentException thrown = new IllegalArgumentException("not retryable");
        String[] threads = new String[2];
        Future<Integer> failing = stm.submit(write(c[0]), txn -> {
            threads[0] = Thread.currentThread().getName();
            ref.set(txn, 99);
            throw thrown;
        });
        Future<Integer> checked = stm.submit(write(c[1]), txn -> {
            throw new IOException("checked");
        });
        Future<Integer> next = stm.submit(write(c[0]), txn -> {
            threads[1] = Thread.currentThread().getName();
            return ref.incrementAndGet(txn, 1);
        });

        assertSame(thrown, assertThrows(ExecutionException.class, failing::get).getCause());
        assertInstanceOf(IOException.class, assertThrows(ExecutionException.class, checked::get).getCause());
        assertEquals(2, next.get(WAIT_S, SECONDS), "the failed write was rolled back");
        assertEquals(threads[0], threads[1], "the same worker ran the next transaction");
        assertEquals(new ContentionStats.Counts(1, 2, 0), stm.stats().total());
    }

    @Test
    void shutdownNowInterruptsATransactionBlockedInItsOwnCode() throws Exception {
        assertShutdownNowInterrupts(InterruptedException.class, txn -> Thread.sleep(SECONDS.toMillis(3600)));
    }

    @Test
    void shutdownNowInterruptsATransactionBlockedInMultiverseRetry() throws Exception {
        TxnInteger neverSet = StmUtils.newTxnInteger(0);
        assertShutdownNowInterrupts(RetryInterruptedException.class, txn -> {
            if (neverSet.get(txn) == 0) {
                txn.retry(); // blocks until the ref changes
            }
        });
    }

    /** The queued transactions come back as their futures, one of them in another bucket. */
    private void assertShutdownNowInterrupts(Class<? extends Throwable> expected, TxnVoidCallable blocking)
            throws Exception {
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 2));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).build();
        CountDownLatch started = new CountDownLatch(1);
        Future<Void> blocked = stm.submitVoid(write(c[0]), txn -> {
            started.countDown();
            blocking.call(txn);
        });
        assertTrue(started.await(WAIT_S, SECONDS)); // in an inner phase of bucket 0, whose outer queue waits
        Future<Void> queuedBehind = stm.submitVoid(write(h.children(c[0])[2]), txn -> { });
        Future<Void> spanning = stm.submitVoid(LockSet.on(h).write(c[1]).read(c[3]).build(), txn -> { });

        List<Runnable> neverStarted = toggle.shutdownNow();

        assertEquals(2, neverStarted.size(), "returned " + neverStarted);
        assertTrue(neverStarted.contains(queuedBehind) && neverStarted.contains(spanning), "returned " + neverStarted);
        assertTrue(toggle.awaitTermination(WAIT_S, SECONDS), "the blocked worker was released");
        assertInstanceOf(expected, assertThrows(ExecutionException.class, blocked::get).getCause());
        assertFalse(queuedBehind.isDone() || spanning.isDone(), "a returned transaction ran");
        assertEquals(0, stm.stats().total().commits());
    }

    @Test
    void cancelInterruptsARunningTransactionAndTheWorkerMovesOn() throws Exception {
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 1));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).build();
        CountDownLatch started = new CountDownLatch(1);
        Future<Void> blocked = stm.submitVoid(write(c[0]), txn -> {
            started.countDown();
            Thread.sleep(SECONDS.toMillis(3600));
        });
        Future<Integer> after = stm.submit(write(c[0]), txn -> 42);
        assertTrue(started.await(WAIT_S, SECONDS));

        assertTrue(blocked.cancel(true));

        assertThrows(CancellationException.class, blocked::get);
        assertEquals(42, after.get(WAIT_S, SECONDS));
    }

    // ---------------------------------------------------------------- bad input

    @Test
    void badInputIsRefusedClearly() throws Exception {
        ToggleExecutor toggle = open(ToggleExecutor.builder(h, 2));
        TransactionalExecutor stm = TransactionalExecutor.on(toggle).build();
        LockSet ok = write(c[0]);
        assertThrows(NullPointerException.class, () -> TransactionalExecutor.on((ToggleExecutor) null));
        assertThrows(NullPointerException.class, () -> stm.submit((LockSet) null, txn -> 1));
        assertThrows(NullPointerException.class, () -> stm.submit(ok, null));
        assertThrows(NullPointerException.class, () -> stm.submitVoid(ok, null));
        assertThrows(NullPointerException.class, () -> stm.submitVoid((LockSet) null, txn -> { }));
        LockSet foreign = LockSet.of(KaryTree.of(4, 85), c[0], LockMode.WRITE); // same shape, another hierarchy
        assertThrows(IllegalArgumentException.class, () -> stm.submit(foreign, txn -> 1));
        assertThrows(IllegalStateException.class, () -> stm.submit(5, txn -> 1), "a key, on Toggle");
        assertThrows(IllegalArgumentException.class, () -> TransactionalExecutor.on(toggle).keyRanges(5, 4, 1));

        Future<Integer> nested = stm.submit(ok, txn -> stm.call(0, 0, inner -> 1));
        assertInstanceOf(IllegalStateException.class, assertThrows(ExecutionException.class, nested::get).getCause());
        assertEquals(7, stm.submit(ok, txn -> 7).get(WAIT_S, SECONDS), "the worker is fine after");
        assertEquals(new ContentionStats.Counts(1, 1, 0), stm.stats().total(),
                "the refused ones never ran; the transaction around the nested call rolled back");

        try (KeyedExecutorService keyed = LocusExecutors.roundRobin(1)) {
            TransactionalExecutor byKey = TransactionalExecutor.on(keyed).build();
            assertThrows(IllegalStateException.class, () -> byKey.submit(ok, txn -> 1), "a lock set, keyed");
        }
        TransactionalExecutor inline = TransactionalExecutor.withoutExecutor().build();
        assertThrows(IllegalStateException.class, () -> inline.submit(ok, txn -> 1));

        toggle.shutdown();
        assertThrows(RejectedExecutionException.class, () -> stm.submit(ok, txn -> 1));
        assertThrows(RejectedExecutionException.class, () -> stm.submitVoid(ok, txn -> { }));
        assertTrue(toggle.awaitTermination(WAIT_S, SECONDS));
    }
}
