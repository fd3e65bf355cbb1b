package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Bounded queues under load: many producers, few keys, each built-in handler. Whatever the handler,
 * no two tasks of one key overlap, and every task is run once or accounted for as rejected
 * (thrown, or a cancelled future); the blocking handler rejects nothing while it can wait.
 */
class BackPressureTest {

    private static final int PRODUCERS = 8;
    private static final int KEYS = 4;
    private static final int TASKS_PER_PRODUCER = 50_000;
    private static final long WAIT_S = 30;

    @Test
    void blockKeepsExclusionAndOrderAndRejectsNothing() throws Exception {
        Outcome outcome = flood(RejectionHandler.block(Duration.ofMinutes(1)));
        assertEquals(0, outcome.rejected, "the blocking handler rejected tasks it could have waited for");
        assertEquals(PRODUCERS * (long) TASKS_PER_PRODUCER, outcome.ran);
    }

    @Test
    void abortKeepsExclusionAndAccountsForEveryTask() throws Exception {
        Outcome outcome = flood(RejectionHandler.abort());
        assertTrue(outcome.rejected > 0, "the queues never filled, so the test tested nothing");
    }

    @Test
    void discardCancelsTheFuturesItDrops() throws Exception {
        Outcome outcome = flood(RejectionHandler.discard());
        assertTrue(outcome.rejected > 0, "the queues never filled, so the test tested nothing");
    }

    /**
     * Producers submit {@code TASKS_PER_PRODUCER} futures each over {@code KEYS} keys to 2 workers
     * with queues of 4; every future is then either done by its task or rejected (a
     * RejectedExecutionException from submit, or cancelled by the handler), never both, never
     * neither; tasks check that they run alone and in their producer's order for their key.
     */
    private static Outcome flood(RejectionHandler handler) throws Exception {
        KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, KEYS - 1)
                .queueCapacity(4).rejectionHandler(handler).build();
        AtomicIntegerArray running = new AtomicIntegerArray(KEYS);
        AtomicLong ran = new AtomicLong();
        AtomicLong rejected = new AtomicLong();
        AtomicLong violations = new AtomicLong();
        AtomicReference<String> firstViolation = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            SplittableRandom random = new SplittableRandom(p);
            producers.add(new Thread(() -> {
                try {
                    int[] lastRun = new int[KEYS]; // read and written by this producer's tasks, one key at a time
                    List<Future<?>> futures = new ArrayList<>();
                    for (int i = 1; i <= TASKS_PER_PRODUCER; i++) {
                        int key = random.nextInt(KEYS);
                        int seq = i;
                        try {
                            futures.add(executor.submit(key, () -> {
                                if (running.getAndIncrement(key) != 0) {
                                    violations.incrementAndGet();
                                    firstViolation.compareAndSet(null, "two tasks of key " + key + " overlapped");
                                }
                                synchronized (lastRun) {
                                    if (lastRun[key] >= seq) {
                                        violations.incrementAndGet();
                                        firstViolation.compareAndSet(null, "task " + seq + " of key " + key
                                                + " ran after task " + lastRun[key]);
                                    }
                                    lastRun[key] = seq;
                                }
                                running.decrementAndGet(key);
                                ran.incrementAndGet();
                            }));
                        } catch (RejectedExecutionException e) {
                            rejected.incrementAndGet();
                        }
                    }
                    for (Future<?> f : futures) {
                        try {
                            f.get(WAIT_S, SECONDS);
                        } catch (CancellationException e) {
                            rejected.incrementAndGet();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        producers.forEach(Thread::start);
        for (Thread t : producers) {
            t.join();
        }
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        if (failure.get() != null) {
            throw new AssertionError("a producer failed", failure.get());
        }
        assertEquals(0, violations.get(), violations.get() + " violations; first: " + firstViolation.get());
        assertEquals(PRODUCERS * (long) TASKS_PER_PRODUCER, ran.get() + rejected.get(),
                "tasks neither run nor rejected, or both: ran " + ran.get() + ", rejected " + rejected.get());
        return new Outcome(ran.get(), rejected.get());
    }

    private record Outcome(long ran, long rejected) {
    }

    @Test
    void blockRejectsOnceTheTimeoutPasses() throws Exception {
        try (Held held = Held.fullQueue(RejectionHandler.block(Duration.ofMillis(200)))) {
            long start = System.nanoTime();
            RejectedExecutionException e = assertThrows(RejectedExecutionException.class,
                    () -> held.executor.execute(0, () -> { }));
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(waitedMs >= 200, "rejected after " + waitedMs + " ms, before the 200 ms timeout");
            assertTrue(e.getMessage().contains("stayed full"), e.getMessage());
        }
    }

    @Test
    void blockQueuesTheTaskOnceTheWorkerMakesRoom() throws Exception {
        try (Held held = Held.fullQueue(RejectionHandler.block(Duration.ofMinutes(1)))) {
            AtomicInteger ran = new AtomicInteger();
            Thread producer = new Thread(() -> held.executor.execute(0, ran::incrementAndGet));
            producer.start();
            awaitWaiting(producer);
            held.release.countDown();
            producer.join(SECONDS.toMillis(WAIT_S));
            assertFalse(producer.isAlive(), "the producer still waits though the queue drained");
            held.executor.shutdown();
            assertTrue(held.executor.awaitTermination(WAIT_S, SECONDS));
            assertEquals(1, ran.get());
        }
    }

    @Test
    void anInterruptedWaitRejectsAndKeepsTheInterrupt() throws Exception {
        try (Held held = Held.fullQueue(RejectionHandler.block(Duration.ofMinutes(1)))) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Boolean> interrupted = new AtomicReference<>();
            Thread producer = new Thread(() -> {
                try {
                    held.executor.execute(0, () -> { });
                } catch (RejectedExecutionException e) {
                    thrown.set(e);
                    interrupted.set(Thread.currentThread().isInterrupted());
                }
            });
            producer.start();
            awaitWaiting(producer);
            producer.interrupt();
            producer.join(SECONDS.toMillis(WAIT_S));
            assertInstanceOf(InterruptedException.class, thrown.get().getCause());
            assertTrue(interrupted.get(), "the interrupt status was not set again");
        }
    }

    @Test
    void shutdownNowWakesAWaitingProducerWithARejection() throws Exception {
        try (Held held = Held.fullQueue(RejectionHandler.block(Duration.ofMinutes(1)))) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread producer = new Thread(() -> {
                try {
                    held.executor.execute(0, () -> { });
                } catch (RejectedExecutionException e) {
                    thrown.set(e);
                }
            });
            producer.start();
            awaitWaiting(producer);
            List<Runnable> neverRun = held.executor.shutdownNow();
            producer.join(SECONDS.toMillis(WAIT_S));
            assertFalse(producer.isAlive(), "the producer still waits after shutdownNow");
            assertTrue(thrown.get().getMessage().contains("shut down"), String.valueOf(thrown.get()));
            assertEquals(Held.CAPACITY, neverRun.size(), "shutdownNow returns the queued tasks");
        }
    }

    @Test
    void aWorkerSubmittingToItsOwnFullQueueDoesNotWaitForItself() throws Exception {
        KeyedExecutorService executor = LocusExecutors.builder(1).fixedRange(0, 9).queueCapacity(2)
                .rejectionHandler(RejectionHandler.block(Duration.ofMinutes(1))).build();
        AtomicInteger ran = new AtomicInteger();
        CountDownLatch submitted = new CountDownLatch(1);
        executor.execute(0, () -> {
            for (int i = 0; i < 10; i++) {
                executor.execute(0, ran::incrementAndGet);
            }
            submitted.countDown();
        });
        assertTrue(submitted.await(WAIT_S, SECONDS), "the worker waited for room only it could make");
        executor.shutdown();
        assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
        assertEquals(10, ran.get());
    }

    @Test
    void blockRejectsANegativeOrMissingTimeout() {
        assertThrows(IllegalArgumentException.class, () -> RejectionHandler.block(Duration.ofMillis(-1)));
        assertThrows(NullPointerException.class, () -> RejectionHandler.block(null));
    }

    /** Waits until {@code producer} is parked, in the executor's wait for room. */
    private static void awaitWaiting(Thread producer) throws InterruptedException {
        long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
        while (producer.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertEquals(Thread.State.TIMED_WAITING, producer.getState(), "the producer is not waiting for room");
    }

    /** A one-worker executor whose worker is held by a task while its queue of CAPACITY is full. */
    private static final class Held implements AutoCloseable {

        static final int CAPACITY = 2;

        final KeyedExecutorService executor;
        final CountDownLatch release = new CountDownLatch(1);

        private Held(RejectionHandler handler) {
            this.executor = LocusExecutors.builder(1).fixedRange(0, 9).queueCapacity(CAPACITY)
                    .rejectionHandler(handler).build();
        }

        static Held fullQueue(RejectionHandler handler) throws InterruptedException {
            Held held = new Held(handler);
            CountDownLatch started = new CountDownLatch(1);
            held.executor.execute(0, () -> {
                started.countDown();
                try {
                    held.release.await(WAIT_S, SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(started.await(WAIT_S, SECONDS));
            for (int i = 0; i < CAPACITY; i++) {
                held.executor.execute(0, () -> { });
            }
            return held;
        }

        /** Lets the holding task go and stops the executor (its own close() would wait for it). */
        @Override
        public void close() {
            release.countDown();
            executor.shutdownNow();
            executor.close();
        }
    }
}
