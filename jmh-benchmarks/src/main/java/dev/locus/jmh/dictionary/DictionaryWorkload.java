package dev.locus.jmh.dictionary;

import dev.locus.stm.dictionary.DictionaryKind;
import dev.locus.stm.dictionary.KeyDistribution;
import dev.locus.stm.dictionary.TxnDictionary;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The dictionary a benchmark method works on, named by the method ({@code hashTable},
 * {@code redBlackTree}, {@code sortedList}), and the distribution its transaction keys come from.
 * Each measured iteration starts from an empty dictionary, as each of the paper's runs did (§5.2),
 * so every iteration measures the same regime; on the sorted list that regime depends on the
 * iteration time, because the list grows throughout.
 */
final class DictionaryWorkload {

    /** Dictionary keys are 16-bit ([Bai06] §5.2). */
    private static final int MAX_DICTIONARY_KEY = (1 << KeyDistribution.DICTIONARY_KEY_BITS) - 1;

    final KeyDistribution distribution;
    private final DictionaryKind kind;
    private final long maxRoutingKey;
    private TxnDictionary dictionary;

    DictionaryWorkload(DictionaryKind kind, KeyDistribution distribution) {
        this.kind = kind;
        this.distribution = distribution;
        this.dictionary = kind.create();
        long max = 0;
        for (int key = 0; key <= MAX_DICTIONARY_KEY; key++) {
            max = Math.max(max, dictionary.routingKey(key));
        }
        this.maxRoutingKey = max;
    }

    /** The workload of the benchmark method {@code params} names, with keys from {@code distribution}. */
    static DictionaryWorkload of(BenchmarkParams params, String distribution) {
        return new DictionaryWorkload(structureOf(params.getBenchmark()), KeyDistribution.of(distribution));
    }

    private static DictionaryKind structureOf(String benchmark) {
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        return switch (method) {
            case "hashTable" -> DictionaryKind.HASH_TABLE;
            case "redBlackTree" -> DictionaryKind.RED_BLACK_TREE;
            case "sortedList" -> DictionaryKind.SORTED_LIST;
            default -> throw new IllegalArgumentException("no dictionary for benchmark method " + method);
        };
    }

    /** Replaces the dictionary with an empty one; call only while no transaction is running. */
    void empty() {
        dictionary = kind.create();
    }

    TxnDictionary dictionary() {
        return dictionary;
    }

    /** The largest routing key of any dictionary key: the hash table's last bucket, else 65,535. */
    long maxRoutingKey() {
        return maxRoutingKey;
    }
}
