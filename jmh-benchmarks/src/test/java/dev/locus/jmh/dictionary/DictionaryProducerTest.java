package dev.locus.jmh.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.Batch;
import dev.locus.jmh.ExecutorKind;
import dev.locus.stm.ContentionStats;
import dev.locus.stm.dictionary.DictionaryKind;
import dev.locus.stm.dictionary.KeyDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The contention instances the dictionary suites report are the aborts the STM adapter counted
 * through Multiverse's listener, and each batch commits every transaction it submitted.
 */
class DictionaryProducerTest {

    @Test
    @Timeout(60)
    void contentionInstancesAreTheAdaptersAborts() throws InterruptedException {
        // Round-robin sends neighbouring keys of a small exponential list to both workers: aborts.
        DictionaryWorkload workload = new DictionaryWorkload(DictionaryKind.SORTED_LIST, KeyDistribution.EXPONENTIAL);
        TransactionDispatch dispatch = new TransactionDispatch(ExecutorKind.ROUND_ROBIN, 2, workload.maxRoutingKey());
        DictionaryProducer producer = new DictionaryProducer();
        try {
            producer.resetCounter();
            int batches = 0;
            while (batches < 200 && (batches < 5 || producer.contentionInstances == 0)) {
                producer.submitBatch(workload, dispatch);
                batches++;
            }
            ContentionStats.Counts total = dispatch.stats().total();
            assertEquals((long) batches * Batch.SIZE, total.commits(), "commits");
            assertEquals(total.aborts(), producer.contentionInstances, "contention instances against adapter aborts");
            assertTrue(producer.contentionInstances > 0, "no contention in " + batches + " batches");
        } finally {
            dispatch.stop();
        }
    }

    @Test
    void routingSpanIsTheLastBucketForTheHashTableAndTheKeySpaceOtherwise() {
        assertEquals(30_030, new DictionaryWorkload(DictionaryKind.HASH_TABLE, KeyDistribution.UNIFORM).maxRoutingKey());
        assertEquals(65_535, new DictionaryWorkload(DictionaryKind.SORTED_LIST, KeyDistribution.UNIFORM).maxRoutingKey());
    }
}
