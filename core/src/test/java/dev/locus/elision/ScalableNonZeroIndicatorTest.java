package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/** The indicator is non-zero while anyone is inside and zero once everybody has left, under races. */
class ScalableNonZeroIndicatorTest {

    @Test
    void nonZeroWhileAnyoneIsInside() {
        ScalableNonZeroIndicator snzi = new ScalableNonZeroIndicator();
        assertFalse(snzi.isNonZero());
        int a = snzi.arrive();
        int b = snzi.arrive();
        assertTrue(snzi.isNonZero());
        snzi.depart(a);
        assertTrue(snzi.isNonZero(), "one is still inside");
        snzi.depart(b);
        assertFalse(snzi.isNonZero());
    }

    @Test
    void racingArrivalsAndDeparturesLeaveItZeroAndHoldItNonZero() throws Exception {
        ScalableNonZeroIndicator snzi = new ScalableNonZeroIndicator();
        int threads = 4;
        CyclicBarrier inside = new CyclicBarrier(threads + 1);
        CyclicBarrier leave = new CyclicBarrier(threads + 1);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(new Thread(() -> {
                try {
                    for (int round = 0; round < 20; round++) {
                        for (int i = 0; i < 2_000; i++) {
                            snzi.depart(snzi.arrive());
                        }
                        int held = snzi.arrive();
                        inside.await();
                        leave.await();
                        snzi.depart(held);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (int round = 0; round < 20; round++) {
            inside.await();
            assertTrue(snzi.isNonZero(), "every thread is inside in round " + round);
            leave.await();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertFalse(snzi.isNonZero(), "everybody left");
    }
}
