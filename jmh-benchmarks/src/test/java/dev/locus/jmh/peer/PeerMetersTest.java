package dev.locus.jmh.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link PeerBenchmark}'s {@code meters} parameter: {@code simple} and {@code noop} run a locus
 * executor's tasks inside KeyedExecutorMetrics's timing and {@code none} runs them bare; the other implementations
 * refuse meters rather than run unmonitored under a monitored label.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PeerMetersTest {

    private static final long MAX_KEY = 99;

    @Test
    void simpleAndNoopTimeEveryLocusImplementationsTasksAndNoneDoesNot() throws Exception {
        for (PeerKind kind : new PeerKind[] {PeerKind.ROUND_ROBIN, PeerKind.FIXED_RANGE, PeerKind.ADAPTIVE,
                PeerKind.ADAPTIVE_PER_THREAD}) {
            assertTrue(runsInsideTheTiming(kind, PeerMeters.SIMPLE), kind + " with meters=simple");
            assertTrue(runsInsideTheTiming(kind, PeerMeters.NOOP), kind + " with meters=noop");
            assertTrue(!runsInsideTheTiming(kind, PeerMeters.NONE), kind + " with meters=none");
        }
    }

    @Test
    void theOtherImplementationsRefuseMeters() {
        for (PeerKind kind : new PeerKind[] {PeerKind.THREAD_POOL, PeerKind.FORK_JOIN, PeerKind.BOOKKEEPER,
                PeerKind.STRIPED}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> kind.start(2, MAX_KEY, PeerMeters.SIMPLE), kind.label());
            assertEquals("meters=simple monitors locus's executors, not " + kind.label(), e.getMessage());
        }
        assertEquals(PeerMeters.SIMPLE, PeerMeters.of("simple"));
        assertThrows(IllegalArgumentException.class, () -> PeerMeters.of("prometheus"));
    }

    /** Whether a task of {@code kind} with {@code meters} runs under KeyedExecutorMetrics's timing. */
    private static boolean runsInsideTheTiming(PeerKind kind, PeerMeters meters) throws Exception {
        PeerExecutor executor = kind.start(2, MAX_KEY, meters);
        AtomicBoolean timed = new AtomicBoolean();
        CountDownLatch ran = new CountDownLatch(1);
        executor.execute(7, () -> {
            timed.set(StackWalker.getInstance().walk(frames -> frames
                    .anyMatch(f -> f.getClassName().equals("dev.locus.metrics.TaskTiming"))));
            ran.countDown();
        });
        assertTrue(ran.await(10, TimeUnit.SECONDS), kind + " did not run the task");
        executor.stop();
        return timed.get();
    }
}
