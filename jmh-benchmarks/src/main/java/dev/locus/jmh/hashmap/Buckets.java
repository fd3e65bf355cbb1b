package dev.locus.jmh.hashmap;

/** [Dice14] §5.1's bucket count, and which bucket a key hashes to; shared by both table layouts. */
final class Buckets {

    /** 1,024 buckets, as in the paper's experiments. */
    static final int COUNT = 1024;

    private Buckets() {
    }

    /** The paper's {@code hashedKey % numBuckets}, with the key as its own hash; keys are non-negative. */
    static int of(int key) {
        return key % COUNT;
    }
}
