package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Threads that update one dictionary at once, each owning the keys congruent to its index modulo
 * the thread count. The owned keys interleave numerically, so the threads share nodes (and
 * transactions conflict), yet every answer and the final content are determined: each thread
 * replays its own operations on a private set, and the dictionary must end up holding the union.
 */
final class OwnedKeysWorkload {

    private final int threads;
    private final int operationsPerThread;
    private final int keysPerThread;

    /** Each thread applies {@code operationsPerThread} random operations to {@code keysPerThread} keys. */
    OwnedKeysWorkload(int threads, int operationsPerThread, int keysPerThread) {
        this.threads = threads;
        this.operationsPerThread = operationsPerThread;
        this.keysPerThread = keysPerThread;
    }

    /**
     * Runs {@code rounds} rounds, each on a new dictionary from {@code dictionaries}, and checks
     * every answer and the result; {@code name} labels failures.
     */
    void run(Supplier<TxnDictionary> dictionaries, String name, Transactions transactions, int rounds, long seed)
            throws Exception {
        runRounds(dictionaries, name, transactions, rounds, seed, () -> false);
    }

    /**
     * Like {@link #run}, but stops after the first round in which a transaction aborted.
     *
     * @return the number of rounds run
     */
    int runUntilAborted(Supplier<TxnDictionary> dictionaries, String name, Transactions transactions,
            int maxRounds, long seed) throws Exception {
        return runRounds(dictionaries, name, transactions, maxRounds, seed, () -> transactions.aborts() > 0);
    }

    private int runRounds(Supplier<TxnDictionary> dictionaries, String name, Transactions transactions,
            int maxRounds, long seed, BooleanSupplier done) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            int round = 0;
            while (round < maxRounds && !done.getAsBoolean()) {
                TxnDictionary dictionary = dictionaries.get();
                CyclicBarrier start = new CyclicBarrier(threads);
                List<Future<Set<Integer>>> owned = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    long threadSeed = seed + round * (long) threads + t;
                    int owner = t;
                    owned.add(pool.submit(() -> {
                        start.await();
                        return replay(dictionary, transactions, owner, threadSeed);
                    }));
                }
                Set<Integer> expected = new TreeSet<>();
                for (Future<Set<Integer>> keys : owned) {
                    expected.addAll(unwrap(keys));
                }
                DictionaryChecks.assertHolds(expected, dictionary, name + ", seed " + seed + ", round " + round);
                round++;
            }
            return round;
        } finally {
            pool.shutdownNow();
        }
    }

    private Set<Integer> replay(TxnDictionary dictionary, Transactions transactions, int owner, long seed) {
        Random random = new Random(seed);
        Set<Integer> model = new TreeSet<>();
        for (int i = 0; i < operationsPerThread; i++) {
            Op op = Op.random(random);
            int key = threads * (random.nextInt(keysPerThread) - keysPerThread / 2) + owner;
            boolean expected = op.on(model, key);
            assertEquals(expected, transactions.run(op, dictionary, key),
                    () -> "thread seed " + seed + ": " + op + " " + key);
        }
        return model;
    }

    private static Set<Integer> unwrap(Future<Set<Integer>> result) throws Exception {
        try {
            return result.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error) {
                throw (Error) e.getCause(); // a failed assertion in a thread
            }
            throw (Exception) e.getCause();
        }
    }
}
