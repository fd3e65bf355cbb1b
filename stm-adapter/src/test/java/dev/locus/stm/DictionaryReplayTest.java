package dev.locus.stm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.ContentionManagers;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.stm.dictionary.DictionaryKind;
import dev.locus.stm.dictionary.TxnDictionary;
import dev.locus.stm.dictionary.TxnHashTable;
import dev.locus.stm.dictionary.TxnRedBlackTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each dictionary on each executor, four producers applying random
 * insert/delete mixes, ends with exactly the contents of a sequential replay, and every operation
 * answers as it did in the replay.
 *
 * <p>The key partitioning that makes the outcome determined: producer {@code p} owns the keys
 * {@code k ≡ p (mod 4)}, which interleave numerically with the other producers' keys, so the
 * producers share buckets, subtrees and list stretches and their transactions do conflict. Only the
 * order of operations on one key matters, and it is fixed: the key-range executors run one
 * producer's tasks of a routing key in submission order; on round-robin, which promises no order,
 * a producer waits for its previous operation on a key before it submits the next.
 */
class DictionaryReplayTest {

    private static final int PRODUCERS = 4;
    private static final int WORKERS = 4;
    private static final int OPERATIONS_PER_PRODUCER = 1_500;
    private static final int KEY_SPACE = 512;
    private static final int ROUNDS = 2;

    static Stream<Arguments> dictionariesTimesExecutors() {
        Map<String, IntFunction<KeyedExecutorService>> executors = Map.of(
                "roundRobin", LocusExecutors::roundRobin,
                "fixedRange", w -> LocusExecutors.fixedRange(w, 0, KEY_SPACE - 1),
                "adaptive", w -> LocusExecutors.adaptive(w, AdaptiveRangeRouter.Settings.defaults()
                        .warmupRange(0, KEY_SPACE - 1).confidenceThreshold(1_000)));
        Map<String, Supplier<TxnDictionary>> dictionaries = new LinkedHashMap<>();
        for (DictionaryKind kind : DictionaryKind.values()) {
            dictionaries.put(kind.name(), kind::create);
        }
        // Few buckets, so that the producers' keys share chains and hash-table transactions conflict.
        dictionaries.put("HASH_TABLE with 61 buckets", () -> new TxnHashTable(61));
        return dictionaries.entrySet().stream().flatMap(d -> executors.entrySet().stream()
                .map(e -> Arguments.of(d.getKey(), d.getValue(), e.getKey(), e.getValue())));
    }

    @ParameterizedTest(name = "{0} on {2}")
    @MethodSource("dictionariesTimesExecutors")
    void endsAsTheSequentialReplay(String dictionaryName, Supplier<TxnDictionary> dictionaries,
                                   String executorName, IntFunction<KeyedExecutorService> executors)
            throws Exception {
        boolean ordered = !executorName.equals("roundRobin");
        for (int round = 0; round < ROUNDS; round++) {
            SplittableRandom random = new SplittableRandom(round * 31L + dictionaryName.hashCode());
            TxnDictionary dictionary = dictionaries.get();
            TreeSet<Integer> expected = new TreeSet<>();
            try (KeyedExecutorService workers = executors.apply(WORKERS)) {
                TransactionalExecutor stm = TransactionalExecutor.on(workers)
                        .contentionManager(round % 2 == 0 ? ContentionManagers.polka() : ContentionManagers.serializePark())
                        .build();
                List<Producer> producers = new ArrayList<>();
                for (int p = 0; p < PRODUCERS; p++) {
                    producers.add(new Producer(p, random.split(), stm, dictionary, ordered));
                }
                producers.forEach(Thread::start);
                for (Producer producer : producers) {
                    producer.join(TimeUnit.SECONDS.toMillis(60));
                    producer.verify();
                    expected.addAll(producer.replay);
                }
                System.out.printf("%s on %s, round %d: %s%n", dictionaryName, executorName, round, stm.stats().total());
            }
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), dictionary.keys());
            if (dictionary instanceof TxnRedBlackTree tree) {
                assertTrue(tree.checkInvariants() > 0, "black height");
            }
        }
    }

    /** Submits one producer's operations and replays them sequentially on its own keys. */
    private static final class Producer extends Thread {
        final TreeSet<Integer> replay = new TreeSet<>();
        private final int index;
        private final SplittableRandom random;
        private final TransactionalExecutor stm;
        private final TxnDictionary dictionary;
        private final boolean ordered;
        private final List<Future<Boolean>> answers = new ArrayList<>();
        private final List<Boolean> expectedAnswers = new ArrayList<>();
        private Throwable failure;

        Producer(int index, SplittableRandom random, TransactionalExecutor stm, TxnDictionary dictionary,
                 boolean ordered) {
            super("producer-" + index);
            this.index = index;
            this.random = random;
            this.stm = stm;
            this.dictionary = dictionary;
            this.ordered = ordered;
        }

        @Override
        public void run() {
            try {
                Map<Integer, Future<Boolean>> lastOnKey = new HashMap<>();
                for (int i = 0; i < OPERATIONS_PER_PRODUCER; i++) {
                    int key = random.nextInt(KEY_SPACE / PRODUCERS) * PRODUCERS + index;
                    boolean insert = random.nextBoolean();
                    Future<Boolean> previous = lastOnKey.get(key);
                    if (!ordered && previous != null) {
                        previous.get(60, TimeUnit.SECONDS);
                    }
                    Future<Boolean> answer = stm.submit(dictionary.routingKey(key),
                            txn -> insert ? dictionary.insert(txn, key) : dictionary.delete(txn, key));
                    lastOnKey.put(key, answer);
                    answers.add(answer);
                    expectedAnswers.add(insert ? replay.add(key) : replay.remove(key));
                }
            } catch (Throwable t) {
                failure = t;
            }
        }

        void verify() throws Exception {
            assertNull(failure, getName() + " failed");
            for (int i = 0; i < answers.size(); i++) {
                assertEquals(expectedAnswers.get(i), answers.get(i).get(60, TimeUnit.SECONDS),
                        getName() + ", operation " + i);
            }
        }
    }
}
