package dev.locus.jmh.dictionary;

import dev.locus.jmh.Batch;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.ExecutorKind;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * [Bai06] §5 (Figures 3–8): transactions/s and contention instances of the three dictionaries
 * under each executor, for each key distribution and worker count.
 */
public class DictionaryBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   The JMH threads are the paper's producers (§5.1): four, eight for the hash table, whose
     *   transactions are too short for four to keep the workers busy. Each operation submits a
     *   Batch of transactions through the executor under test and waits until all have committed,
     *   so the score is committed transactions per second. The workers are the executor's; the
     *   contention manager is the STM adapter's default, Polka, as in the paper (§5.3).
     *
     *   The executors are the paper's three (roundRobin, fixedRange, adaptive), the adaptive one
     *   balanced by transaction time (adaptiveCost), and ThreadPoolExecutor and ForkJoinPool with
     *   the same number of threads. The key-based ones route by the dictionary's routing key:
     *   the bucket for the hash table, the key itself for the tree and the list (§5.2); the fixed
     *   ranges and the adaptive warm-up split [0, largest routing key].
     *
     *   The "no executor" of Figure 1a is InlineDictionaryBenchmark.
     *
     * Concurrency
     *   Workload and executor are shared by all producers (Scope.Benchmark). The dictionary is
     *   replaced at each iteration's start, when no transaction is in flight: every producer's
     *   last batch completed before the iteration ended.
     *
     * References
     *   [Bai06] §§5.1–5.4.
     */

    @Benchmark
    @Threads(8)
    @OperationsPerInvocation(Batch.SIZE)
    public void hashTable(Setting setting, DictionaryProducer producer) {
        producer.submitBatch(setting.workload, setting.dispatch);
    }

    @Benchmark
    @Threads(4)
    @OperationsPerInvocation(Batch.SIZE)
    public void redBlackTree(Setting setting, DictionaryProducer producer) {
        producer.submitBatch(setting.workload, setting.dispatch);
    }

    @Benchmark
    @Threads(4)
    @OperationsPerInvocation(Batch.SIZE)
    public void sortedList(Setting setting, DictionaryProducer producer) {
        producer.submitBatch(setting.workload, setting.dispatch);
    }

    /** The distribution, the executor and its worker count; the dictionary is the method's. */
    @State(Scope.Benchmark)
    public static class Setting {

        @Param({"uniform", "gaussian", "exponential"})
        public String distribution;

        @Param({"roundRobin", "fixedRange", "adaptive", "adaptiveCost", "threadPool", "forkJoin"})
        public String executor;

        @Param({"1", "2"})
        public int workers;

        DictionaryWorkload workload;
        TransactionDispatch dispatch;

        @Setup(Level.Trial)
        public void start(BenchmarkParams params) {
            workload = DictionaryWorkload.of(params, distribution);
            dispatch = new TransactionDispatch(ExecutorKind.of(executor), workers, workload.maxRoutingKey());
        }

        @Setup(Level.Iteration)
        public void emptyDictionary() {
            workload.empty();
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            dispatch.stop();
        }
    }
}
