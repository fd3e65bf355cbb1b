package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statistical counter is exact for few events and within a few percent for many, under contention. */
class ProbabilisticCounterTest {

    @Test
    void exactBelowItsMantissaLimit() {
        ProbabilisticCounter c = new ProbabilisticCounter();
        for (int i = 1; i <= 4095; i++) {
            c.increment();
            assertEquals(i, c.get());
        }
    }

    @Test
    void withinFivePercentFedByEachThreadsOwnGenerator() throws InterruptedException {
        ProbabilisticCounter c = new ProbabilisticCounter();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            ts.add(new Thread(() -> {
                ThreadState state = new ThreadState();
                for (int i = 0; i < 500_000; i++) {
                    c.increment(state.nextRandom());
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        double error = Math.abs(c.get() - 2_000_000.0) / 2_000_000;
        assertTrue(error < 0.05, "estimate " + c.get() + " is " + error * 100 + "% off");
    }

    @Test
    void countersThatShareACoinStayAccurate() {
        ModeStats stats = new ModeStats();
        ThreadState state = new ThreadState();
        for (int i = 0; i < 1_000_000; i++) {
            stats.attempted(true, -1, state.nextRandom());
            stats.attempted(false, -1, state.nextRandom());
        }
        assertTrue(Math.abs(stats.attempts() - 2_000_000.0) / 2_000_000 < 0.05, "attempts " + stats.attempts());
        double rate = (double) stats.successes() / stats.attempts();
        assertTrue(Math.abs(rate - 0.5) < 0.05, "success rate " + rate);
    }

    @Test
    void withinFivePercentAfterTwoMillionEventsFromFourThreads() throws InterruptedException {
        int threads = 4;
        int each = 500_000;
        ProbabilisticCounter c = new ProbabilisticCounter();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(new Thread(() -> {
                for (int i = 0; i < each; i++) {
                    c.increment();
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        double error = Math.abs(c.get() - (double) threads * each) / (threads * each);
        assertTrue(error < 0.05, "estimate " + c.get() + " is " + error * 100 + "% off");
    }
}
