package dev.locus.jmh.dictionary;

import dev.locus.jmh.Batch;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.ExecutorKind;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.stm.TransactionalExecutor;
import dev.locus.stm.dictionary.KeyDistribution;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * [Bai06] Figure 9, executor overhead: empty transactions run by an executor with k workers, fed
 * by six producers ({@link #executor}), against k threads running empty transactions in a loop
 * ({@link #loop}, with {@code -t k}). Both go through the STM adapter, so the difference is what
 * the executor adds: routing, queueing, hand-off and waking a worker.
 */
public class TransactionOverheadBenchmark extends BenchmarkDefaults {

    /** A transaction that touches nothing. */
    private static final TxnCallable<Object> EMPTY = txn -> null;

    @Benchmark
    @Threads(6)
    @OperationsPerInvocation(Batch.SIZE)
    public void executor(Workers workers, Producer producer) {
        for (int i = 0; i < Batch.SIZE; i++) {
            producer.batch.set(i, workers.dispatch.submit(producer.nextKey(), EMPTY));
        }
        producer.batch.await();
    }

    @Benchmark
    public Object loop(Alone alone, Producer producer) throws Exception {
        return alone.stm.call(producer.nextKey(), TransactionalExecutor.DEFAULT_TYPE, EMPTY);
    }

    /** The executor under test and its worker count k. */
    @State(Scope.Benchmark)
    public static class Workers {

        @Param({"roundRobin", "fixedRange", "adaptive", "threadPool", "forkJoin"})
        public String executor;

        @Param({"1", "2"})
        public int workers;

        TransactionDispatch dispatch;

        @Setup(Level.Trial)
        public void start() {
            dispatch = new TransactionDispatch(ExecutorKind.of(executor), workers, KeyDistribution.MAX_KEY);
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            dispatch.stop();
        }
    }

    /** Transactions without an executor, each on the thread that calls. */
    @State(Scope.Benchmark)
    public static class Alone {
        final TransactionalExecutor stm = TransactionalExecutor.withoutExecutor().build();
    }

    /** One thread's keys (uniform over the 17-bit space) and batch. */
    @State(Scope.Thread)
    public static class Producer {
        final Batch batch = new Batch();
        private final SplittableRandom random = new SplittableRandom(ThreadLocalRandom.current().nextLong());

        long nextKey() {
            return KeyDistribution.UNIFORM.next(random);
        }
    }
}
