package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The in-flight cells when producers share stripes: threads created one after another get
 * consecutive ids, so with three times as many producers as cells every cell is some producers'
 * first choice, and most of them must probe or wait for a free cell.
 */
class InFlightIndicatorTest {

    @Test
    void producersBeyondTheCellsWaitForOneAndThePublisherWaitsForAll() throws Exception {
        InFlightIndicator indicator = new InFlightIndicator();
        int producers = 3 * InFlightIndicator.CELLS;
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger mostInside = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        CountDownLatch cellsTaken = new CountDownLatch(InFlightIndicator.CELLS);
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            threads.add(new Thread(() -> {
                indicator.enter();
                mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                cellsTaken.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                inside.decrementAndGet();
                indicator.exit();
                done.incrementAndGet();
            }));
        }
        threads.forEach(Thread::start);
        assertTrue(cellsTaken.await(10, TimeUnit.SECONDS), "producers could not take every cell");

        Thread publisher = new Thread(indicator::awaitQuiescence);
        publisher.start();
        publisher.join(200);
        assertTrue(publisher.isAlive(), "the publisher stopped waiting while producers were inside");
        assertEquals(InFlightIndicator.CELLS, inside.get(), "producers inside while every cell is held");

        release.countDown();
        for (Thread t : threads) {
            t.join(10_000);
            assertFalse(t.isAlive(), "a producer never got a cell, or never found its own to leave");
        }
        publisher.join(10_000);
        assertFalse(publisher.isAlive(), "the publisher still waits after every producer left");
        assertEquals(producers, done.get());
        assertEquals(InFlightIndicator.CELLS, mostInside.get(), "more producers inside than cells");
    }
}
