package dev.locus.metrics;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.ObjectKeyedExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What an application without Micrometer does with locus: build the executors, submit by long and
 * object keys, read the stats, shut down. {@link MicrometerIsOptionalTest} runs it in a class
 * loader that has no Micrometer.
 */
public final class WithoutMicrometer implements Supplier<String> {

    @Override
    public String get() {
        StringBuilder out = new StringBuilder();
        for (KeyedExecutorService executor : new KeyedExecutorService[] {
                LocusExecutors.roundRobin(2), LocusExecutors.fixedRange(2, 0, 99),
                LocusExecutors.builder(2).registerMBean(true).build()}) {
            try {
                ObjectKeyedExecutor<String> byName = executor.keyedByHash();
                int total = 0;
                for (int i = 0; i < 100; i++) {
                    total += executor.submit(i, () -> 1).get(10, TimeUnit.SECONDS);
                    total += byName.submit("key-" + i, () -> 1).get(10, TimeUnit.SECONDS);
                }
                executor.shutdown();
                if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException(executor + " did not terminate");
                }
                out.append(total).append(' ').append(executor.stats().executed()).append(';');
            } catch (Exception e) {
                throw new IllegalStateException(e);
            } finally {
                executor.shutdownNow();
            }
        }
        return out.toString();
    }
}
