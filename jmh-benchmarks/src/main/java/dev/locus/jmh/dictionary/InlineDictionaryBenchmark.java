package dev.locus.jmh.dictionary;

import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.stm.TransactionalExecutor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * [Bai06] Figure 1a, "no executor": each JMH thread generates a dictionary transaction and runs
 * it itself, one at a time, so the thread count ({@code -t}) plays the worker count of
 * {@link DictionaryBenchmark}. Same transactions, contention manager and counters.
 */
public class InlineDictionaryBenchmark extends BenchmarkDefaults {

    @Benchmark
    public boolean hashTable(Setting setting, DictionaryProducer producer) throws Exception {
        return producer.runHere(setting.workload, setting.stm);
    }

    @Benchmark
    public boolean redBlackTree(Setting setting, DictionaryProducer producer) throws Exception {
        return producer.runHere(setting.workload, setting.stm);
    }

    @Benchmark
    public boolean sortedList(Setting setting, DictionaryProducer producer) throws Exception {
        return producer.runHere(setting.workload, setting.stm);
    }

    /** The distribution; the dictionary is the method's. */
    @State(Scope.Benchmark)
    public static class Setting {

        @Param({"uniform", "gaussian", "exponential"})
        public String distribution;

        DictionaryWorkload workload;
        final TransactionalExecutor stm = TransactionalExecutor.withoutExecutor().build();

        @Setup(Level.Trial)
        public void start(BenchmarkParams params) {
            workload = DictionaryWorkload.of(params, distribution);
        }

        @Setup(Level.Iteration)
        public void emptyDictionary() {
            workload.empty();
        }
    }
}
