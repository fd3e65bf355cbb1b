package dev.locus.executor.pool;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pool's own promises, apart from any executor: stop() waits for a worker inside its polling
 * window and keeps it out afterwards; a worker whose loop fails gets a new thread unless the pool
 * is stopping; termination comes once, after the last worker.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class WorkerPoolTest {

    private final AtomicInteger threadsMade = new AtomicInteger();
    private final AtomicInteger terminations = new AtomicInteger();
    /** Threads that swallow what kills them, so that a deliberate loop failure prints nothing. */
    private final ThreadFactory quiet = r -> {
        threadsMade.incrementAndGet();
        Thread t = new Thread(r, "pool-test-worker");
        t.setUncaughtExceptionHandler((thread, failure) -> { });
        return t;
    };

    private WorkerPool pool(PoolWorker worker) {
        return new WorkerPool(new PoolWorker[] {worker}, new PoolConfig("pool-test", quiet, false),
                terminations::incrementAndGet);
    }

    @Test
    void stopWaitsForAWorkerInsideItsWindowAndKeepsItOutAfterwards() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger windowsAfterStop = new AtomicInteger();
        PoolWorker worker = new TestWorker() {
            @Override
            protected void work() {
                if (!enterWindow()) {
                    return;
                }
                inside.countDown();
                awaitIgnoringInterrupts(release); // stop() interrupts the worker
                leaveWindow();
                if (enterWindow()) {
                    windowsAfterStop.incrementAndGet();
                    leaveWindow();
                }
            }
        };
        WorkerPool pool = pool(worker);
        pool.start(() -> { });
        assertTrue(inside.await(10, SECONDS));

        Thread stopper = new Thread(pool::stop, "pool-test-stopper");
        stopper.start();
        stopper.join(MILLISECONDS.toMillis(300));
        assertTrue(stopper.isAlive(), "stop() returned while the worker was inside its polling window");
        assertTrue(pool.stopping());

        release.countDown();
        stopper.join(SECONDS.toMillis(10));
        assertFalse(stopper.isAlive(), "stop() did not return after the worker left its window");
        assertTrue(pool.awaitTermination(10, SECONDS));
        assertEquals(0, windowsAfterStop.get(), "a worker entered its window after stop()");
        assertEquals(1, terminations.get());
    }

    @Test
    void aWorkerWhoseLoopFailsGetsANewThread() throws Exception {
        AtomicInteger loops = new AtomicInteger();
        WorkerPool pool = pool(new TestWorker() {
            @Override
            protected void work() {
                if (loops.incrementAndGet() == 1) {
                    throw new IllegalStateException("a bug in the loop");
                }
            }
        });
        pool.start(() -> { });
        assertTrue(pool.awaitTermination(10, SECONDS));
        assertEquals(2, loops.get());
        assertEquals(2, threadsMade.get());
        assertEquals(1, terminations.get());
    }

    @Test
    void aStoppingPoolReplacesNoFailedWorker() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        WorkerPool pool = pool(new TestWorker() {
            @Override
            protected void work() {
                running.countDown();
                while (!stopRequested()) {
                    Thread.onSpinWait();
                }
                throw new IllegalStateException("a bug in the loop, during shutdownNow");
            }
        });
        pool.start(() -> { });
        assertTrue(running.await(10, SECONDS));
        pool.stop();
        assertTrue(pool.awaitTermination(10, SECONDS));
        assertEquals(1, threadsMade.get());
        assertEquals(1, terminations.get());
    }

    private abstract static class TestWorker extends PoolWorker {

        TestWorker() {
            super(0, 0);
        }

        @Override
        protected boolean mayPark() {
            return false;
        }
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
        for (;;) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // the stop handshake's interrupt; this worker still holds its window
            }
        }
    }
}
