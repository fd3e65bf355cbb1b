package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What {@code execute(long, Runnable)} allocates on the submitting thread, read from the JVM's
 * per-thread allocation counter (bytes, not time, so the machine's load does not matter): nothing
 * on the fixed and round-robin routers, nothing on the adaptive one between re-partitions, and on
 * keys that sweep the key space, which the adaptive router re-partitions for now and then (each
 * time copying its sample window), at most 16 bytes a task. The producer waits for each batch as a
 * server's request threads would, so that the queues recycle their chunks instead of growing.
 */
class SubmissionAllocationTest {

    private static final int BATCH = 1_000;
    private static final int WARM_UP_BATCHES = 300;
    private static final int MEASURED_BATCHES = 1_000;
    private static final long MAX_KEY = (1 << 17) - 1;

    static Arguments[] executors() {
        Supplier<KeyedExecutorService> adaptive = () -> LocusExecutors.adaptive(2,
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, MAX_KEY));
        return new Arguments[] {
            Arguments.of("roundRobin", (Supplier<KeyedExecutorService>) () -> LocusExecutors.roundRobin(2), false, 0.5),
            Arguments.of("fixedRange", (Supplier<KeyedExecutorService>) () -> LocusExecutors.fixedRange(2, 0, MAX_KEY),
                    false, 0.5),
            Arguments.of("adaptive", adaptive, false, 0.5),
            Arguments.of("adaptive", adaptive, true, 16.0),
        };
    }

    @ParameterizedTest(name = "{0}, consecutive keys: {2}")
    @MethodSource("executors")
    void executeAllocatesAtMostThisPerTask(String name, Supplier<KeyedExecutorService> factory, boolean consecutive,
                                           double bytesPerTask) throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] keys = consecutive ? LongStream.rangeClosed(0, MAX_KEY).toArray()
                : new SplittableRandom(7).longs(MAX_KEY + 1, 0, MAX_KEY + 1).toArray();
        KeyedExecutorService executor = factory.get();
        AtomicLong completed = new AtomicLong();
        Runnable task = completed::incrementAndGet;
        try {
            long submitted = submit(executor, keys, task, completed, 0, WARM_UP_BATCHES);
            long before = threads.getCurrentThreadAllocatedBytes();
            long measuredFrom = submitted;
            submitted = submit(executor, keys, task, completed, submitted, MEASURED_BATCHES);
            double perTask = (double) (threads.getCurrentThreadAllocatedBytes() - before) / (submitted - measuredFrom);
            assertTrue(perTask <= bytesPerTask, name + ": " + perTask + " bytes allocated per execute(long, Runnable), "
                    + executor.stats().repartitions() + " re-partitions");
        } finally {
            executor.shutdownNow();
            assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private static long submit(KeyedExecutorService executor, long[] keys, Runnable task, AtomicLong completed,
                               long submitted, int batches) {
        for (int b = 0; b < batches; b++) {
            for (int i = 0; i < BATCH; i++) {
                executor.execute(keys[(int) (submitted + i) & (keys.length - 1)], task);
            }
            submitted += BATCH;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (completed.get() < submitted) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError((submitted - completed.get()) + " tasks never ran");
                }
                Thread.onSpinWait();
            }
        }
        return submitted;
    }
}
