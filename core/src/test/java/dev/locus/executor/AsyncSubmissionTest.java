package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * {@link KeyedExecutorService#submitAsync(long, java.util.concurrent.Callable)} and
 * {@link KeyedExecutorService#runAsync(long, Runnable)}, and their {@link ObjectKeyedExecutor}
 * twins: the future completes as the task did, the task keeps its key's order, cancellation skips
 * a task that has not started, and the queued task is a {@link Future} of the caller's future for
 * whoever holds it instead (a rejection handler, the caller of {@code shutdownNow()}).
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class AsyncSubmissionTest {

    private static final long WAIT_S = 10;
    private static final long KEY = 7;

    @RegisterExtension
    final OpenedExecutors opened = new OpenedExecutors();

    // ---------------------------------------------------------------- completion

    @Test
    void futuresCompleteWithTheValueOrNullOnTheKeysWorker() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(2).fixedRange(0, 99)
                .threadFactory(task -> new Thread(task, "async-test-worker")).build());
        CompletableFuture<String> value = executor.submitAsync(KEY, () -> Thread.currentThread().getName());
        AtomicBoolean ran = new AtomicBoolean();
        CompletableFuture<Void> done = executor.runAsync(KEY, () -> ran.set(true));

        assertEquals("async-test-worker", value.get(WAIT_S, SECONDS));
        assertNull(done.get(WAIT_S, SECONDS));
        assertTrue(ran.get());
    }

    @Test
    void whatTheTaskThrowsCompletesTheFutureAndNeverReachesTheWorker() throws Exception {
        Queue<Throwable> uncaught = new ConcurrentLinkedQueue<>();
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).threadFactory(task -> {
            Thread t = new Thread(task, "async-test-worker");
            t.setUncaughtExceptionHandler((thread, failure) -> uncaught.add(failure));
            return t;
        }).build());
        IOException checked = new IOException("disk gone");
        IllegalStateException unchecked = new IllegalStateException("bad state");
        AssertionError error = new AssertionError("broken");

        CompletableFuture<Integer> fromCallable = executor.submitAsync(KEY, () -> {
            throw checked;
        });
        CompletableFuture<Void> fromRunnable = executor.runAsync(KEY, () -> {
            throw unchecked;
        });
        CompletableFuture<Void> fromError = executor.runAsync(KEY, () -> {
            throw error;
        });

        // the task's own throwable, wrapped only as CompletableFuture wraps any failure
        assertSame(checked, assertThrows(ExecutionException.class, () -> fromCallable.get(WAIT_S, SECONDS)).getCause());
        assertSame(unchecked, assertThrows(CompletionException.class, fromRunnable::join).getCause());
        assertSame(error, assertThrows(ExecutionException.class, () -> fromError.get(WAIT_S, SECONDS)).getCause());
        // the worker survives and was never handed the throwables
        assertEquals(42, executor.submitAsync(KEY, () -> 42).get(WAIT_S, SECONDS));
        assertTrue(uncaught.isEmpty(), "thrown into the worker: " + uncaught);
    }

    // ---------------------------------------------------------------- order

    @Test
    void asyncTasksKeepTheKeysOrderAmongExecutedOnes() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.fixedRange(2, 0, 3));
        int keys = 4;
        int perKey = 2_000;
        List<Queue<Integer>> ran = new ArrayList<>();
        List<CompletableFuture<Integer>> values = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
            ran.add(new ConcurrentLinkedQueue<>());
        }
        for (int i = 0; i < perKey; i++) {
            for (int k = 0; k < keys; k++) {
                int n = i;
                Queue<Integer> order = ran.get(k);
                switch (i % 3) {
                    case 0 -> executor.execute(k, () -> order.add(n));
                    case 1 -> executor.runAsync(k, () -> order.add(n));
                    default -> values.add(executor.submitAsync(k, () -> {
                        order.add(n);
                        return n;
                    }));
                }
            }
        }
        CompletableFuture.allOf(values.toArray(CompletableFuture[]::new)).get(WAIT_S, SECONDS);
        for (int k = 0; k < keys; k++) {
            Queue<Integer> order = ran.get(k);
            executor.runAsync(k, () -> order.add(perKey)).get(WAIT_S, SECONDS);
        }

        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i <= perKey; i++) {
            expected.add(i);
        }
        for (int k = 0; k < keys; k++) {
            assertEquals(expected, List.copyOf(ran.get(k)), "order of key " + k);
        }
        for (int v = 0; v < values.size(); v++) {
            assertEquals(v / keys * 3 + 2, values.get(v).get(), "value of the async task " + v);
        }
    }

    @Test
    void objectKeyedTasksKeepTheOrderOfTheirKey() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.fixedRange(2, 0, Integer.MAX_VALUE));
        ObjectKeyedExecutor<String> byAccount = executor.keyedByHash();
        Queue<Integer> order = new ConcurrentLinkedQueue<>();
        int tasks = 3_000;
        CompletableFuture<Integer> lastValue = null;
        for (int i = 0; i < tasks; i++) {
            int n = i;
            String account = new String("acct-1"); // equal keys, not the same object
            if (i % 3 == 0) {
                byAccount.execute(account, () -> order.add(n));
            } else if (i % 3 == 1) {
                byAccount.runAsync(account, () -> order.add(n));
            } else {
                lastValue = byAccount.submitAsync(account, () -> {
                    order.add(n);
                    return n;
                });
            }
        }
        assertEquals(tasks - 1, lastValue.get(WAIT_S, SECONDS));
        assertEquals(tasks, order.size());
        int expected = 0;
        for (int n : order) {
            assertEquals(expected++, n, "order of acct-1");
        }
    }

    // ---------------------------------------------------------------- cancellation

    @Test
    void cancellingBeforeTheTaskStartsSkipsItsBodyAndKeepsTheKeysOrder() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).build());
        Queue<String> ran = new ConcurrentLinkedQueue<>();
        Gate gate = Gate.hold(executor, KEY);
        CompletableFuture<Void> first = executor.runAsync(KEY, () -> ran.add("first"));
        CompletableFuture<Integer> cancelled = executor.submitAsync(KEY, () -> {
            ran.add("cancelled");
            return 1;
        });
        CompletableFuture<Void> completedByHand = executor.runAsync(KEY, () -> ran.add("completed by hand"));
        CompletableFuture<Void> after = executor.runAsync(KEY, () -> ran.add("after"));

        assertTrue(cancelled.cancel(true));
        assertTrue(completedByHand.complete(null));
        gate.open();

        after.get(WAIT_S, SECONDS);
        assertNull(first.get(WAIT_S, SECONDS));
        assertEquals(List.of("first", "after"), List.copyOf(ran));
        assertTrue(cancelled.isCancelled());
        assertThrows(CancellationException.class, cancelled::join);
    }

    @Test
    void cancellingARunningTaskCompletesTheFutureButNeitherInterruptsNorStopsTheTask() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).build());
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        CompletableFuture<String> running = executor.submitAsync(KEY, () -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            finished.set(true);
            return "dropped";
        });
        assertTrue(started.await(WAIT_S, SECONDS));

        assertTrue(running.cancel(true));
        assertTrue(running.isCancelled()); // at once, while the body still runs
        release.countDown();
        executor.runAsync(KEY, () -> { }).get(WAIT_S, SECONDS); // the body has ended

        assertTrue(finished.get());
        assertFalse(interrupted.get(), "cancel(true) interrupted the worker");
        assertTrue(running.isCancelled(), "the body's result replaced the cancellation");
    }

    @Test
    void aRejectionHandlerThatCancelsFuturesCancelsTheCallersFuture() throws Exception {
        AtomicInteger refusals = new AtomicInteger();
        RejectionHandler cancelling = (task, executor, shutdown) -> {
            refusals.incrementAndGet();
            if (task instanceof Future<?> f) {
                f.cancel(false);
            }
        };
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1)
                .queueCapacity(2).rejectionHandler(cancelling).build());
        AtomicInteger bodies = new AtomicInteger();
        Gate gate = Gate.hold(executor, KEY);
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        while (refusals.get() == 0 && futures.size() < 100) {
            futures.add(executor.runAsync(KEY, bodies::incrementAndGet));
        }
        assertEquals(1, refusals.get(), "a queue of capacity 2 refused no task of " + futures.size());
        CompletableFuture<Void> refused = futures.get(futures.size() - 1);
        assertTrue(refused.isCancelled(), "the handler's cancel did not reach the caller's future");
        gate.open();

        List<CompletableFuture<Void>> accepted = futures.subList(0, futures.size() - 1);
        for (CompletableFuture<Void> future : accepted) {
            assertNull(future.get(WAIT_S, SECONDS));
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(accepted.size(), bodies.get(), "the refused task ran");
    }

    // ---------------------------------------------------------------- shutdown and rejection

    @Test
    void shutdownNowReturnsTasksThatCancelOrCompleteTheCallersFutures() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).build());
        AtomicInteger bodies = new AtomicInteger();
        Gate gate = Gate.hold(executor, KEY);
        CompletableFuture<String> a = executor.submitAsync(KEY, () -> "a" + bodies.incrementAndGet());
        CompletableFuture<String> b = executor.submitAsync(KEY, () -> "b" + bodies.incrementAndGet());

        List<Runnable> neverStarted = executor.shutdownNow();
        gate.open();

        assertEquals(2, neverStarted.size(), neverStarted.toString());
        assertFalse(a.isDone() || b.isDone());
        assertTrue(assertInstanceOf(Future.class, neverStarted.get(0)).cancel(false));
        neverStarted.get(1).run(); // the caller may run one instead
        neverStarted.get(0).run(); // a cancelled task stays skipped

        assertEquals(1, bodies.get());
        assertTrue(a.isCancelled() != b.isCancelled(), "one cancelled: " + a + ", " + b);
        CompletableFuture<String> run = a.isCancelled() ? b : a;
        assertEquals((run == a ? "a" : "b") + 1, run.getNow(null));
    }

    @Test
    void afterShutdownTheCallThrowsAndNoTaskRuns() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).build());
        ObjectKeyedExecutor<String> byName = executor.keyedByHash();
        executor.shutdown();
        AtomicBoolean ran = new AtomicBoolean();

        assertThrows(RejectedExecutionException.class, () -> executor.submitAsync(KEY, () -> ran.getAndSet(true)));
        assertThrows(RejectedExecutionException.class, () -> executor.runAsync(KEY, () -> ran.set(true)));
        assertThrows(RejectedExecutionException.class, () -> byName.submitAsync("k", () -> ran.getAndSet(true)));
        assertThrows(RejectedExecutionException.class, () -> byName.runAsync("k", () -> ran.set(true)));
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertFalse(ran.get());
    }

    @Test
    void nullTasksAndKeysAreRefusedBeforeAnythingIsQueued() throws Exception {
        KeyedExecutorService executor = opened.open(LocusExecutors.builder(1).build());
        ObjectKeyedExecutor<String> byName = executor.keyedByHash();
        Gate gate = Gate.hold(executor, KEY);

        assertThrows(NullPointerException.class, () -> executor.submitAsync(KEY, null));
        assertThrows(NullPointerException.class, () -> executor.runAsync(KEY, null));
        assertThrows(NullPointerException.class, () -> byName.submitAsync("k", null));
        assertThrows(NullPointerException.class, () -> byName.runAsync("k", null));
        assertThrows(NullPointerException.class, () -> byName.submitAsync(null, () -> 1));
        assertThrows(NullPointerException.class, () -> byName.runAsync(null, () -> { }));

        List<Runnable> queued = executor.shutdownNow();
        gate.open();
        assertEquals(List.of(), queued);
    }

    /** A task that holds its key's worker until {@link #open()}, so that later tasks queue. */
    private static final class Gate {

        private final CountDownLatch release = new CountDownLatch(1);

        static Gate hold(KeyedExecutorService executor, long key) throws InterruptedException {
            Gate gate = new Gate();
            CountDownLatch started = new CountDownLatch(1);
            executor.execute(key, () -> {
                started.countDown();
                try {
                    gate.release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // shutdownNow: let the worker go
                }
            });
            assertTrue(started.await(WAIT_S, SECONDS), "the gate task never started");
            return gate;
        }

        void open() {
            release.countDown();
        }
    }
}
