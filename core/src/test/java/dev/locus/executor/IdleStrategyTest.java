package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The rounds of an idle spell: spins, then yields, then parks. */
class IdleStrategyTest {

    @Test
    void spinsThenYieldsThenParksEveryRoundAfter() {
        IdleStrategy strategy = IdleStrategy.spinYieldPark(2, 3);
        AtomicInteger parks = new AtomicInteger();
        Runnable park = parks::incrementAndGet;
        for (int round = 0; round < 5; round++) {
            assertEquals(round + 1, strategy.idle(round, park));
        }
        assertEquals(0, parks.get(), "parked before the spins and yields were over");
        assertEquals(5, strategy.idle(5, park));
        assertEquals(5, strategy.idle(5, park));
        assertEquals(2, parks.get());
    }

    @Test
    void parkImmediatelyParksFromTheFirstRound() {
        AtomicInteger parks = new AtomicInteger();
        assertEquals(0, IdleStrategy.parkImmediately().idle(0, parks::incrementAndGet));
        assertEquals(1, parks.get());
    }
}
