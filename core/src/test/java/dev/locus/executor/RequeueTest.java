package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** A running task goes back behind its worker's queue: order, refusals, capacity, and no loss. */
class RequeueTest {

    @Test
    void aRequeuedTaskRunsAgainAfterTheTasksQueuedBehindIt() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        boolean[] accepted = new boolean[1];
        try (KeyedExecutorService executor = LocusExecutors.builder(1).fixedRange(0, 9).queueCapacity(1).build()) {
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Runnable twice = new Runnable() {
                private boolean again;

                @Override
                public void run() {
                    if (again) {
                        order.add("T again");
                        done.countDown();
                        return;
                    }
                    order.add("T");
                    again = true;
                    started.countDown();
                    await(release);
                    accepted[0] = executor.requeue(3, this);
                }
            };
            executor.execute(3, twice);
            assertTrue(started.await(10, TimeUnit.SECONDS));
            executor.execute(3, () -> order.add("U")); // fills the capacity of 1
            release.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS));
        }
        assertTrue(accepted[0], "a full queue still takes back a task it accepted before");
        assertEquals(List.of("T", "U", "T again"), order);
    }

    @Test
    void requeueIsRefusedOffTheWorkersAndOnceShutdownHasBegun() throws Exception {
        KeyedExecutorService executor = LocusExecutors.roundRobin(1);
        assertFalse(executor.requeue(1, () -> { }), "not called from a worker");
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch shutDown = new CountDownLatch(1);
        boolean[] accepted = {true};
        executor.execute(1, () -> {
            running.countDown();
            await(shutDown);
            accepted[0] = executor.requeue(1, () -> { });
        });
        assertTrue(running.await(10, TimeUnit.SECONDS));
        executor.shutdown();
        shutDown.countDown();
        assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        assertFalse(accepted[0], "refused after shutdown");
        assertEquals(1, executor.stats().executed());
    }

    /** Tasks re-queue themselves a random number of times while shutdownNow strikes. */
    @Test
    void noTaskIsLostOrDoubledWhenRequeueRacesShutdownNow() throws Exception {
        SplittableRandom random = new SplittableRandom(42);
        for (int round = 0; round < 50; round++) {
            int tasks = 2_000;
            AtomicIntegerArray finished = new AtomicIntegerArray(tasks);
            KeyedExecutorService executor = LocusExecutors.builder(2).fixedRange(0, tasks).build();
            for (int id = 0; id < tasks; id++) {
                executor.execute(id, new Bouncing(executor, id, random.nextInt(4), finished));
            }
            Thread.sleep(random.nextInt(3));
            List<Runnable> returned = executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
            int[] seen = new int[tasks];
            for (Runnable r : returned) {
                seen[((Bouncing) r).id]++;
            }
            for (int id = 0; id < tasks; id++) {
                int outcomes = seen[id] + finished.get(id);
                assertEquals(1, outcomes, "round " + round + ": task " + id + " finished " + finished.get(id)
                        + " times and came back " + seen[id] + " times");
            }
        }
    }

    /** Finishes after re-queueing itself {@code bounces} times, or at once when refused. */
    private static final class Bouncing implements Runnable {
        final int id;
        private final KeyedExecutorService executor;
        private final AtomicIntegerArray finished;
        private int bounces;

        Bouncing(KeyedExecutorService executor, int id, int bounces, AtomicIntegerArray finished) {
            this.executor = executor;
            this.id = id;
            this.bounces = bounces;
            this.finished = finished;
        }

        @Override
        public void run() {
            if (bounces > 0) {
                bounces--;
                if (executor.requeue(id, this)) {
                    return;
                }
            }
            finished.incrementAndGet(id);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
