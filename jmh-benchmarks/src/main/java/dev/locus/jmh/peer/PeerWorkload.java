package dev.locus.jmh.peer;

import dev.locus.jmh.Completion;
import dev.locus.jmh.Labels;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

/**
 * The workloads of {@link PeerBenchmark}, by the label its {@code workload} parameter takes: which
 * keys a producer submits, and what the tasks do.
 */
enum PeerWorkload {

    /** Empty tasks on consecutive keys: each is the producer's one reusable task, nothing allocated. */
    EMPTY("empty", null),
    /** A counter increment per task, keys uniform over 10^5. */
    UNIFORM("uniform", KeyStream.UNIFORM),
    /** A counter increment per task, keys Zipf over 10^5. */
    ZIPF("zipf", KeyStream.ZIPF),
    /** A counter increment per task, keys exponential folded into 17 bits. */
    EXPONENTIAL("exponential", KeyStream.EXPONENTIAL),
    /** A read-modify-write of a per-key record per task, keys Zipf over 10^5. */
    PER_KEY_STATE("perKeyState", KeyStream.ZIPF);

    private final String label;
    /** Null for consecutive keys. */
    private final KeyStream stream;

    PeerWorkload(String label, KeyStream stream) {
        this.label = label;
        this.stream = stream;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static PeerWorkload of(String label) {
        return Labels.find(values(), PeerWorkload::label, label, "workload");
    }

    String label() {
        return label;
    }

    /** A producer's {@code count} keys, submitted in this order and then again from the first. */
    long[] keys(SplittableRandom random, int count) {
        return stream == null ? LongStream.range(0, count).map(i -> i & PeerBenchmark.MAX_KEY).toArray()
                : stream.draw(random, count);
    }

    /** The state this workload's tasks change under {@code kind}. */
    KeyedState state(PeerKind kind) {
        return switch (this) {
            case EMPTY -> new KeyedState() {
                @Override
                public Runnable task(long key, Completion completion) {
                    return completion.task();
                }

                @Override
                public void check(long completed) {
                    // The tasks change nothing; that each ran once, the completions show.
                }
            };
            case UNIFORM, ZIPF, EXPONENTIAL -> new CounterArray();
            case PER_KEY_STATE -> new KeyRecords(KeyStream.KEYS, !kind.keyedOrder());
        };
    }
}
