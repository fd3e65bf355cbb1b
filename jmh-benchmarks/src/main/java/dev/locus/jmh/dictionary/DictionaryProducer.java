package dev.locus.jmh.dictionary;

import dev.locus.jmh.Batch;
import dev.locus.multiverse.api.callables.TxnCallable;
import dev.locus.stm.TransactionalExecutor;
import dev.locus.stm.dictionary.KeyDistribution;
import dev.locus.stm.dictionary.TxnDictionary;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One benchmark thread generating [Bai06] dictionary transactions (§5.4): each draws a 17-bit
 * value from the distribution, whose first 16 bits are the dictionary key and whose last bit picks
 * insert or delete, and runs under the dictionary's routing key for that key.
 *
 * <p>Its one public field is a JMH auxiliary counter, reported beside the throughput as a rate:
 * the contention instances of this thread's transactions. [Bai06] counts one when a transaction
 * first meets a conflict and again each time the conflict is still there after back-off; in
 * Multiverse each of those is an aborted attempt, so a transaction's contention instances are its
 * attempts less the one that committed. Attempts are counted by the transaction body itself, so
 * they are this thread's own whichever worker ran them.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class DictionaryProducer {

    /** Aborted attempts of this thread's committed transactions, in the current iteration. */
    public long contentionInstances;

    private final LongAdder attempts = new LongAdder();
    private final Batch batch = new Batch();
    private final SplittableRandom random = new SplittableRandom(ThreadLocalRandom.current().nextLong());

    @Setup(Level.Iteration)
    public void resetCounter() {
        contentionInstances = 0;
    }

    /** Submits a batch of transactions to {@code dispatch} and waits until all have committed. */
    void submitBatch(DictionaryWorkload workload, TransactionDispatch dispatch) {
        TxnDictionary dictionary = workload.dictionary();
        long before = attempts.sum();
        for (int i = 0; i < Batch.SIZE; i++) {
            long value = workload.distribution.next(random);
            int key = KeyDistribution.dictionaryKey(value);
            batch.set(i, dispatch.submit(dictionary.routingKey(key), transaction(dictionary, value)));
        }
        batch.await();
        contentionInstances += attempts.sum() - before - Batch.SIZE;
    }

    /** Runs one transaction on this thread, without an executor ([Bai06], Figure 1a). */
    boolean runHere(DictionaryWorkload workload, TransactionalExecutor stm) throws Exception {
        TxnDictionary dictionary = workload.dictionary();
        long value = workload.distribution.next(random);
        long before = attempts.sum();
        boolean changed = stm.call(dictionary.routingKey(KeyDistribution.dictionaryKey(value)),
                TransactionalExecutor.DEFAULT_TYPE, transaction(dictionary, value));
        contentionInstances += attempts.sum() - before - 1;
        return changed;
    }

    private TxnCallable<Boolean> transaction(TxnDictionary dictionary, long value) {
        int key = KeyDistribution.dictionaryKey(value);
        if (KeyDistribution.isInsert(value)) {
            return txn -> {
                attempts.increment();
                return dictionary.insert(txn, key);
            };
        }
        return txn -> {
            attempts.increment();
            return dictionary.delete(txn, key);
        };
    }
}
